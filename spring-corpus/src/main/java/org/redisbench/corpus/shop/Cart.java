package org.redisbench.corpus.shop;

import java.io.Serializable;
import java.time.Instant;
import java.util.List;

/** What a shopper's session holds before checkout. */
public record Cart(List<OrderLine> lines, String currency, Instant updatedAt) implements Serializable {
}
