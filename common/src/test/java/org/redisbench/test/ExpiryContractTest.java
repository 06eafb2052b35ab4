package org.redisbench.test;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.redisbench.model.Layout;
import org.redisbench.processes.Waits;
import org.redisbench.test.RunningApp.Answer;
import org.redisbench.testsupport.MemcachedServerExtension;
import org.redisbench.testsupport.RedisServerExtension;
import redis.clients.jedis.Jedis;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code bench.ttl} (docs/apps.md): with a range, every person stored gets a time to live drawn from it, in
 * both layouts (a hash bucket expires as a whole) and in Memcached, and a person whose time ran out is a 404,
 * not a 500. Expiry is played by cutting a key's time to live short from outside, as running out would, so
 * no test waits minutes. Each test starts its own app. The codec plays no part in expiry, so one app,
 * string-app, extends this naming its main class, which keeps the seconds it adds to a build few; without
 * {@code bench.ttl} nothing expires, which {@link EndpointContract} holds every app to.
 */
public abstract class ExpiryContractTest {

	private static final String RANGE = "300s-600s";

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	@RegisterExtension
	static final MemcachedServerExtension memcached = new MemcachedServerExtension();

	protected abstract Class<?> application();

	/** The app on Redis with {@link #RANGE} and one more property. */
	private RunningApp startOnRedis(String property, String value) {
		Map<String, String> all = new HashMap<>(FaultBounds.PROPERTIES);
		all.put("bench.ttl", RANGE);
		all.put(property, value);
		return RunningApp.start(application(), redis.server(), all);
	}

	/** Pipelined, so that the SET ... PX a request sends is the pipeline's; the per-key one is ExpiryCommandTest's. */
	@Test
	void aPersonKeyIsSetWithItsTimeToLiveAndAnExpiredPersonIsA404() {
		try (RunningApp app = startOnRedis("bench.mode", "pipeline"); Jedis jedis = redis.server().client()) {
			assertThat(app.get("/add").status()).isEqualTo(200);

			List<Long> ttls = LongStream.rangeClosed(1, 100).mapToObj((id) -> jedis.pttl("person_" + id)).toList();
			assertThat(ttls).allSatisfy(ExpiryContractTest::assertDrawnFromTheRange);
			assertThat(ttls.stream().distinct().count()).as("drawn per person").isGreaterThan(50);

			expireNow(jedis, "person_5".getBytes());
			assertNotFound(app.get("/checksingle/5"), "5");
			assertNotFound(app.get("/check"), "person 5");
		}
	}

	/** Per key, so that the PEXPIRE after a bucket's writes goes one round trip at a time too. */
	@Test
	void aHashBucketExpiresAsAWholeAndItsExpiredPersonsAre404s() {
		try (RunningApp app = startOnRedis("bench.layout", "hash-bucket");
				Jedis jedis = redis.server().client()) {
			assertThat(app.get("/add").status()).isEqualTo(200);
			// Persons 1-100 are buckets 0 (1-99) and 1 (100): both get a time to live, nothing else is written.
			byte[] first = Layout.HASH_BUCKET.key(1);
			byte[] second = Layout.HASH_BUCKET.key(100);
			assertDrawnFromTheRange(jedis.pttl(first));
			assertDrawnFromTheRange(jedis.pttl(second));
			assertThat(jedis.dbSize()).isEqualTo(2);

			expireNow(jedis, first);
			assertNotFound(app.get("/checksingle/42"), "42");
			assertThat(app.get("/checksingle/100").status()).isEqualTo(200);
			assertNotFound(app.get("/check"), "person 1");
		}
	}

	@Test
	void aMemcachedItemIsSetWithItsTimeToLiveAndAnExpiredPersonIsA404() {
		Map<String, String> properties = Map.of("bench.store", "memcached", "bench.memcached.servers",
				memcached.server().address(), "bench.ttl", RANGE);
		try (RunningApp app = RunningApp.start(application(), properties)) {
			assertThat(app.get("/add").status()).isEqualTo(200);

			List<Long> seconds = LongStream.rangeClosed(1, 100)
				.mapToObj((id) -> memcached.server().secondsToLive("person_" + id))
				.toList();
			// Memcached counts whole seconds, and a second may tick between the set and the look.
			assertThat(seconds).allSatisfy((left) -> assertThat(left).isBetween(299L, 600L));
			assertThat(seconds.stream().distinct().count()).as("drawn per person").isGreaterThan(20);

			memcached.server().expire("person_5");
			assertNotFound(app.get("/checksingle/5"), "5");
			assertNotFound(app.get("/check"), "person 5");
		}
	}

	/** Milliseconds left: at most the range's top, and above its bottom less the seconds a slow test took. */
	private static void assertDrawnFromTheRange(long pttl) {
		assertThat(pttl).isBetween(290_000L, 600_000L);
	}

	/** Ends a key's time to live now, as running out would, and waits until Redis no longer has it. */
	private static void expireNow(Jedis jedis, byte[] key) {
		jedis.pexpire(key, 1);
		while (jedis.exists(key)) {
			Waits.sleep(5);
		}
	}

	private static void assertNotFound(Answer answer, String naming) {
		assertThat(answer.status()).as(answer.body()).isEqualTo(404);
		assertThat(answer.body()).contains(naming);
	}

}
