package org.redisbench.model;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Redis bytes a value, the project's headline figure, computed one way for every tool: the growth of what Redis's
 * data took ({@link MemoryReading#dataBytes}: {@code used_memory} less client buffers) over the values stored,
 * without the growth of the key tables' slot arrays, which grow by doubling and not by value; then those tables put
 * back as they would be at the key count the figure is for (the keyspace measured, a fill's target, a user's
 * source). Redis counts what its allocator hands out, so size classes are included.
 */
public final class RedisBytes {

	/** A slot of a key table: one pointer. */
	public static final int SLOT_BYTES = 8;

	/**
	 * What Redis 7's MEMORY STATS counts per key in {@code overhead.hashtable.main} (a dictEntry and a robj) and in
	 * {@code .expires} (a dictEntry), beside the slots.
	 */
	public static final int MAIN_ENTRY_BYTES = 40;

	public static final int EXPIRES_ENTRY_BYTES = 24;

	private static final Pattern KEYSPACE = Pattern.compile("^db0:keys=(\\d+),expires=(\\d+)", Pattern.MULTILINE);

	private RedisBytes() {
	}

	/**
	 * Bytes a value from a load of {@code values} between two readings, its key tables projected to {@code keys}
	 * keys ({@code expiring} of them with a time to live) for {@code targetValues} values.
	 */
	public static double perValue(MemoryReading before, MemoryReading after, long values, double keys,
			double expiring, double targetValues) {
		if (values <= 0 || targetValues <= 0) {
			throw new IllegalArgumentException("bytes a value need values, were " + values + " and " + targetValues);
		}
		double withoutTables = (after.dataBytes() - before.dataBytes() - (after.tables() - before.tables())) / values;
		return withoutTables + (tableBytes(keys) + tableBytes(expiring)) / targetValues;
	}

	/** Bytes a value at the size it was measured at: the second reading's own tables. */
	public static double perValue(MemoryReading before, MemoryReading after, long values) {
		return perValue(before, after, values, after.keys(), after.expiring(), values);
	}

	/** What a settled key table costs at this key count: the first power of two (4 at least) that holds them. */
	public static double tableBytes(double keys) {
		if (keys < 1) {
			return 0;
		}
		long slots = Math.max(4, Long.highestOneBit((long) Math.ceil(keys) - 1) << 1);
		return (double) SLOT_BYTES * slots;
	}

	/**
	 * {@code used_memory} less what the clients took at that instant: the {@link ClientList} read in the same
	 * {@code MULTI} as the INFO, or, without one (an ACL that refuses CLIENT LIST, a run recorded before), INFO's
	 * {@code mem_clients_normal}. That one trails: Redis 7.0 updates a client's share of it only when its cron visits
	 * the client, about once a second, while a pooled connection's PING gives it a 16 kB query buffer at once;
	 * read within that second, 200 idle connections' buffers counted as up to 3.7 MB of data (18 bytes a person of a
	 * 200,000-person run), which made per-key and pipelined runs of the same values differ (2026-11-26).
	 */
	public static long dataMemory(String info, String clientList) {
		Long clients = ClientList.memory(clientList);
		return InfoFields.number(info, "used_memory")
				- (clients != null ? clients : InfoFields.number(info, "mem_clients_normal"));
	}

	/**
	 * A reading from INFO (its memory and keyspace sections), the CLIENT LIST read with it (empty without one) and,
	 * where MEMORY STATS was read, database 0's {@code overhead.hashtable.main} and {@code .expires} ({@code null}
	 * otherwise).
	 */
	public static MemoryReading reading(String info, String clientList, Long overheadMain, Long overheadExpires) {
		Matcher matcher = KEYSPACE.matcher(info);
		long keys = matcher.find() ? Long.parseLong(matcher.group(1)) : 0;
		long expiring = keys == 0 ? 0 : Long.parseLong(matcher.group(2));
		return new MemoryReading(dataMemory(info, clientList), keys, expiring, slots(overheadMain, MAIN_ENTRY_BYTES * keys),
				slots(overheadExpires, EXPIRES_ENTRY_BYTES * expiring));
	}

	private static Long slots(Long overhead, long entries) {
		return overhead == null ? null : Math.max(0, (overhead - entries) / SLOT_BYTES);
	}


	/**
	 * {@code java -cp model.jar org.redisbench.model.RedisBytes VALUES BEFORE AFTER [BEFORE AFTER ...]}: the data
	 * memory a load of VALUES added over every node (one INFO file before and after it each), a value, to a tenth of a
	 * byte: what scripts/fill.sh prints for a fill, on a Redis that may not be its own (no CLIENT LIST, no MEMORY STATS:
	 * the tables are the keyspace's own).
	 */
	public static void main(String[] args) throws IOException {
		if (args.length < 3 || args.length % 2 == 0) {
			System.err.println("usage: RedisBytes VALUES BEFORE_INFO AFTER_INFO [BEFORE_INFO AFTER_INFO ...]");
			System.exit(2);
		}
		long values = Long.parseLong(args[0]);
		long growth = 0;
		for (int i = 1; i < args.length; i += 2) {
			growth += dataMemory(Files.readString(Path.of(args[i + 1])), "")
					- dataMemory(Files.readString(Path.of(args[i])), "");
		}
		if (values <= 0) {
			throw new IllegalArgumentException("bytes a value need values, were " + values);
		}
		System.out.println(String.format(Locale.ROOT, "%.1f", growth / (double) values));
	}

}
