package org.redisbench.benchrun;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

class WarmupRoundTest {

	@Test
	void aRoundUnderTheShareEndsTheWarmupQuiet() {
		WarmupRound round = new WarmupRound(2, 1000L, 19, true, 3, 5, new CompilerState(5120, 0));
		assertEquals(1.9, round.jitSharePercent(), 1e-9);
		assertEquals(WarmupRound.Ending.QUIET, round.ending(2, 12, 0));
		assertEquals("round=2 jit_share=1.9 idle=yes waited_s=3 elapsed_s=5 compiled=5120 pending=0 ended=quiet",
				round.line(round.ending(2, 12, 0)));
	}

	@Test
	void aRoundAtTheShareGoesOnUntilTheLastRound() {
		WarmupRound busy = new WarmupRound(3, 1000L, 20, false, 7, 5, null);
		assertNull(busy.ending(2, 12, 0));
		assertEquals("round=3 jit_share=2.0 idle=no waited_s=7 elapsed_s=5 compiled=unknown pending=unknown",
				busy.line(null));
		assertEquals(WarmupRound.Ending.ROUNDS, new WarmupRound(12, 1000L, 20, true, 0, 5, null).ending(2, 12, 0));
	}

	@Test
	void theTimeBoundStopsABusyWarmupBeforeItsRounds() {
		assertEquals(WarmupRound.Ending.SECONDS, new WarmupRound(1, 1000L, 500, true, 0, 20, null).ending(2, 12, 20));
		assertNull(new WarmupRound(1, 1000L, 500, true, 0, 19, null).ending(2, 12, 20));
		assertNull(new WarmupRound(1, 1000L, 500, true, 0, 1000, null).ending(2, 12, 0));
	}

	@Test
	void anAppNotStartedHereIsNotWatched() {
		WarmupRound unwatched = new WarmupRound(1, null, 0, true, 0, 0, null);
		assertNull(unwatched.jitSharePercent());
		assertEquals(WarmupRound.Ending.UNWATCHED, unwatched.ending(2, 12, 0));
		assertEquals("round=1 jit_share=unknown idle=unknown waited_s=0 elapsed_s=0 compiled=unknown pending=unknown"
				+ " ended=unwatched",
				unwatched.line(WarmupRound.Ending.UNWATCHED));
	}

	@Test
	void aRoundThatUsedNoCpuCompiledNothing() {
		assertEquals(0.0, new WarmupRound(1, 0L, 0, true, 0, 0, null).jitSharePercent());
	}

}
