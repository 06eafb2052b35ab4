package org.redisbench.runresults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

class SamplingCostTest {

	@Test
	void howLongTheSamplersRanIsEndedLessStarted() {
		SamplingCost cost = SamplingCost.parse(
				"clock_ticks_per_second=100\nstarted=1800000000.125000\nended=1800000012.625000\ncurl=40\nredis-cli=10\n",
				2.0, null);
		assertEquals(12.5, cost.seconds(), 1e-6);
		assertEquals(0.5, cost.samplerCpuSeconds(), 1e-9, "the ticks of both samplers, not the epoch times");
		assertEquals(25.0, cost.appCpuSeconds(), 1e-6);
	}

	@Test
	void olderRunsWroteTheSecondsThemselves() {
		SamplingCost cost = SamplingCost.parse("clock_ticks_per_second=100\nseconds=8.000\ncurl=30\n", null, null);
		assertEquals(8.0, cost.seconds());
		assertEquals(0.3, cost.samplerCpuSeconds(), 1e-9);
	}

	@Test
	void noDurationNoCost() {
		assertNull(SamplingCost.parse("clock_ticks_per_second=100\nstarted=1800000000.1\ncurl=30\n", null, null));
	}

}
