package org.redisbench.corpus.shop;

import java.io.Serializable;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * An order as a shop's service returns it and Spring Cache stores it: nested collections of other records (a
 * list, a map and a set), {@code java.time}, {@code BigDecimal} and an enum, the kinds of field that decide
 * what an encoding can carry and what it costs.
 *
 * @param addresses by role: {@code billing}, and {@code shipping} when it differs
 * @param handling  how long it took from payment to the parcel leaving the warehouse
 */
public record Order(long id, String number, String customer, String email, OrderStatus status, Instant placedAt,
		LocalDate deliveryDate, Duration handling, BigDecimal total, List<OrderLine> lines,
		Map<String, Address> addresses, Set<Promotion> promotions) implements Serializable {
}
