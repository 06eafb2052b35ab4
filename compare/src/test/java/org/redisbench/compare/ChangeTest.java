package org.redisbench.compare;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A change in percent, its direction and its verdict. */
class ChangeTest {

	private static final double ALPHA = 0.05;

	/** Every value 25% higher: a ratio of exactly 1.25; for a rate better, for a cost worse. */
	@Test
	void aRatioOfPositiveValues() {
		Samples base = Samples.of(new double[] { 100, 102, 104, 106 }, SampleKind.REPETITIONS);
		Samples next = Samples.of(new double[] { 125, 127.5, 130, 132.5 }, SampleKind.REPETITIONS);

		Change rate = Change.of(base, next, Direction.HIGHER_IS_BETTER, ALPHA);
		Change cost = Change.of(base, next, Direction.LOWER_IS_BETTER, ALPHA);

		assertEquals(25, rate.percent(), 1e-9);
		assertEquals(ChangeVerdict.BETTER, rate.verdict());
		assertEquals(ChangeVerdict.WORSE, cost.verdict());
		assertTrue(cost.worseBeyond(24.9));
		assertFalse(cost.worseBeyond(25.1));
		assertFalse(rate.worseBeyond(0), "better is never worse");
		assertTrue(rate.lowPercent() <= 25 && rate.highPercent() >= 25);
	}

	/** A capacity of 0 (the first rate missed the objective) makes the change a difference, in % of BASE's median. */
	@Test
	void aDifferenceWhereAValueIsZero() {
		Samples base = Samples.of(new double[] { 0, 10, 20, 30 }, SampleKind.SEARCHES);
		Samples next = Samples.of(new double[] { 40, 50, 60, 70 }, SampleKind.SEARCHES);

		Change change = Change.of(base, next, Direction.HIGHER_IS_BETTER, ALPHA);

		// Differences 10 to 70, median 40; BASE's median 15.
		assertEquals(40.0 / 15 * 100, change.percent(), 1e-9);
		assertEquals(2.0 / 70, change.pValue(), 1e-12);
		assertEquals(ChangeVerdict.BETTER, change.verdict());
	}

	/** A base of all zeros has no percent at all; the test still speaks. */
	@Test
	void noPercentOfNothing() {
		Samples base = Samples.of(new double[] { 0, 0, 0, 0 }, SampleKind.SEARCHES);
		Samples next = Samples.of(new double[] { 40, 50, 60, 70 }, SampleKind.SEARCHES);

		Change change = Change.of(base, next, Direction.HIGHER_IS_BETTER, ALPHA);

		assertNull(change.percent());
		assertFalse(change.exact(), "tied zeros: the normal approximation");
		assertEquals(ChangeVerdict.BETTER, change.verdict());
	}

	/** 3 against 3 gets no verdict, however far apart. */
	@Test
	void threeAgainstThreeIsTooFew() {
		Samples base = Samples.of(new double[] { 100, 101, 102 }, SampleKind.REPETITIONS);
		Samples next = Samples.of(new double[] { 10, 11, 12 }, SampleKind.REPETITIONS);

		Change change = Change.of(base, next, Direction.HIGHER_IS_BETTER, ALPHA);

		assertEquals(ChangeVerdict.TOO_FEW, change.verdict());
		assertFalse(change.worseBeyond(0), "no verdict fails no bar");
	}

}
