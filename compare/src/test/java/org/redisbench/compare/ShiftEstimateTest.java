package org.redisbench.compare;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** The test, the estimate and the interval on samples whose answers are in the textbooks. */
class ShiftEstimateTest {

	private static final double ALPHA = 0.05;

	/**
	 * Hollander and Wolfe's permeability constants (Nonparametric Statistical Methods, 1973, p. 69), the example of R's
	 * {@code wilcox.test}: W = 35, exact two-sided p = 0.2544, difference in location 0.305, 95% interval -0.15 to
	 * 0.76. The interval's ends are the 9th and 42nd of the 50 ordered differences: P(U ≤ 8) = 0.020 is the largest
	 * tail of the exact null distribution of U (m = 10, n = 5) at or below 0.025.
	 */
	@Test
	void permeabilityConstantsAsInTheTextbook() {
		double[] x = { 0.80, 0.83, 1.89, 1.04, 1.45, 1.38, 1.91, 1.64, 0.73, 1.46 };
		double[] y = { 1.15, 0.88, 0.90, 0.74, 1.21 };

		ShiftEstimate estimate = ShiftEstimate.of(y, x, ALPHA);

		assertEquals(0.2544122544, estimate.pValue(), 1e-9);
		assertEquals(0.305, estimate.shift(), 1e-12);
		assertEquals(-0.15, estimate.low(), 1e-12);
		assertEquals(0.76, estimate.high(), 1e-12);
	}

	/** The test is symmetric: the other way round, the same p and the interval mirrored. */
	@Test
	void theOtherWayRoundMirrors() {
		double[] x = { 0.80, 0.83, 1.89, 1.04, 1.45, 1.38, 1.91, 1.64, 0.73, 1.46 };
		double[] y = { 1.15, 0.88, 0.90, 0.74, 1.21 };

		ShiftEstimate estimate = ShiftEstimate.of(x, y, ALPHA);

		assertEquals(0.2544122544, estimate.pValue(), 1e-9);
		assertEquals(-0.305, estimate.shift(), 1e-12);
		assertEquals(-0.76, estimate.low(), 1e-12);
		assertEquals(0.15, estimate.high(), 1e-12);
	}

	/** 3 against 3, completely apart: U = 0, p = 2 / C(6, 3) = 0.1, the smallest there is, so never below 0.05. */
	@Test
	void threeAgainstThreeCannotReachFivePercent() {
		ShiftEstimate estimate = ShiftEstimate.of(new double[] { 1, 2, 3 }, new double[] { 4, 5, 6 }, ALPHA);

		assertEquals(0.1, estimate.pValue(), 1e-12);
		assertEquals(0.1, estimate.smallestP(), 1e-12);
		assertEquals(3, estimate.shift(), 1e-12);
		assertNull(estimate.low(), "no shift below is rejected: the interval is unbounded");
		assertNull(estimate.high());
	}

	/** 4 against 4, completely apart: p = 2 / C(8, 4) = 2 / 70, below 0.05. */
	@Test
	void fourAgainstFourCan() {
		ShiftEstimate estimate = ShiftEstimate.of(new double[] { 1, 2, 3, 4 }, new double[] { 11, 12, 13, 14 }, ALPHA);

		assertEquals(2.0 / 70, estimate.pValue(), 1e-12);
		assertEquals(2.0 / 70, estimate.smallestP(), 1e-12);
		assertEquals(10, estimate.shift(), 1e-12);
		// Only U = 0 and U = 16 are rejected (two-sided p 2/70; U = 1 has 4/70): every shift strictly between the
		// smallest and the largest of the 16 differences (7, 8, 8, 9, 9, 9, 10 x4, 11 x3, 12, 12, 13) is not.
		assertEquals(7, estimate.low(), 1e-12);
		assertEquals(13, estimate.high(), 1e-12);
	}

	/** Identical samples: nothing sets them apart, p 1 (the normal approximation has no variance), no shift. */
	@Test
	void identicalSamplesShowNoShift() {
		ShiftEstimate estimate = ShiftEstimate.of(new double[] { 245, 245, 245, 245, 245 },
				new double[] { 245, 245, 245, 245, 245 }, ALPHA);

		assertEquals(1, estimate.pValue());
		assertEquals(0, estimate.shift());
		assertEquals(0, estimate.low());
		assertEquals(0, estimate.high());
	}

	/** The smallest p of m against n is 2 / C(m + n, m): the rule for "too few". */
	@Test
	void smallestPIsTwoOverTheBinomialCoefficient() {
		assertEquals(1, ShiftEstimate.smallestP(1, 1), 1e-12);
		assertEquals(2.0 / 10, ShiftEstimate.smallestP(2, 3), 1e-12);
		assertEquals(2.0 / 35, ShiftEstimate.smallestP(3, 4), 1e-12);
		assertEquals(2.0 / 252, ShiftEstimate.smallestP(5, 5), 1e-12);
	}

}
