package org.redisbench.lab;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class DetectionCostTest {

	@Test
	void theRatioIsReadingBothOverPlainAndItsBoundsTheIntervalsExtremes() {
		DetectionCost cost = new DetectionCost("jdk>kryo", "new", new Estimate(400, 8), new Estimate(404, 4));
		assertEquals(1.01, cost.ratio(), 1e-9);
		assertEquals(400.0 / 408, cost.lower(), 1e-9);
		assertEquals(408.0 / 392, cost.upper(), 1e-9);
	}

	@Test
	void theBoundIsClaimedOnlyWhereTheWholeIntervalIsOnOneSide() {
		assertEquals("under 2%", cost(400, 1, 404, 1).verdict());
		assertEquals("over 2%", cost(400, 1, 420, 1).verdict());
		assertEquals("not settled: the interval spans 2%", cost(400, 8, 404, 4).verdict());
		assertEquals("no interval", cost(400, Double.NaN, 404, 4).verdict());
	}

	@Test
	void aPlainIntervalReachingZeroLeavesTheUpperBoundOpen() {
		assertEquals(Double.POSITIVE_INFINITY, cost(10, 10, 11, 1).upper());
	}

	@Test
	void theTableHasARowAMigrationAndValues() {
		String table = DetectionCost.table(List.of(cost(400, 1, 404, 1), cost(400, Double.NaN, 404, 1)));
		assertEquals("""
				| migration | values | plain ns | reading both ns | ratio | ratio's bounds | 2% |
				|---|---|---:|---:|---:|---|---|
				| jdk>kryo | new | 400.0 ± 1.0 | 404.0 ± 1.0 | 1.010 | 1.005–1.015 | under 2% |
				| jdk>kryo | new | 400.0 | 404.0 ± 1.0 | 1.010 | – | no interval |
				""", table);
	}

	private static DetectionCost cost(double plain, double plainError, double both, double bothError) {
		return new DetectionCost("jdk>kryo", "new", new Estimate(plain, plainError), new Estimate(both, bothError));
	}

}
