package org.redisbench.advise;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.redisbench.model.Compression;
import org.redisbench.lab.OwnRedis;
import redis.clients.jedis.Jedis;

/** Against a redis-server of the test's own (codec-lab's OwnRedis). */
class RedisFootprintTest {

	/** 2,000 values of 100 bytes under 11-byte keys, stored as they are. */
	private static final List<SampledValue> VALUES = new ArrayList<>();

	private static final Conversion AS_IS;

	static {
		List<Document> documents = new ArrayList<>();
		for (int i = 0; i < 2000; i++) {
			byte[] value = String.format("%0100d", i).getBytes(StandardCharsets.US_ASCII);
			VALUES.add(new SampledValue(String.format("key:%07d", i).getBytes(StandardCharsets.US_ASCII), value,
					false));
			documents.add(Document.of(value));
		}
		AS_IS = Conversion.of(new Candidate(Encoding.AS_IS, Compression.NONE), documents,
				new Conversion.Dictionary(0, 0));
	}

	/**
	 * The values: jemalloc's classes give 112 for the value's object and sds, 16
	 * for the key, 24 for the dict entry and 8 for the table slot at 20,000 keys (32,768 slots): about 175 a key in
	 * Redis 7.0, and the two halves agree; in buckets a value costs less, and the buckets stay listpacks.
	 */
	@Test
	void measuresAKeyAndABucketPerValue() throws Exception {
		try (OwnRedis redis = OwnRedis.start(); Jedis jedis = redis.connect()) {
			RedisFootprint.warmUp(jedis, AS_IS, VALUES);
			Footprint key = RedisFootprint.measure(jedis, AS_IS, VALUES, Placement.KEY, 20_000);
			assertTrue(key.perValue() > 150 && key.perValue() < 200, () -> key.perValue() + " bytes a key");
			assertTrue(key.spread() < 1, () -> "halves differ by " + 2 * key.spread());
			assertEquals(2000, key.values());
			Footprint bucket = RedisFootprint.measure(jedis, AS_IS, VALUES, Placement.BUCKET, 20_000);
			assertTrue(bucket.perValue() < key.perValue() * 0.8, () -> bucket.perValue() + " bytes in a bucket");
			assertEquals(0, bucket.hashTables());
			assertEquals(100, bucket.listpackValue());
		}
	}

	/**
	 * A cluster's cost a key, measured: the same values in a one-node cluster of the advisor's own cost more a key,
	 * the slot's link of each key (Redis 7.0.15: 189.11 bytes a key single, 205.11 in a cluster, 16.00 more;
	 * 2026-11-26).
	 */
	@Test
	void aClusterKeyCostsItsSlotLinkMore() throws Exception {
		double single;
		try (OwnRedis redis = OwnRedis.start(); Jedis jedis = redis.connect()) {
			RedisFootprint.warmUp(jedis, AS_IS, VALUES);
			single = RedisFootprint.measure(jedis, AS_IS, VALUES, Placement.KEY, 20_000).perValue();
		}
		try (OwnRedis redis = OwnRedis.start(true); Jedis jedis = redis.connect()) {
			RedisFootprint.warmUp(jedis, AS_IS, VALUES);
			double cluster = RedisFootprint.measure(jedis, AS_IS, VALUES, Placement.KEY, 20_000).perValue();
			assertTrue(cluster - single > 8 && cluster - single < 24,
					() -> "a cluster key costs " + (cluster - single) + " bytes more");
		}
	}

}
