package org.redisbench.tooloutput;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class RedisInfoTest {

	@Test
	void readsMemoryStatsAndKeyspace() {
		RedisInfo info = RedisInfo.parse(Resources.raw("info-after-add.txt"));
		assertEquals("7.0.15", info.field("redis_version"));
		assertEquals(49024752L, info.longValue("used_memory"));
		assertEquals(59699200L, info.longValue("used_memory_rss"));
		assertEquals(36937576L, info.longValue("used_memory_dataset"));
		assertEquals(1.23, info.doubleValue("mem_fragmentation_ratio"));
		assertEquals(38945714L, info.longValue("total_net_input_bytes"));
		assertEquals(1029164L, info.longValue("total_net_output_bytes"));
		assertEquals("keys=200000,expires=0,avg_ttl=0", info.field("db0"));
		assertEquals(49024752L - 1113600L, info.dataMemory());
		assertNull(info.longValue("no_such_field"));
	}

	/**
	 * Two readings by bench.sh's info_and_clients of one Redis holding 10,000 persons, nothing written between them,
	 * the string app's 20 pooled connections idle: before its pool PINGed them, and just after, when Redis had
	 * given each a 16 kB query buffer that mem_clients_normal did not count yet (2026-11-26).
	 */
	@Test
	void queryBuffersOfPingedIdleConnectionsAreNoData() {
		RedisInfo idle = RedisInfo.parse(Resources.raw("info-idle-pool.txt"), Resources.raw("clients-idle-pool.txt"));
		RedisInfo pinged = RedisInfo.parse(Resources.raw("info-pinged-pool.txt"),
				Resources.raw("clients-pinged-pool.txt"));
		assertEquals(3557264L - 73738L, idle.dataMemory());
		assertEquals(idle.dataMemory(), pinged.dataMemory());
		// What mem_clients_normal alone made of the same data: 348 kB apart, 35 bytes a person.
		long lagging = RedisInfo.parse(Resources.raw("info-pinged-pool.txt")).dataMemory()
				- RedisInfo.parse(Resources.raw("info-idle-pool.txt")).dataMemory();
		assertEquals(348130L - 106L, lagging);
	}

	@Test
	void clientMemoryIsTheListedClientsButReplicas() {
		String list = """
				id=3 addr=127.0.0.1:1 laddr=127.0.0.1:6379 fd=8 name= age=0 idle=0 flags=N db=0 qbuf=0 tot-mem=22272 events=r
				id=4 addr=127.0.0.1:2 laddr=127.0.0.1:6379 fd=9 name= age=0 idle=0 flags=S db=0 qbuf=0 tot-mem=900000 events=r
				id=5 addr=127.0.0.1:3 laddr=127.0.0.1:6379 fd=10 name= age=0 idle=0 flags=x db=0 qbuf=14 tot-mem=37738 events=r
				""";
		RedisInfo info = RedisInfo.parse("used_memory:1000000\r\nmem_clients_normal:5\r\n", list);
		assertEquals(1000000L - 22272L - 37738L, info.dataMemory());
		assertNull(ClientList.memory(""));
		assertEquals(1000000L - 5L, RedisInfo.parse("used_memory:1000000\r\nmem_clients_normal:5\r\n", "").dataMemory());
	}

	@Test
	void emptyServerHasNoKeyspaceLine() {
		RedisInfo info = RedisInfo.parse(Resources.raw("info-empty.txt"));
		assertNull(info.field("db0"));
		assertEquals(984480L, info.longValue("used_memory"));
		assertEquals(984480L - 14400L, info.dataMemory());
	}

	private static final String CPU = "# CPU\r\nused_cpu_sys:1.250000\r\nused_cpu_user:2.500000\r\n"
			+ "used_cpu_sys_children:9.000000\r\nused_cpu_user_children:9.000000\r\n";

	@Test
	void redisCpuIsUserAndSystemOfTheServerItselfNotItsChildren() {
		assertEquals(3.75, RedisInfo.cpuSeconds(CPU), 1e-9);
	}

	@Test
	void aDecimalMayHaveNoFraction() {
		assertEquals(1.5, RedisInfo.decimal("mem_fragmentation_ratio:1.50\r\n", "mem_fragmentation_ratio"), 1e-9);
		assertEquals(7, RedisInfo.decimal("used_memory:7\n", "used_memory"), 1e-9);
	}

	@Test
	void anInfoWithoutTheFieldOrWithAWordForItIsRefused() {
		assertThrows(IllegalArgumentException.class, () -> RedisInfo.cpuSeconds("used_cpu_sys:1.0\r\n"));
		assertThrows(IllegalArgumentException.class, () -> RedisInfo.decimal("ratio:nan\r\n", "ratio"));
	}

}
