package org.redisbench.compare;

import java.util.ArrayList;
import java.util.List;

/**
 * Samples taken a second apart within one phase are not independent: a rate stays high or low for seconds (the JIT
 * compiler, a GC, the store growing, the machine's other work), and a rank test fed such samples as if independent
 * calls a difference significant far more often than it says (in {@code BatchMeansTest}'s simulation of series whose
 * lag-1 autocorrelation is 0.3 to 0.85, 15% to 59% of the time at alpha 0.05, where it should be 5%). So the samples
 * are first averaged over consecutive batches long enough that one batch's mean hardly predicts the next: the method
 * of batch means. The batch length comes from the samples themselves: with r the lag-1 autocorrelation of both runs'
 * series (each repetition's about its own mean, pooled), a batch holds {@code 3 (1 + r) / (1 - r)} samples, 3 times
 * what an AR(1) series needs to be worth one independent sample (r held between 0 and {@value #MAX_CORRELATION}).
 * Both runs get the same length, so that their means spread alike when nothing changed. A batch never spans two
 * repetitions; what a repetition holds beyond whole batches is dropped from its start, nearest its warm-up.
 *
 * @param base the means of the base run's batches, over every repetition
 * @param next the means of the other run's
 * @param batchLength samples a batch
 * @param correlation the lag-1 autocorrelation measured, before it was bounded
 */
record BatchMeans(double[] base, double[] next, int batchLength, double correlation) {

	/** Above it a batch would hold more than 57 samples, and a phase of a few minutes too few batches to test. */
	static final double MAX_CORRELATION = 0.9;

	/**
	 * A batch is this many times the samples an AR(1) series of the measured correlation needs to be worth one
	 * independent sample. Chosen by simulation (BatchMeansTest): with 2, the test erred up to 10% of the time at alpha
	 * 0.05 on long series, the correlation measured on a finite series being low; with 3, 4.5-7.3%; with 4 hardly
	 * less, at the cost of more phases too short for a verdict.
	 */
	static final double BATCH_FACTOR = 3;

	static BatchMeans of(PerSecond base, PerSecond next) {
		List<double[][]> baseSeries = kept(base);
		List<double[][]> nextSeries = kept(next);
		List<double[][]> both = new ArrayList<>(baseSeries);
		both.addAll(nextSeries);
		double correlation = correlation(both);
		double bounded = Math.max(0, Math.min(MAX_CORRELATION, correlation));
		int length = (int) Math.ceil(BATCH_FACTOR * (1 + bounded) / (1 - bounded) - 1e-9);
		return new BatchMeans(means(baseSeries, length, base.scale()), means(nextSeries, length, next.scale()), length,
				correlation);
	}

	/** Of each batch, {@code scale} times the sum of its numerators over the sum of its denominators. */
	private static double[] means(List<double[][]> series, int length, double scale) {
		List<Double> means = new ArrayList<>();
		for (double[][] pair : series) {
			int n = pair[0].length;
			for (int start = n % length; start + length <= n; start += length) {
				double numerator = 0;
				double denominator = 0;
				for (int i = start; i < start + length; i++) {
					numerator += pair[0][i];
					denominator += pair[1][i];
				}
				means.add(scale * numerator / denominator);
			}
		}
		return means.stream().mapToDouble(Double::doubleValue).toArray();
	}

	/**
	 * The lag-1 autocorrelation of the intervals' ratios, pooled over the series, each about its own mean; 0 when
	 * there are too few samples to tell.
	 */
	static double correlation(List<double[][]> series) {
		double products = 0;
		double squares = 0;
		for (double[][] pair : series) {
			int n = pair[0].length;
			if (n < 2) {
				continue;
			}
			double[] ratio = new double[n];
			double mean = 0;
			for (int i = 0; i < n; i++) {
				ratio[i] = pair[0][i] / pair[1][i];
				mean += ratio[i] / n;
			}
			for (int i = 0; i < n; i++) {
				squares += (ratio[i] - mean) * (ratio[i] - mean);
				if (i > 0) {
					products += (ratio[i] - mean) * (ratio[i - 1] - mean);
				}
			}
		}
		return squares == 0 ? 0 : products / squares;
	}

	/**
	 * Each repetition's intervals as {numerators, denominators}, without those whose denominator is 0 or less: an
	 * interval without requests has no CPU per request.
	 */
	private static List<double[][]> kept(PerSecond samples) {
		List<double[][]> series = new ArrayList<>();
		for (int r = 0; r < samples.repetitions(); r++) {
			double[] numerators = samples.numerators().get(r);
			double[] denominators = samples.denominators().get(r);
			if (numerators.length != denominators.length) {
				throw new IllegalArgumentException("numerators and denominators differ in length: "
						+ numerators.length + ", " + denominators.length);
			}
			List<Integer> kept = new ArrayList<>();
			for (int i = 0; i < numerators.length; i++) {
				if (denominators[i] > 0) {
					kept.add(i);
				}
			}
			series.add(new double[][] { kept.stream().mapToDouble(i -> numerators[i]).toArray(),
					kept.stream().mapToDouble(i -> denominators[i]).toArray() });
		}
		return series;
	}

}
