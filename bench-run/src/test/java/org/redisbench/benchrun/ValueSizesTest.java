package org.redisbench.benchrun;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

class ValueSizesTest {

	@Test
	void missingPersonsAndRedisErrorsAreNotValues() {
		assertEquals(150.5, ValueSizes.mean("150\n0\n151\nERR wrong type\n"));
		assertNull(ValueSizes.mean("0\n0\n"));
		assertNull(ValueSizes.mean(""));
	}

}
