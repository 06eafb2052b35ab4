package org.redisbench.testsupport;

import redis.clients.jedis.UnifiedJedis;

import org.springframework.test.context.DynamicPropertyRegistry;

/**
 * The Redis an endpoint test runs its app against and looks into: one {@code redis-server}, or a cluster.
 */
public interface RedisUnderTest {

	/** Points the app's {@code spring.data.redis.*} at it. */
	void addProperties(DynamicPropertyRegistry registry);

	/** A client that reaches every key, to inspect or plant data; the caller closes it. */
	UnifiedJedis client();

	/** Keys stored, over all of it. */
	long dbSize();

	void flushAll();

	/** Stops all of it, to play an outage. */
	void stop();

	/** Starts it again on the same addresses, and returns once it serves every key. */
	void start();

}
