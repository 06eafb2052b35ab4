package org.redisbench.valueformat.starter.shop;

import java.io.Serializable;
import java.math.BigDecimal;

public record OrderLine(String sku, int quantity, BigDecimal unitPrice) implements Serializable {
}
