package org.redisbench.compare;

import java.util.Arrays;

/**
 * A figure's change from a base sample to another, in percent of the base, with its interval and the test's verdict.
 * Where every value is above 0 the shift is estimated between logarithms, so that the change is a ratio (the median
 * of {@code next[i] / base[j]}, less 1) and a change of -50% and one of +100% are the same distance; otherwise it is a
 * difference, in percent of the base's median.
 *
 * @param percent the change, {@code null} when the base's median is 0 and the change no ratio
 * @param lowPercent the lower end of its interval, {@code null} when unbounded or not a ratio
 * @param highPercent the upper end, likewise
 * @param exact whether the p is exact (fewer than 50 values a side, none tied) rather than the normal approximation
 */
record Change(Double percent, Double lowPercent, Double highPercent, double pValue, double smallestP, boolean exact,
		ChangeVerdict verdict) {

	/** The values a side below which the test's p is exact when none is tied (Commons Statistics' AUTO rule). */
	static final int EXACT_BELOW = 50;

	static Change of(Samples base, Samples next, Direction direction, double alpha) {
		boolean ratio = base.positive() && next.positive();
		double[] x = ratio ? logs(base.values()) : base.values();
		double[] y = ratio ? logs(next.values()) : next.values();
		ShiftEstimate estimate = ShiftEstimate.of(x, y, alpha);
		Double percent;
		Double low;
		Double high;
		if (ratio) {
			percent = percent(estimate.shift());
			low = estimate.low() == null ? null : percent(estimate.low());
			high = estimate.high() == null ? null : percent(estimate.high());
		}
		else {
			double median = base.median();
			double scale = median == 0 ? Double.NaN : 100 / Math.abs(median);
			percent = median == 0 ? null : estimate.shift() * scale;
			low = median == 0 || estimate.low() == null ? null : estimate.low() * scale;
			high = median == 0 || estimate.high() == null ? null : estimate.high() * scale;
		}
		ChangeVerdict verdict;
		if (estimate.smallestP() >= alpha) {
			verdict = ChangeVerdict.TOO_FEW;
		}
		else if (estimate.pValue() < alpha && estimate.shift() != 0) {
			verdict = direction.worse(estimate.shift()) ? ChangeVerdict.WORSE : ChangeVerdict.BETTER;
		}
		else {
			verdict = ChangeVerdict.SAME;
		}
		boolean exact = Math.max(base.size(), next.size()) < EXACT_BELOW && !tied(base.values(), next.values());
		return new Change(percent, low, high, estimate.pValue(), estimate.smallestP(), exact, verdict);
	}

	/** Whether the change got worse by more than {@code percent}, significantly. */
	boolean worseBeyond(double percent) {
		return this.verdict == ChangeVerdict.WORSE && this.percent != null && Math.abs(this.percent) > percent;
	}

	/** In percent; 0 rather than -0 for no change. */
	private static double percent(double logRatio) {
		return Math.expm1(logRatio) * 100 + 0.0;
	}

	private static double[] logs(double[] values) {
		return Arrays.stream(values).map(Math::log).toArray();
	}

	/** Whether any value occurs twice in both samples together, as the test's ranking sees ties. */
	private static boolean tied(double[] a, double[] b) {
		double[] all = new double[a.length + b.length];
		System.arraycopy(a, 0, all, 0, a.length);
		System.arraycopy(b, 0, all, a.length, b.length);
		return Arrays.stream(all).distinct().count() < all.length;
	}

}
