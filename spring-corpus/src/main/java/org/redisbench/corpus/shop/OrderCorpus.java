package org.redisbench.corpus.shop;

import org.redisbench.corpus.Corpus;

import org.springframework.cache.CacheManager;
import org.springframework.data.redis.cache.RedisCache;
import org.springframework.stereotype.Component;

/**
 * Cached orders: each id asked of {@link Orders} once, so that Spring Cache misses and stores the order, serialized
 * as the cache manager is configured (Boot's default, JDK serialization, or {@link JsonCacheConfiguration}).
 */
@Component
public class OrderCorpus implements Corpus {

	private final Orders orders;

	private final CacheManager caches;

	public OrderCorpus(Orders orders, CacheManager caches) {
		this.orders = orders;
		this.caches = caches;
	}

	@Override
	public void write(long id) {
		this.orders.order(id);
	}

	@Override
	public String keyPattern() {
		RedisCache cache = (RedisCache) this.caches.getCache(Orders.CACHE);
		return cache.getCacheConfiguration().getKeyPrefixFor(Orders.CACHE) + "*";
	}

}
