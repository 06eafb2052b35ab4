package org.redisbench.model;

/**
 * Redis bytes a value, the project's headline figure, computed one way for every tool: the growth of what Redis's
 * data took ({@link MemoryReading#dataBytes}: {@code used_memory} less client buffers, as module tool-output's
 * RedisInfo reads it) over the values stored, without the growth of the key tables' slot arrays, which grow by
 * doubling and not by value; then those tables put back as they would be at the key count the figure is for (the
 * keyspace measured, a fill's target, a user's source). Redis counts what its allocator hands out, so size classes
 * are included.
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
	 * A reading of {@code dataBytes} of data ({@code used_memory} less the clients' buffers), database 0's {@code keys}
	 * ({@code expiring} of them with a time to live) and, where MEMORY STATS was read, its {@code overhead.hashtable.main}
	 * and {@code .expires} ({@code null} otherwise), whose slots are what is left of them without the entries.
	 */
	public static MemoryReading reading(long dataBytes, long keys, long expiring, Long overheadMain,
			Long overheadExpires) {
		return new MemoryReading(dataBytes, keys, expiring, slots(overheadMain, MAIN_ENTRY_BYTES * keys),
				slots(overheadExpires, EXPIRES_ENTRY_BYTES * expiring));
	}

	private static Long slots(Long overhead, long entries) {
		return overhead == null ? null : Math.max(0, (overhead - entries) / SLOT_BYTES);
	}

}
