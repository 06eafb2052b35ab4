package org.redisbench.benchrun;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

class WarmupRoundTest {

	/** At most 1 compilation (finished or left) per 1,000 requests; else 2% of the CPU; no time bound. */
	private static final WarmupRound.Limits LIMITS = new WarmupRound.Limits(1.0, 2, 0);

	@Test
	void aRoundWhoseCompilerFinishedAndHasLeftAlmostNothingEndsTheWarmupQuiet() {
		WarmupRound round = new WarmupRound(2, 6000, 1000L, 190, 6L, 5, new CompilerState(5120, 0));
		assertEquals(1.0, round.compilesPerThousand(), 1e-9);
		assertEquals(WarmupRound.Ending.QUIET, round.ending(LIMITS, false),
				"the compiler's own counts decide, whatever share of the CPU its threads took");
		assertEquals("round=2 requests=6000 jit_share=19.0 elapsed_s=5 compiled=5120 pending=0 compiles=6"
				+ " compiles_per_1000=1.00 ended=quiet", round.line(round.ending(LIMITS, false)));
	}

	@Test
	void compilationsLeftQueuedCountAsTheRoundsWork() {
		WarmupRound queued = new WarmupRound(2, 6000, 1000L, 0, 3L, 5, new CompilerState(5120, 4));
		assertEquals(7.0 / 6, queued.compilesPerThousand(), 1e-9);
		assertNull(queued.ending(LIMITS, false));
		assertEquals(WarmupRound.Ending.QUIET,
				new WarmupRound(2, 6000, 1000L, 0, 3L, 5, new CompilerState(5120, 3)).ending(LIMITS, false));
	}

	@Test
	void aRoundThatCompiledMoreGoesOnUntilTheWarmupsLastRequests() {
		WarmupRound busy = new WarmupRound(3, 6000, 1000L, 0, 7L, 5, new CompilerState(5120, 0));
		assertNull(busy.ending(LIMITS, false));
		assertEquals("round=3 requests=6000 jit_share=0.0 elapsed_s=5 compiled=5120 pending=0 compiles=7"
				+ " compiles_per_1000=1.17", busy.line(null));
		assertEquals(WarmupRound.Ending.ROUNDS,
				new WarmupRound(12, 6000, 1000L, 0, 7L, 5, new CompilerState(5120, 0)).ending(LIMITS, true));
	}

	@Test
	void aCompilerThatCannotBeReadLeavesTheDecisionToItsThreadsShareOfTheCpu() {
		WarmupRound quiet = new WarmupRound(2, 6000, 1000L, 19, null, 5, null);
		assertEquals(1.9, quiet.jitSharePercent(), 1e-9);
		assertEquals(WarmupRound.Ending.QUIET, quiet.ending(LIMITS, false));
		assertEquals("round=2 requests=6000 jit_share=1.9 elapsed_s=5 compiled=unknown pending=unknown"
				+ " compiles=unknown compiles_per_1000=unknown ended=quiet", quiet.line(quiet.ending(LIMITS, false)));
		assertNull(new WarmupRound(2, 6000, 1000L, 20, null, 5, null).ending(LIMITS, false));
	}

	@Test
	void theTimeBoundStopsABusyWarmupBeforeItsRounds() {
		WarmupRound.Limits bounded = new WarmupRound.Limits(1.0, 2, 20);
		assertEquals(WarmupRound.Ending.SECONDS, new WarmupRound(1, 3000, 1000L, 500, null, 20, null).ending(bounded, false));
		assertNull(new WarmupRound(1, 3000, 1000L, 500, null, 19, null).ending(bounded, false));
		assertNull(new WarmupRound(1, 3000, 1000L, 500, null, 1000, null).ending(LIMITS, false));
	}

	@Test
	void anAppNotStartedHereIsNotWatched() {
		WarmupRound unwatched = new WarmupRound(1, 3000, null, 0, null, 0, null);
		assertNull(unwatched.jitSharePercent());
		assertEquals(WarmupRound.Ending.UNWATCHED, unwatched.ending(LIMITS, false));
		assertEquals("round=1 requests=3000 jit_share=unknown elapsed_s=0 compiled=unknown pending=unknown"
				+ " compiles=unknown compiles_per_1000=unknown ended=unwatched",
				unwatched.line(WarmupRound.Ending.UNWATCHED));
	}

	@Test
	void aRoundThatUsedNoCpuCompiledNothing() {
		assertEquals(0.0, new WarmupRound(1, 3000, 0L, 0, null, 0, null).jitSharePercent());
	}

}
