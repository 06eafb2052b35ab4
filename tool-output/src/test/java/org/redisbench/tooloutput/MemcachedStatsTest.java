package org.redisbench.tooloutput;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;


import org.junit.jupiter.api.Test;

class MemcachedStatsTest {

	/** As memcached 1.6.18 answered after 20,000 Kryo persons (trimmed to the lines read). */
	private static final String STATS = """
			STAT pid 9061
			STAT version 1.6.18
			STAT curr_items 20000
			STAT total_items 30000
			STAT bytes 3120640
			STAT bytes_read 3482570
			STAT bytes_written 1380667
			STAT hash_bytes 524288
			STAT evictions 3
			END
			""";

	private static final String SLABS = """
			STAT 3:chunk_size 152
			STAT 3:chunks_per_page 6898
			STAT 3:used_chunks 63
			STAT 4:chunk_size 192
			STAT 4:used_chunks 19937
			STAT active_slabs 2
			STAT total_malloced 5242880
			END
			""";

	@Test
	void itemsTakeTheirChunksAndTheHashTable() {
		MemcachedStats stats = MemcachedStats.parse(STATS, SLABS);
		assertEquals(20000L, stats.items());
		assertEquals(63L * 152 + 19937L * 192 + 524288, stats.dataMemory());
		assertEquals(5242880L + 524288, stats.longValue("used_memory"));
		assertEquals(stats.dataMemory(), stats.longValue("used_memory_dataset"));
		assertEquals(3482570L, stats.longValue("total_net_input_bytes"));
		assertEquals(1380667L, stats.longValue("total_net_output_bytes"));
		assertEquals(3L, stats.longValue("evicted_keys"));
		assertNull(stats.longValue("used_memory_rss"), "memcached reports no RSS");
		assertNull(stats.doubleValue("mem_fragmentation_ratio"));
	}

	@Test
	void bytesPerPersonIsTheGrowthOverTheItemsAdded() {
		MemcachedStats empty = MemcachedStats.parse(STATS.replace("curr_items 20000", "curr_items 0"),
				"STAT total_malloced 1048576\nEND\n");
		MemcachedStats full = MemcachedStats.parse(STATS, SLABS);
		assertEquals(20000L, full.items() - empty.items());
		assertEquals(63L * 152 + 19937L * 192, full.dataMemory() - empty.dataMemory());
	}

	@Test
	void noAnswerIsEmpty() {
		assertTrue(MemcachedStats.parse("", "").isEmpty());
		assertTrue(MemcachedStats.parse(STATS, "").isEmpty(), "without its slabs no data memory is known");
	}

	@Test
	void aClassWithoutItsChunkSizeIsRefused() {
		assertThrows(IllegalArgumentException.class, () -> MemcachedStats.parse(STATS, "STAT 4:used_chunks 3\nEND\n"));
	}

}
