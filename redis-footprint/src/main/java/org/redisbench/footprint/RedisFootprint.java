package org.redisbench.footprint;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.redisbench.footprint.sampling.SampledValue;
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
public final class RedisFootprint {

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
	public static void warmUp(Jedis redis, Conversion conversion, List<SampledValue> values) {
		measure(redis, conversion, values, Placement.KEY, values.size());
	}

	/**
	 * FLUSHALLs the Redis first, so it must be one the advisor started; leaves its listpack settings as it found
	 * them, which {@link Placement#AS_STORED} reads as the source's.
	 */
	public static Footprint measure(Jedis redis, Conversion conversion, List<SampledValue> values, Placement placement,
			double sourceValues) {
		redis.flushAll();
		int listpackValue = placement.bucketed ? listpackValue(conversion, values, placement) : 0;
		Map<String, String> settings = placement.bucketed ? listpackSettings(redis) : Map.of();
		try {
			if (placement.bucketed) {
				redis.configSet("hash-max-listpack-entries", String.valueOf(Placement.LISTPACK_ENTRIES));
				redis.configSet("hash-max-listpack-value", String.valueOf(listpackValue));
			}
			return measure(redis, conversion, values, placement, sourceValues, listpackValue);
		}
		finally {
			settings.forEach(redis::configSet);
		}
	}

	private static Footprint measure(Jedis redis, Conversion conversion, List<SampledValue> values,
			Placement placement, double sourceValues, int listpackValue) {
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
		double keysAtSource = keysAtSource(values, placement, sourceValues);
		double perSourceValue = RedisBytes.perValue(empty, before, n, keysAtSource,
				keysAtSource * expiringShare(values, placement), sourceValues);
		long hashTables = placement.bucketed ? hashTables(redis) : 0;
		return new Footprint(perSourceValue, Math.abs(perValue[0] - perValue[1]) / 2, n, sourceValues, listpackValue,
				hashTables);
	}

	private static Map<String, String> listpackSettings(Jedis redis) {
		Map<String, String> settings = new LinkedHashMap<>();
		for (String name : new String[] { "hash-max-listpack-entries", "hash-max-listpack-value" }) {
			settings.putAll(redis.configGet(name));
		}
		return settings;
	}

	/** Keys the source holds for its values in this placement: buckets, the source's own keys, or a key a value. */
	private static double keysAtSource(List<SampledValue> values, Placement placement, double sourceValues) {
		if (placement.bucketed) {
			return Placement.buckets(sourceValues);
		}
		return placement == Placement.AS_STORED ? sourceValues * keyOrdinals(values)[values.size()] / values.size()
				: sourceValues;
	}

	/**
	 * Per value, the ordinal of its key among the sample's keys (a hash's fields are read one after the other), and
	 * after the last the number of keys: {@link Placement#AS_STORED} loads a key's fields into the same half.
	 */
	private static int[] keyOrdinals(List<SampledValue> values) {
		int[] ordinals = new int[values.size() + 1];
		int ordinal = -1;
		for (int i = 0; i < values.size(); i++) {
			SampledValue value = values.get(i);
			if (i == 0 || value.field() == null || !Arrays.equals(value.key(), values.get(i - 1).key())) {
				ordinal++;
			}
			ordinals[i] = ordinal;
		}
		ordinals[values.size()] = ordinal + 1;
		return ordinals;
	}

	/**
	 * Loads the values at the even (half 0) or odd (half 1) positions (for {@link Placement#AS_STORED}, of the even or
	 * odd keys), in buckets as often as {@link #BUCKETS_MEASURED} asks; returns how many values were stored.
	 */
	private static int load(Jedis redis, Conversion conversion, List<SampledValue> values, Placement placement,
			int half) {
		if (placement == Placement.AS_STORED) {
			return loadAsStored(redis, conversion, values, half);
		}
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

	/** A string per key, a hash per key with its fields, as the source holds them. */
	private static int loadAsStored(Jedis redis, Conversion conversion, List<SampledValue> values, int half) {
		int[] ordinals = keyOrdinals(values);
		List<byte[]> stored = conversion.stored();
		int loaded = 0;
		try (Pipeline pipeline = redis.pipelined()) {
			for (int i = 0; i < values.size(); i++) {
				if (ordinals[i] % 2 != half) {
					continue;
				}
				SampledValue value = values.get(i);
				if (value.field() == null) {
					pipeline.set(value.key(), stored.get(i),
							value.expires() ? SetParams.setParams().px(TTL_MILLIS) : SetParams.setParams());
				}
				else {
					pipeline.hset(value.key(), value.field(), stored.get(i));
					if (value.expires()) {
						pipeline.pexpire(value.key(), TTL_MILLIS);
					}
				}
				if (++loaded % PIPELINE_DEPTH == 0) {
					pipeline.sync();
				}
			}
		}
		return loaded;
	}

	/** The share of the keys with a TTL: of the values, or for {@link Placement#AS_STORED} of the source's keys. */
	private static double expiringShare(List<SampledValue> values, Placement placement) {
		if (placement != Placement.AS_STORED) {
			return values.stream().filter(SampledValue::expires).count() / (double) values.size();
		}
		int[] ordinals = keyOrdinals(values);
		long expiring = 0;
		for (int i = 0; i < values.size(); i++) {
			if (values.get(i).expires() && (i == 0 || ordinals[i] != ordinals[i - 1])) {
				expiring++;
			}
		}
		return expiring / (double) ordinals[values.size()];
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
