package org.redisbench.test;

import java.util.stream.LongStream;

import org.redisbench.model.Layout;
import org.redisbench.testsupport.RedisUnderTest;
import redis.clients.jedis.UnifiedJedis;

/**
 * What the persons look like in Redis, whichever {@link Layout} the app stores them in: for tests that
 * inspect or plant them behind the app's back.
 */
public record StoredPersons(Layout layout, RedisUnderTest redis) {

	/** Buckets a test looks through: ids up to 10,000. */
	private static final int BUCKETS = 100;

	/** Persons stored (with a string layout, every key, a person's or not). */
	public long count() {
		if (this.layout == Layout.STRING_PER_KEY) {
			return this.redis.dbSize();
		}
		try (UnifiedJedis jedis = this.redis.client()) {
			return LongStream.range(0, BUCKETS).map((bucket) -> jedis.hlen(bucketKey(bucket))).sum();
		}
	}

	public boolean exists(long id) {
		try (UnifiedJedis jedis = this.redis.client()) {
			return (this.layout == Layout.STRING_PER_KEY) ? jedis.exists(this.layout.key(id))
					: jedis.hexists(this.layout.key(id), Layout.field(id));
		}
	}

	/** Milliseconds the key person {@code id} is stored under has left to live: -1 for ever, -2 for no key. */
	public long timeToLive(long id) {
		try (UnifiedJedis jedis = this.redis.client()) {
			return jedis.pttl(this.layout.key(id));
		}
	}

	/** Stores raw bytes where the app keeps person {@code id}. */
	public void put(long id, byte[] value) {
		try (UnifiedJedis jedis = this.redis.client()) {
			if (this.layout == Layout.STRING_PER_KEY) {
				jedis.set(this.layout.key(id), value);
			}
			else {
				jedis.hset(this.layout.key(id), Layout.field(id), value);
			}
		}
	}

	/** Replaces the key that holds person {@code id} (and its bucket) by a list. */
	public void putList(long id) {
		try (UnifiedJedis jedis = this.redis.client()) {
			jedis.del(this.layout.key(id));
			jedis.rpush(this.layout.key(id), "a list".getBytes());
		}
	}

	/** The key person {@code id} lives under, as text. */
	public String keyOf(long id) {
		return new String(this.layout.key(id), java.nio.charset.StandardCharsets.US_ASCII);
	}

	private byte[] bucketKey(long bucket) {
		return this.layout.key(bucket * Layout.BUCKET_SIZE);
	}

}
