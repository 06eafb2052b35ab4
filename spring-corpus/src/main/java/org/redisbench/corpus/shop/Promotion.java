package org.redisbench.corpus.shop;

import java.io.Serializable;
import java.math.BigDecimal;

/** A code an order was placed with, and the share of its amount it took off. */
public record Promotion(String code, BigDecimal percentOff) implements Serializable {
}
