package org.redisbench.runresults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;

import org.junit.jupiter.api.Test;
import org.redisbench.tooloutput.Resources;

/**
 * On stacks async-profiler sampled (itimer) in a pipelined kryo app under ab, each given a count by hand: which
 * share every one of them belongs to is known (FrameRulesTest has the rules), so every share's total is too.
 */
class CpuProfileTest {

	private static final CpuProfile FIXTURE = CpuProfile.parse(Resources.raw("profile-kryo-pipeline.collapsed"));

	@Test
	void everyStackOfTheFixtureCountsForItsOwner() {
		assertEquals(Map.of(CpuShare.CODEC, 7L + 9, CpuShare.CLIENT_WRITE, 11L, CpuShare.POOL, 1L,
				CpuShare.CONNECTION, 13L, CpuShare.DISPATCH, 5L + 3 + 2, CpuShare.PERSONS, 17L + 4, CpuShare.GC, 6L + 2,
				CpuShare.JIT, 8L + 2, CpuShare.REST, 1L), FIXTURE.samples());
		assertEquals(91, FIXTURE.total());
		assertEquals(16 / 91.0, FIXTURE.fraction(CpuShare.CODEC), 1e-12);
		assertEquals(0.0, FIXTURE.fraction(CpuShare.CLIENT_READ));
	}

	@Test
	void noSamplesGiveNoFractions() {
		CpuProfile empty = CpuProfile.parse("\n");
		assertEquals(0, empty.total());
		assertNull(empty.fraction(CpuShare.CODEC));
	}

	@Test
	void aLineWithoutItsCountIsRefused() {
		assertThrows(IllegalArgumentException.class,
				() -> CpuProfile.parse("java/lang/Thread.run;org/redisbench/web/PersonController.add 3\njava/lang/Thread.ru"));
	}

}
