package org.redisbench.valueformat.starter.shop;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import org.springframework.cache.annotation.CachePut;
import org.springframework.cache.annotation.Cacheable;
import org.springframework.stereotype.Service;

/**
 * The shop's orders, cached in Redis by Spring Cache under {@code orders::<id>}: an order built counts, so that a test
 * tells an order read from the cache from one built again.
 */
@Service
public class Orders {

	public static final String CACHE = "orders";

	private final AtomicInteger built = new AtomicInteger();

	@Cacheable(CACHE)
	public Order order(long id) {
		this.built.incrementAndGet();
		return build(id);
	}

	/** Builds the order again and caches it in place of what was cached. */
	@CachePut(CACHE)
	public Order refresh(long id) {
		this.built.incrementAndGet();
		return build(id);
	}

	/** How many orders were built rather than read from the cache. */
	public int built() {
		return this.built.get();
	}

	/** The order of this id, the same on every call. */
	public static Order build(long id) {
		List<OrderLine> lines = new ArrayList<>();
		for (int line = 1; line <= 1 + id % 4; line++) {
			lines.add(new OrderLine("SKU-" + (id * 7 + line) % 1000, line, new BigDecimal(id % 90 + 9 + ".9" + line)));
		}
		BigDecimal total = lines.stream()
			.map((line) -> line.unitPrice().multiply(BigDecimal.valueOf(line.quantity())))
			.reduce(BigDecimal.ZERO, BigDecimal::add);
		return new Order(id, "customer-" + id % 37, Instant.ofEpochSecond(1_764_000_000L + id * 3_600), lines, total);
	}

}
