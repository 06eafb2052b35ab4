package org.redisbench.model;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The arithmetic alone; readings from INFO are tool-output's MemoryReadingTest. */
class RedisBytesTest {

	@Test
	void tablesAreThePowerOfTwoThatHoldsTheKeys() {
		assertEquals(0, RedisBytes.tableBytes(0));
		assertEquals(32, RedisBytes.tableBytes(1));
		assertEquals(8 * 1024, RedisBytes.tableBytes(1024));
		assertEquals(8 * 1024, RedisBytes.tableBytes(1000));
		assertEquals(8 * 2048, RedisBytes.tableBytes(1025));
	}

}
