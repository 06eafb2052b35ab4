package org.redisbench.estimates;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class VerdictTest {

	@Test
	void aDifferenceIsClaimedOnlyWhereTheIntervalsDoNotOverlap() {
		Estimate fast = new Estimate(100, 10);
		Estimate slow = new Estimate(200, 10);
		assertEquals(Verdict.Kind.FASTER, Verdict.of(fast, slow).kind());
		assertEquals(Verdict.Kind.SLOWER, Verdict.of(slow, fast).kind());
		assertEquals(0.5, Verdict.of(fast, slow).ratio());
	}

	@Test
	void overlappingIntervalsAreIndistinguishableHoweverFarApartTheScores() {
		assertEquals(Verdict.Kind.INDISTINGUISHABLE, Verdict.of(new Estimate(100, 60), new Estimate(200, 50)).kind());
		// touching at 150 is overlapping
		assertEquals(Verdict.Kind.INDISTINGUISHABLE, Verdict.of(new Estimate(100, 50), new Estimate(200, 50)).kind());
	}

	@Test
	void withoutAnIntervalThereIsNoVerdict() {
		assertEquals(Verdict.Kind.NO_INTERVAL,
				Verdict.of(new Estimate(100, Double.NaN), new Estimate(900, 1)).kind());
	}

}
