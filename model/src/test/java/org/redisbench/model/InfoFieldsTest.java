package org.redisbench.model;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class InfoFieldsTest {

	private static final String CPU = "# CPU\r\nused_cpu_sys:1.250000\r\nused_cpu_user:2.500000\r\n"
			+ "used_cpu_sys_children:9.000000\r\nused_cpu_user_children:9.000000\r\n";

	@Test
	void redisCpuIsUserAndSystemOfTheServerItselfNotItsChildren() {
		assertEquals(3.75, InfoFields.cpuSeconds(CPU), 1e-9);
	}

	@Test
	void aDecimalMayHaveNoFraction() {
		assertEquals(1.5, InfoFields.decimal("mem_fragmentation_ratio:1.50\r\n", "mem_fragmentation_ratio"), 1e-9);
		assertEquals(7, InfoFields.decimal("used_memory:7\n", "used_memory"), 1e-9);
	}

	@Test
	void anInfoWithoutTheFieldOrWithAWordForItIsRefused() {
		assertThrows(IllegalArgumentException.class, () -> InfoFields.cpuSeconds("used_cpu_sys:1.0\r\n"));
		assertThrows(IllegalArgumentException.class, () -> InfoFields.decimal("ratio:nan\r\n", "ratio"));
	}

}
