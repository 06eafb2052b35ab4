package org.redisbench.advise;

import java.nio.charset.StandardCharsets;
import java.util.List;

import org.redisbench.memory.RedisMemory;
import org.redisbench.model.MemoryReading;
import org.redisbench.model.RedisBytes;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Pipeline;
import redis.clients.jedis.params.SetParams;

/**
 * Loads a converted sample into the advisor's own redis-server, in one layout, and measures its used_memory
 * growth, less client buffers, as every tool measures Redis bytes a value ({@link RedisBytes}): the keyspace's hash
 * tables grow in powers of two, so their cost per key depends on the key count; they are taken out of the measured
 * growth and put back as they would be at the source's key count. The sample's two halves are loaded one after the
 * other, each into keys or buckets of its own, and measured apart, which gives the spread.
 */
final class RedisFootprint {

	/**
	 * Buckets a half of the sample fills at least: a bucket's listpack is rounded up to an allocator size class
	 * (up to 4 kB at 16 kB), so a few buckets alone would measure that rounding more than the values. A small
	 * sample is loaded into buckets several times over, bucketed anew each time, until it fills this many.
	 */
	static final int BUCKETS_MEASURED = 100;

	/** Commands per pipelined round trip. */
	private static final int PIPELINE_DEPTH = 1000;

	/** A TTL far enough ahead that nothing expires while it is measured; only its presence costs memory. */
	private static final long TTL_MILLIS = 30L * 24 * 3600 * 1000;

	private static final byte[] MARKER = "value-advisor:empty".getBytes(StandardCharsets.US_ASCII);

	private RedisFootprint() {
	}

	/**
	 * Loads the values once and drops the figure: a fresh redis-server keeps some 100 kB of what its first large
	 * load allocated, even after FLUSHALL, which would otherwise be charged to the first half measured.
	 */
	static void warmUp(Jedis redis, Conversion conversion, List<SampledValue> values) {
		measure(redis, conversion, values, Placement.KEY, values.size());
	}

	/** FLUSHALLs the Redis first, so it must be one the advisor started. */
	static Footprint measure(Jedis redis, Conversion conversion, List<SampledValue> values, Placement placement,
			double sourceValues) {
		redis.flushAll();
		int listpackValue = placement.bucketed ? listpackValue(conversion, values, placement) : 0;
		if (placement.bucketed) {
			redis.configSet("hash-max-listpack-entries", String.valueOf(Placement.LISTPACK_ENTRIES));
			redis.configSet("hash-max-listpack-value", String.valueOf(listpackValue));
		}
		// Redis 7.0 allocates some 50 kB with the first key after a FLUSHALL: the marker takes it out of the figures
		redis.set(MARKER, new byte[0]);
		MemoryReading empty = RedisMemory.settled(redis);
		double[] perValue = new double[2];
		int[] count = new int[2];
		MemoryReading before = empty;
		for (int half = 0; half < 2; half++) {
			count[half] = load(redis, conversion, values, placement, half);
			MemoryReading after = RedisMemory.settled(redis);
			perValue[half] = count[half] == 0 ? 0 : RedisBytes.perValue(before, after, count[half], 0, 0, 1);
			before = after;
		}
		int n = count[0] + count[1];
		double keysAtSource = placement.bucketed ? Placement.buckets(sourceValues) : sourceValues;
		double perSourceValue = RedisBytes.perValue(empty, before, n, keysAtSource,
				keysAtSource * expiringShare(values), sourceValues);
		long hashTables = placement.bucketed ? hashTables(redis) : 0;
		return new Footprint(perSourceValue, Math.abs(perValue[0] - perValue[1]) / 2, n, sourceValues, listpackValue,
				hashTables);
	}

	/**
	 * Loads the values at the even (half 0) or odd (half 1) positions, in buckets as often as
	 * {@link #BUCKETS_MEASURED} asks; returns how many values were stored.
	 */
	private static int load(Jedis redis, Conversion conversion, List<SampledValue> values, Placement placement,
			int half) {
		long buckets = Placement.buckets(values.size() / 2.0);
		int rounds = placement.bucketed ? (int) Math.ceil(BUCKETS_MEASURED / (double) buckets) : 1;
		int loaded = 0;
		for (int round = 0; round < rounds; round++) {
			loaded += load(redis, conversion, values, placement, half, (half == 0 ? "a" : "b") + round, buckets);
		}
		return loaded;
	}

	private static int load(Jedis redis, Conversion conversion, List<SampledValue> values, Placement placement,
			int half, String prefix, long buckets) {
		List<byte[]> stored = conversion.stored();
		int loaded = 0;
		try (Pipeline pipeline = redis.pipelined()) {
			for (int i = half; i < values.size(); i += 2) {
				SampledValue value = values.get(i);
				byte[] name = placement.name(value.name());
				if (placement.bucketed) {
					byte[] bucket = Placement.bucketKey(prefix, name, buckets);
					pipeline.hset(bucket, name, stored.get(i));
					if (value.expires()) {
						pipeline.pexpire(bucket, TTL_MILLIS);
					}
				}
				else {
					pipeline.set(name, stored.get(i),
							value.expires() ? SetParams.setParams().px(TTL_MILLIS) : SetParams.setParams());
				}
				if (++loaded % PIPELINE_DEPTH == 0) {
					pipeline.sync();
				}
			}
		}
		return loaded;
	}

	private static double expiringShare(List<SampledValue> values) {
		return values.stream().filter(SampledValue::expires).count() / (double) values.size();
	}

	/** The longest field or value a bucket will hold: {@code hash-max-listpack-value} must reach it. */
	private static int listpackValue(Conversion conversion, List<SampledValue> values, Placement placement) {
		int longest = 0;
		for (int i = 0; i < values.size(); i++) {
			longest = Math.max(longest, Math.max(conversion.stored().get(i).length,
					placement.name(values.get(i).name()).length));
		}
		return longest;
	}

	/** Buckets that Redis turned into a hash table: the listpack settings did not hold. */
	private static long hashTables(Jedis redis) {
		long tables = 0;
		for (String key : redis.keys("*")) {
			if ("hashtable".equals(redis.objectEncoding(key))) {
				tables++;
			}
		}
		return tables;
	}

}
