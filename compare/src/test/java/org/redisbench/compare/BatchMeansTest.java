package org.redisbench.compare;

import java.util.List;
import java.util.SplittableRandom;

import org.apache.commons.statistics.inference.MannWhitneyUTest;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Batch means on series worked by hand, and what they are for: a test that errs as often as it says. */
class BatchMeansTest {

	private static final double ALPHA = 0.05;

	/** An alternating series is negatively correlated: r is held at 0, a batch is 3 samples. */
	@Test
	void anAlternatingSeriesIsBatchedInThrees() {
		PerSecond base = PerSecond.rates(List.of(new double[] { 9, 1, 3, 1, 3, 1, 3, 1 }));
		PerSecond next = PerSecond.rates(List.of(new double[] { 2, 4, 2, 4, 2, 4 }));

		BatchMeans means = BatchMeans.of(base, next);

		assertTrue(means.correlation() < 0, "r " + means.correlation());
		assertEquals(3, means.batchLength());
		// 8 samples: the first 2 (nearest the warm-up, here the outlier 9) are dropped, then (3+1+3)/3, (1+3+1)/3.
		assertArrayEquals(new double[] { 7.0 / 3, 5.0 / 3 }, means.base(), 1e-12);
		assertArrayEquals(new double[] { 8.0 / 3, 10.0 / 3 }, means.next(), 1e-12);
	}

	/**
	 * A series that rises for 10 samples and falls for 10, in each of two repetitions: about its mean 4.5, the
	 * products of neighbours sum to 57.75 + 20.25 + 57.75 and the squares to 165, so r = 135.75 / 165 = 0.823, a batch
	 * is 3 x 1.823 / 0.177 = 31 samples, and a repetition of 20 holds none.
	 */
	@Test
	void aSlowSeriesGetsLongBatches() {
		double[] wave = new double[20];
		for (int i = 0; i < 20; i++) {
			wave[i] = i < 10 ? i : 19 - i;
		}
		PerSecond base = PerSecond.rates(List.of(wave, wave));

		BatchMeans means = BatchMeans.of(base, base);

		assertEquals(135.75 / 165, means.correlation(), 1e-12);
		assertEquals(31, means.batchLength());
		assertEquals(0, means.base().length);
	}

	/** A ratio is averaged as one: the sum of the numerators over the sum of the denominators, times the scale. */
	@Test
	void aRatioIsAveragedByItsTotals() {
		PerSecond cpu = new PerSecond(List.of(new double[] { 1, 1, 1, 0.5, 0.5, 0.5 }),
				List.of(new double[] { 100, 300, 200, 100, 0, 100 }), 1000);

		BatchMeans means = BatchMeans.of(cpu, cpu);

		// The interval without requests is left out; 5 remain, the first 2 dropped: (1 + 0.5 + 0.5) / (200 + 100 + 100).
		assertEquals(3, means.batchLength());
		assertArrayEquals(new double[] { 1000 * 2.0 / 400 }, means.base(), 1e-12);
	}

	/**
	 * The reason for batches. Two runs of 100 per-second samples each from the same AR(1) process (lag-1 correlation
	 * 0.5, as the rates of bench's CompareRunsTest's phases had on a loaded machine): fed to the test one sample a value, it calls
	 * a difference in about a quarter of 400 pairs; on batch means, in about 1 in 20, as alpha says. And a 10% change
	 * of the mean (one standard deviation of a sample) is still found nearly every time.
	 */
	@Test
	void batchesKeepTheTestToItsAlphaOnCorrelatedSamples() {
		SplittableRandom random = new SplittableRandom(20261126);
		int trials = 400;
		int naive = 0;
		int batched = 0;
		int found = 0;
		for (int t = 0; t < trials; t++) {
			double[] a = ar1(random, 100, 0.5, 100, 10);
			double[] b = ar1(random, 100, 0.5, 100, 10);
			double[] slower = ar1(random, 100, 0.5, 90, 10);
			if (MannWhitneyUTest.withDefaults().test(a, b).getPValue() < ALPHA) {
				naive++;
			}
			if (significant(a, b)) {
				batched++;
			}
			if (significant(a, slower)) {
				found++;
			}
		}
		assertTrue(naive > 0.18 * trials, "one sample a value: " + naive + " of " + trials + " significant");
		assertTrue(batched < 0.08 * trials, "batch means: " + batched + " of " + trials + " significant");
		assertTrue(found > 0.8 * trials, "a 10% change found " + found + " times of " + trials);
	}

	private static boolean significant(double[] base, double[] next) {
		BatchMeans means = BatchMeans.of(PerSecond.rates(List.of(base)), PerSecond.rates(List.of(next)));
		return ShiftEstimate.of(means.base(), means.next(), ALPHA).pValue() < ALPHA;
	}

	/** An AR(1) series: each value {@code rho} times the last one's deviation from the mean, plus fresh noise. */
	private static double[] ar1(SplittableRandom random, int n, double rho, double mean, double deviation) {
		double[] series = new double[n];
		double e = deviation * random.nextGaussian();
		for (int i = 0; i < n; i++) {
			e = rho * e + Math.sqrt(1 - rho * rho) * deviation * random.nextGaussian();
			series[i] = mean + e;
		}
		return series;
	}

}
