package org.redisbench.model;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * The median and the range of one figure over its runs (a report's repetitions, a tool's rounds, a phase's
 * single commands): the one median every tool computes.
 */
public record Spread(double median, double min, double max, int runs) {

	/** {@code null} when no run gave the figure. */
	public static Spread of(List<Double> values) {
		return of(values.stream().filter(Objects::nonNull).mapToDouble(Double::doubleValue).toArray());
	}

	/**
	 * Of every value; the median of an even count is the mean of the middle two. {@code null} when there are none.
	 */
	public static Spread of(double[] values) {
		double[] sorted = values.clone();
		Arrays.sort(sorted);
		if (sorted.length == 0) {
			return null;
		}
		int middle = sorted.length / 2;
		double median = sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
		return new Spread(median, sorted[0], sorted[sorted.length - 1], sorted.length);
	}

	/**
	 * Whether two figures differ by more than their run-to-run spread: their min–max ranges do not overlap.
	 * {@code null} when either has a single run, which measures no spread.
	 */
	public static Boolean beyondSpread(Spread a, Spread b) {
		if (a == null || b == null || a.runs < 2 || b.runs < 2) {
			return null;
		}
		return a.max < b.min || b.max < a.min;
	}

}
