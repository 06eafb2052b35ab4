package org.redisbench.lab;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.redisbench.estimates.Estimate;

import static org.junit.jupiter.api.Assertions.assertEquals;

class DetectionCostTest {

	@Test
	void aRatiosBoundsAreItsIntervalsExtremes() {
		DetectionCost.Ratio ratio = new DetectionCost.Ratio(new Estimate(404, 4), new Estimate(400, 8));
		assertEquals(1.01, ratio.value(), 1e-9);
		assertEquals(400.0 / 408, ratio.lower(), 1e-9);
		assertEquals(408.0 / 392, ratio.upper(), 1e-9);
	}

	@Test
	void aTimeIsNeverBelowZeroNorADenominatorReachingZeroABound() {
		assertEquals(0, new DetectionCost.Ratio(new Estimate(2, 3), new Estimate(400, 8)).lower());
		assertEquals(Double.POSITIVE_INFINITY, new DetectionCost.Ratio(new Estimate(11, 1), new Estimate(10, 10)).upper());
	}

	@Test
	void theBoundIsClaimedOnlyWhereTheWholeIntervalIsOnOneSide() {
		assertEquals("under 2%", cost(400, 1, 404, 1, 3, 0.1).decodesVerdict());
		assertEquals("over 2%", cost(400, 1, 420, 1, 3, 0.1).decodesVerdict());
		assertEquals("not settled: the interval spans 2%", cost(400, 8, 404, 4, 3, 0.1).decodesVerdict());
		assertEquals("no interval", cost(400, Double.NaN, 404, 4, 3, 0.1).decodesVerdict());
		assertEquals("under 2%", cost(400, 8, 404, 4, 5, 0.1).detectionVerdict());
		assertEquals("over 2%", cost(400, 8, 404, 4, 12, 0.1).detectionVerdict());
		assertEquals("not settled: the interval spans 2%", cost(400, 8, 404, 4, 10, 1).detectionVerdict());
	}

	@Test
	void theDetectionsOwnTimeIsItsLessTheFirstBytesWithBothErrors() {
		Estimate own = cost(400, 8, 404, 4, 5, 0.5).detectionOwn();
		assertEquals(3, own.score(), 1e-9);
		assertEquals(0.6, own.error(), 1e-9);
	}

	@Test
	void theTableHasARowAMigrationAndValues() {
		String table = DetectionCost.table(List.of(cost(400, 1, 404, 1, 5, 0.1), cost(400, Double.NaN, 404, 1, 5, 0.1)));
		assertEquals("""
				| migration | values | plain decode ns | reading both ns | ratio | 2% | detection ns | first byte ns | detection's own / plain | 2% |
				|---|---|---:|---:|---:|---|---:|---:|---:|---|
				| jdk>kryo | new | 400.0 ± 1.0 | 404.0 ± 1.0 | 1.010 (1.005–1.015) | under 2% | 5.00 ± 0.10 | 2.00 ± 0.10 | 0.008 (0.007–0.008) | under 2% |
				| jdk>kryo | new | 400.0 | 404.0 ± 1.0 | 1.010 | no interval | 5.00 ± 0.10 | 2.00 ± 0.10 | 0.008 | no interval |
				""", table);
	}

	/** A first byte of 2 ± 0.1 ns. */
	private static DetectionCost cost(double plain, double plainError, double both, double bothError, double detection,
			double detectionError) {
		return new DetectionCost("jdk>kryo", "new", new Estimate(plain, plainError), new Estimate(both, bothError),
				new Estimate(detection, detectionError), new Estimate(2, 0.1));
	}

}
