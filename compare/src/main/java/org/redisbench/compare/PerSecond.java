package org.redisbench.compare;

import java.util.Arrays;
import java.util.List;

/**
 * One figure's per-second samples in one run, a series per repetition: each interval's numerator and denominator, so
 * that a figure that is a ratio (CPU per request) is averaged as one, by totals. A rate is its own numerator over
 * 1.
 *
 * @param scale what the ratio is multiplied by: 1000 for CPU seconds per request in ms
 */
record PerSecond(List<double[]> numerators, List<double[]> denominators, double scale) {

	PerSecond {
		if (numerators.size() != denominators.size()) {
			throw new IllegalArgumentException("a series of numerators and one of denominators a repetition");
		}
		numerators = List.copyOf(numerators);
		denominators = List.copyOf(denominators);
	}

	/** Rates, one series a repetition. */
	static PerSecond rates(List<double[]> repetitions) {
		return new PerSecond(repetitions, repetitions.stream().map(series -> ones(series.length)).toList(), 1);
	}

	/** The denominators of a rate. */
	static double[] ones(int n) {
		double[] ones = new double[n];
		Arrays.fill(ones, 1);
		return ones;
	}

	int repetitions() {
		return this.numerators.size();
	}

	int samples() {
		return this.numerators.stream().mapToInt(series -> series.length).sum();
	}

}
