package org.redisbench.testsupport;

import java.time.Duration;

import redis.clients.jedis.Jedis;

/**
 * The quickest of a few PINGs on one connection: what a distance added between a client and Redis is measured by,
 * the quickest because a slow PING says more about a busy machine than about the distance.
 */
public final class PingTime {

	private static final int PINGS = 5;

	private PingTime() {
	}

	/** The quickest of five PINGs on {@code jedis}; an answer other than PONG fails. */
	public static Duration quickest(Jedis jedis) {
		Duration quickest = Duration.ofSeconds(10);
		for (int ping = 0; ping < PINGS; ping++) {
			long start = System.nanoTime();
			String answer = jedis.ping();
			Duration took = Duration.ofNanos(System.nanoTime() - start);
			if (!"PONG".equals(answer)) {
				throw new AssertionError("PING answered " + answer);
			}
			quickest = took.compareTo(quickest) < 0 ? took : quickest;
		}
		return quickest;
	}

}
