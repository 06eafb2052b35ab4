package org.redisbench.corpus.shop;

import org.springframework.cache.annotation.Cacheable;
import org.springframework.stereotype.Service;

/**
 * The shop's order service, its answers cached in Redis by Spring Cache: the first call for an id builds the order
 * (where a real service would query its database) and Spring stores it under {@code orders::<id>}, serialized by
 * whatever the cache manager is configured with.
 */
@Service
public class Orders {

	/** The cache's name, and so its keys' prefix. */
	public static final String CACHE = "orders";

	private final Shop shop;

	public Orders(Shop shop) {
		this.shop = shop;
	}

	@Cacheable(CACHE)
	public Order order(long id) {
		return this.shop.order(id);
	}

}
