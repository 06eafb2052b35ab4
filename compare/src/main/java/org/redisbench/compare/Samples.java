package org.redisbench.compare;

import java.util.Arrays;

import org.apache.commons.statistics.descriptive.Median;

/**
 * The values of one figure a test compares, from one run.
 *
 * @param batching how the values were made from per-second samples; {@code null} unless they are batch means
 */
record Samples(double[] values, SampleKind kind, Batching batching) {

	/**
	 * How batch means were made.
	 *
	 * @param length per-second samples a batch, the same in both runs
	 * @param correlation the lag-1 autocorrelation measured over both runs' samples
	 * @param samples the per-second samples this run had
	 * @param repetitions the repetitions they came from
	 */
	record Batching(int length, double correlation, int samples, int repetitions) {
	}

	private static final Median MEDIAN = Median.withDefaults().withCopy(true);

	/** One value a repetition or a search. */
	static Samples of(double[] values, SampleKind kind) {
		return new Samples(values.clone(), kind, null);
	}

	static Samples batchMeans(double[] values, Batching batching) {
		return new Samples(values.clone(), SampleKind.BATCH_MEANS, batching);
	}

	int size() {
		return this.values.length;
	}

	boolean isEmpty() {
		return this.values.length == 0;
	}

	/** The median; NaN when empty. */
	double median() {
		return isEmpty() ? Double.NaN : MEDIAN.evaluate(this.values);
	}

	/** Whether every value is above 0, so that a change can be a ratio. */
	boolean positive() {
		return Arrays.stream(this.values).allMatch(v -> v > 0);
	}

}
