package org.redisbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

class RedisInfoTest {

	@Test
	void readsMemoryStatsAndKeyspace() {
		RedisInfo info = RedisInfo.parse(Resources.raw("info-after-add.txt"));
		assertEquals("7.0.15", info.text("redis_version"));
		assertEquals(49024752L, info.longValue("used_memory"));
		assertEquals(59699200L, info.longValue("used_memory_rss"));
		assertEquals(36937576L, info.longValue("used_memory_dataset"));
		assertEquals(1.23, info.doubleValue("mem_fragmentation_ratio"));
		assertEquals(38945714L, info.longValue("total_net_input_bytes"));
		assertEquals(1029164L, info.longValue("total_net_output_bytes"));
		assertEquals("keys=200000,expires=0,avg_ttl=0", info.text("db0"));
		assertEquals(49024752L - 1113600L, info.dataMemory());
		assertNull(info.longValue("no_such_field"));
	}

	@Test
	void emptyServerHasNoKeyspaceLine() {
		RedisInfo info = RedisInfo.parse(Resources.raw("info-empty.txt"));
		assertNull(info.text("db0"));
		assertEquals(984480L, info.longValue("used_memory"));
		assertEquals(984480L - 14400L, info.dataMemory());
	}

}
