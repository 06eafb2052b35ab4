package org.redisbench.footprint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.redisbench.footprint.sampling.SampledValue;
import org.redisbench.memory.RedisMemory;
import org.redisbench.model.MemoryReading;
import org.redisbench.model.RedisBytes;
import org.redisbench.valueformat.Compression;
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
		AS_IS = Conversion.of(new Candidate(DocumentEncoding.AS_IS, Compression.NONE), documents,
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
	 * As stored: 400 hashes of 5 fields (a session's shape), loaded as the source holds them, cost what loading those
	 * hashes themselves costs, to 2% (the same Redis, the same default listpack settings: fields of 100 bytes
	 * make each hash a hash table, as Spring Session's sessions are), and less a value than a key each. The bucket
	 * layout's listpack settings, changed while it was measured, are back to the defaults afterwards.
	 */
	@Test
	void asStoredIsTheSourcesOwnShape() throws Exception {
		List<SampledValue> fields = new ArrayList<>();
		List<Document> documents = new ArrayList<>();
		for (int h = 0; h < 400; h++) {
			for (int f = 0; f < 5; f++) {
				byte[] value = String.format("%0100d", h * 5 + f).getBytes(StandardCharsets.US_ASCII);
				fields.add(new SampledValue(String.format("session:%05d", h).getBytes(StandardCharsets.US_ASCII),
						("attr:" + f).getBytes(StandardCharsets.US_ASCII), value, h % 2 == 0));
				documents.add(Document.of(value));
			}
		}
		Conversion asIs = Conversion.of(new Candidate(DocumentEncoding.AS_IS, Compression.NONE), documents,
				new Conversion.Dictionary(0, 0));
		try (OwnRedis redis = OwnRedis.start(); Jedis jedis = redis.connect()) {
			RedisFootprint.warmUp(jedis, asIs, fields);
			Map<String, String> defaults = jedis.configGet("hash-max-listpack-*");
			RedisFootprint.measure(jedis, asIs, fields, Placement.BUCKET, fields.size());
			assertEquals(defaults, jedis.configGet("hash-max-listpack-*"));
			Footprint asStored = RedisFootprint.measure(jedis, asIs, fields, Placement.AS_STORED, fields.size());
			Footprint key = RedisFootprint.measure(jedis, asIs, fields, Placement.KEY, fields.size());
			jedis.flushAll();
			jedis.set("marker", "");
			MemoryReading before = RedisMemory.settled(jedis);
			for (SampledValue field : fields) {
				jedis.hset(field.key(), field.field(), field.value());
				if (field.expires()) {
					jedis.pexpire(field.key(), 3_600_000);
				}
			}
			double direct = RedisBytes.perValue(before, RedisMemory.settled(jedis), fields.size());
			assertEquals("hashtable", jedis.objectEncoding("session:00000"));
			assertEquals(direct, asStored.perValue(), direct * 0.02, () -> asStored + " against " + direct);
			assertTrue(asStored.perValue() < key.perValue(), () -> asStored + " against a key each " + key);
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
