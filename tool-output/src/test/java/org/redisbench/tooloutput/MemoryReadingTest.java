package org.redisbench.tooloutput;


import org.junit.jupiter.api.Test;
import org.redisbench.model.MemoryReading;
import org.redisbench.model.RedisBytes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Redis bytes a value ({@link RedisBytes}) from readings of INFO ({@link RedisInfo}). */
class MemoryReadingTest {

	private static final String EMPTY = "used_memory:1000000\r\nmem_clients_normal:20000\r\n";

	@Test
	void clientBuffersAreNotData() {
		assertEquals(980_000, RedisInfo.dataMemory(EMPTY, ""));
	}

	@Test
	void theClientListReadWithInfoIsWhatClientsTookThenReplicasApart() {
		String clients = "id=3 addr=127.0.0.1:5 laddr=127.0.0.1:6379 fd=8 name= age=1 idle=0 flags=N db=0 sub=0 psub=0 "
				+ "ssub=0 multi=-1 qbuf=0 qbuf-free=20474 argv-mem=0 multi-mem=0 rbs=1024 rbp=0 obl=0 oll=0 omem=0 "
				+ "tot-mem=22426 events=r cmd=ping user=default redir=-1 resp=2\n"
				+ "id=4 addr=127.0.0.1:7 laddr=127.0.0.1:6379 fd=9 name= age=1 idle=0 flags=S db=0 sub=0 psub=0 "
				+ "ssub=0 multi=-1 qbuf=0 qbuf-free=0 argv-mem=0 multi-mem=0 rbs=1024 rbp=0 obl=0 oll=0 omem=0 "
				+ "tot-mem=1000 events=r cmd=psync user=default redir=-1 resp=2\n";
		assertEquals(22426, ClientList.memory(clients));
		assertEquals(1_000_000 - 22426, RedisInfo.dataMemory(EMPTY, clients));
	}

	@Test
	void anInfoWithoutMemoryIsRefused() {
		assertThrows(IllegalArgumentException.class, () -> RedisInfo.dataMemory("redis_version:7.0.15\r\n", ""));
		assertEquals("7.0.15", RedisInfo.text("redis_version:7.0.15\r\n", "redis_version"));
	}

	@Test
	void readingsFromInfoAloneTakeTheTablesAsSettled() {
		MemoryReading before = RedisInfo.memoryReading(EMPTY, "", null, null);
		// 1,000 keys: 1,000 x 100 bytes of data and a table of 1,024 slots.
		MemoryReading after = RedisInfo.memoryReading(
				"used_memory:1108192\r\nmem_clients_normal:20000\r\n# Keyspace\r\ndb0:keys=1000,expires=0,avg_ttl=0\r\n",
				"", null, null);
		// At the size measured, the table is put back as it was: the plain growth a value.
		assertEquals(108.192, RedisBytes.perValue(before, after, 1000), 1e-9);
	}

	@Test
	void theTablesArePutBackAtTheTargetsKeyCount() {
		MemoryReading before = RedisInfo.memoryReading(EMPTY, "", null, null);
		MemoryReading after = RedisInfo.memoryReading(
				"used_memory:1108192\r\nmem_clients_normal:20000\r\n# Keyspace\r\ndb0:keys=1000,expires=0,avg_ttl=0\r\n",
				"", null, null);
		// At 1,500 keys, 2,048 slots: 16,384 bytes over 1,500 values.
		assertEquals(100 + 16384 / 1500.0, RedisBytes.perValue(before, after, 1000, 1500, 0, 1500), 1e-9);
	}

	@Test
	void memoryStatsGiveTheSlotsAndARehashIsNotSettled() {
		String info = "used_memory:2000000\r\nmem_clients_normal:0\r\ndb0:keys=3000,expires=1000,avg_ttl=5\r\n";
		MemoryReading settled = RedisInfo.memoryReading(info, "", 3000L * 40 + 4096 * 8, 1000L * 24 + 1024 * 8);
		assertEquals(4096, settled.mainSlots());
		assertEquals(1024, settled.expiringSlots());
		assertTrue(settled.settled());
		assertEquals(8.0 * (4096 + 1024), settled.tables());
		MemoryReading rehashing = RedisInfo.memoryReading(info, "", 3000L * 40 + (2048 + 4096) * 8, 1000L * 24 + 1024 * 8);
		assertFalse(rehashing.settled());
	}

	@Test
	void noValuesGiveNoFigure() {
		MemoryReading reading = RedisInfo.memoryReading(EMPTY, "", null, null);
		assertThrows(IllegalArgumentException.class, () -> RedisBytes.perValue(reading, reading, 0));
	}

}
