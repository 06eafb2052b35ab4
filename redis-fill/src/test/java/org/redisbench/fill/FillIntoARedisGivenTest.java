package org.redisbench.fill;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.redisbench.fill.Shell.Ran;
import org.redisbench.testsupport.RedisServerExtension;
import redis.clients.jedis.UnifiedJedis;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * fill into a Redis it did not start, from a shell with Redis settings of its own but no {@code REDIS_PASSWORD}:
 * every person lands there and stays, in each layout.
 */
class FillIntoARedisGivenTest {

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	private final Shell shell = Shell.withoutRedisPassword();

	@Test
	void aKeyPerPersonEachOneThere() {
		Ran ran = this.shell.fill("-n", "250", "--port", port(), "--connections", "2", "--batch", "40");

		assertThat(ran.status()).as(ran.toString()).isZero();
		assertThat(redis.dbSize()).isEqualTo(250);
		try (UnifiedJedis jedis = redis.client()) {
			assertThat(jedis.exists("person_250")).as("the last person's key").isTrue();
		}
	}

	@Test
	void zstdDictPersonsInHashBucketsThreeBucketsOfThemAll() {
		Ran ran = this.shell.fill("-n", "250", "--port", port(), "--layout", "hash-bucket", "--compression",
				"zstd-dict");

		assertThat(ran.status()).as(ran.toString()).isZero();
		// ids 1..99, 100..199 and 200..250
		assertThat(redis.dbSize()).isEqualTo(3);
		try (UnifiedJedis jedis = redis.client()) {
			assertThat(jedis.hlen("persons:{0}") + jedis.hlen("persons:{1}") + jedis.hlen("persons:{2}"))
				.isEqualTo(250);
		}
	}

	private static String port() {
		return String.valueOf(redis.port());
	}

}
