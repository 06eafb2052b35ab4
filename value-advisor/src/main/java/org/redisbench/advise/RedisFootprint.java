package org.redisbench.advise;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.redisbench.lab.RedisBytes;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Pipeline;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.params.SetParams;

/**
 * Loads a converted sample into the advisor's own redis-server, in one layout, and measures its used_memory
 * growth, less client buffers ({@link RedisBytes#dataMemory}). The keyspace's hash tables grow in powers of two,
 * so their cost per key depends on the key count: it is taken out of the measured growth (from MEMORY STATS)
 * and put back as it would be at the source's key count. The sample's two halves are loaded one after the
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

	/**
	 * What MEMORY STATS counts per key in Redis 7's overhead.hashtable.main (a dictEntry and a robj) and in
	 * .expires (a dictEntry); the rest is 8 bytes a table slot.
	 */
	private static final int MAIN_ENTRY_BYTES = 40;

	private static final int EXPIRES_ENTRY_BYTES = 24;

	private static final int SLOT_BYTES = 8;

	private static final byte[] MARKER = "value-advisor:empty".getBytes(StandardCharsets.US_ASCII);

	private static final Pattern KEYSPACE = Pattern.compile("^db0:keys=(\\d+),expires=(\\d+)", Pattern.MULTILINE);

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
		Settled empty = settled(redis);
		double[] perValue = new double[2];
		int[] count = new int[2];
		Settled before = empty;
		for (int half = 0; half < 2; half++) {
			count[half] = load(redis, conversion, values, placement, half);
			Settled after = settled(redis);
			perValue[half] = count[half] == 0 ? 0 : (after.data() - before.data() - (after.tables() - before.tables()))
					/ (double) count[half];
			before = after;
		}
		int n = count[0] + count[1];
		double measured = (before.data() - empty.data() - (before.tables() - empty.tables())) / (double) n;
		double keysAtSource = placement.bucketed ? Placement.buckets(sourceValues) : sourceValues;
		double expiringShare = expiringShare(values);
		double tablesAtSource = tableBytes(keysAtSource) + tableBytes(keysAtSource * expiringShare);
		long hashTables = placement.bucketed ? hashTables(redis) : 0;
		return new Footprint(measured + tablesAtSource / sourceValues, Math.abs(perValue[0] - perValue[1]) / 2, n,
				sourceValues, listpackValue, hashTables);
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

	private record Settled(long data, long tables) {
	}

	/**
	 * Redis rehashes a grown table a little at a time (activerehashing): until it is done both tables count.
	 * Waits until each table is one power of two, at most a second, then reads memory and table sizes.
	 */
	private static Settled settled(Jedis redis) {
		long tables = 0;
		for (int attempt = 0; attempt < 100; attempt++) {
			long[] keys = keyspace(redis);
			long[] overheads = overheads(redis);
			long main = slots(overheads[0], MAIN_ENTRY_BYTES * keys[0]);
			long expires = slots(overheads[1], EXPIRES_ENTRY_BYTES * keys[1]);
			tables = SLOT_BYTES * (main + expires);
			if (Long.bitCount(main) <= 1 && Long.bitCount(expires) <= 1) {
				break;
			}
			sleep(10);
		}
		return new Settled(steadyDataMemory(redis), tables);
	}

	/**
	 * The data memory once two reads a cron tick apart (Redis's hz 10) agree, at most a second. Redis 7.0 allocated
	 * some 25 kB more within 150 ms of a pipelined load of 1,000 SETs, in its cron and not in mem_clients_normal;
	 * read at once, the two halves of RedisFootprintTest differed by 37,632 bytes in 13 of 40 runs on a loaded
	 * machine, in none of 40 with this wait (2026-11-26).
	 */
	private static long steadyDataMemory(Jedis redis) {
		long memory = RedisBytes.dataMemory(redis);
		for (int attempt = 0; attempt < 10; attempt++) {
			sleep(100);
			long again = RedisBytes.dataMemory(redis);
			if (again == memory) {
				break;
			}
			memory = again;
		}
		return memory;
	}

	private static long slots(long overhead, long entries) {
		return Math.max(0, (overhead - entries) / SLOT_BYTES);
	}

	/** What a settled table costs at this key count: the first power of two (4 at least) that holds them. */
	static double tableBytes(double keys) {
		if (keys < 1) {
			return 0;
		}
		long slots = Math.max(4, Long.highestOneBit((long) Math.ceil(keys) - 1) << 1);
		return (double) SLOT_BYTES * slots;
	}

	private static double expiringShare(List<SampledValue> values) {
		return values.stream().filter(SampledValue::expires).count() / (double) values.size();
	}

	private static long[] keyspace(Jedis redis) {
		Matcher matcher = KEYSPACE.matcher(redis.info("keyspace"));
		return matcher.find() ? new long[] { Long.parseLong(matcher.group(1)), Long.parseLong(matcher.group(2)) }
				: new long[] { 0, 0 };
	}

	/** MEMORY STATS's db.0: overhead.hashtable.main and .expires, 0 for an empty database. */
	private static long[] overheads(Jedis redis) {
		List<?> stats = (List<?>) redis.sendCommand(Protocol.Command.MEMORY,
				"STATS".getBytes(StandardCharsets.US_ASCII));
		for (int i = 0; i + 1 < stats.size(); i += 2) {
			if ("db.0".equals(text(stats.get(i)))) {
				List<?> db = (List<?>) stats.get(i + 1);
				long[] overheads = new long[2];
				for (int j = 0; j + 1 < db.size(); j += 2) {
					String name = text(db.get(j));
					long value = (Long) db.get(j + 1);
					if (name.equals("overhead.hashtable.main")) {
						overheads[0] = value;
					}
					else if (name.equals("overhead.hashtable.expires")) {
						overheads[1] = value;
					}
				}
				return overheads;
			}
		}
		return new long[] { 0, 0 };
	}

	private static String text(Object reply) {
		return reply instanceof byte[] bytes ? new String(bytes, StandardCharsets.UTF_8) : String.valueOf(reply);
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

	private static void sleep(long millis) {
		try {
			Thread.sleep(millis);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("interrupted while Redis settled", ex);
		}
	}

}
