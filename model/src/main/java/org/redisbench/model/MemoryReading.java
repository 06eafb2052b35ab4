package org.redisbench.model;

/**
 * What a Redis's data took at one moment, as {@link RedisBytes} reads it.
 *
 * @param dataBytes {@code used_memory} less the clients' buffers (tool-output's RedisInfo.dataMemory): what a pipeline or
 * a PING left in a query buffer is not the values' cost
 * @param keys the keys of database 0
 * @param expiring those of them with a time to live
 * @param mainSlots the slots of the key table, both halves while it rehashes; {@code null} when only INFO was read
 * (a report of recorded runs): the tables are then taken as settled at their key counts
 * @param expiringSlots the same of the expiry table
 */
public record MemoryReading(long dataBytes, long keys, long expiring, Long mainSlots, Long expiringSlots) {

	/** The slot arrays' bytes, as read or, without MEMORY STATS, as they are once settled at these key counts. */
	public double tables() {
		return this.mainSlots == null || this.expiringSlots == null
				? RedisBytes.tableBytes(this.keys) + RedisBytes.tableBytes(this.expiring)
				: (double) RedisBytes.SLOT_BYTES * (this.mainSlots + this.expiringSlots);
	}

	/**
	 * Whether each table is one power of two of slots: Redis rehashes a grown table a little at a time
	 * (activerehashing), and until it is done both halves count.
	 */
	public boolean settled() {
		return this.mainSlots == null || this.expiringSlots == null
				|| (Long.bitCount(this.mainSlots) <= 1 && Long.bitCount(this.expiringSlots) <= 1);
	}

}
