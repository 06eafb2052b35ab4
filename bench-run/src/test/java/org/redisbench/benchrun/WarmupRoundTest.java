package org.redisbench.benchrun;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

class WarmupRoundTest {

	@Test
	void aRoundUnderTheShareEndsTheWarmupQuiet() {
		WarmupRound round = new WarmupRound(2, 1000L, 19, true, 3);
		assertEquals(1.9, round.jitSharePercent(), 1e-9);
		assertEquals(WarmupRound.Ending.QUIET, round.ending(2, 12, 5, 0));
		assertEquals("round=2 jit_share=1.9 idle=yes waited_s=3 ended=quiet", round.line(round.ending(2, 12, 5, 0)));
	}

	@Test
	void aRoundAtTheShareGoesOnUntilTheLastRound() {
		WarmupRound busy = new WarmupRound(3, 1000L, 20, false, 7);
		assertNull(busy.ending(2, 12, 5, 0));
		assertEquals("round=3 jit_share=2.0 idle=no waited_s=7", busy.line(null));
		assertEquals(WarmupRound.Ending.ROUNDS, new WarmupRound(12, 1000L, 20, true, 0).ending(2, 12, 5, 0));
	}

	@Test
	void theTimeBoundStopsABusyWarmupBeforeItsRounds() {
		WarmupRound busy = new WarmupRound(1, 1000L, 500, true, 0);
		assertEquals(WarmupRound.Ending.SECONDS, busy.ending(2, 12, 20, 20));
		assertNull(busy.ending(2, 12, 19, 20));
		assertNull(busy.ending(2, 12, 1000, 0));
	}

	@Test
	void anAppNotStartedHereIsNotWatched() {
		WarmupRound unwatched = new WarmupRound(1, null, 0, true, 0);
		assertNull(unwatched.jitSharePercent());
		assertEquals(WarmupRound.Ending.UNWATCHED, unwatched.ending(2, 12, 0, 0));
		assertEquals("round=1 jit_share=unknown idle=unknown waited_s=0 ended=unwatched",
				unwatched.line(WarmupRound.Ending.UNWATCHED));
	}

	@Test
	void aRoundThatUsedNoCpuCompiledNothing() {
		assertEquals(0.0, new WarmupRound(1, 0L, 0, true, 0).jitSharePercent());
	}

}
