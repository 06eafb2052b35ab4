package org.redisbench.valueformat.starter.shop;

import java.io.Serializable;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

/** An order as the shop's service returns it and Spring Cache stores it. */
public record Order(long id, String customer, Instant placedAt, List<OrderLine> lines, BigDecimal total)
		implements Serializable {
}
