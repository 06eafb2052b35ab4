package org.redisbench.compare;

import java.util.Arrays;
import java.util.stream.IntStream;

import org.apache.commons.statistics.descriptive.Median;
import org.apache.commons.statistics.inference.MannWhitneyUTest;

/**
 * How far one sample lies from another, by ranks: the Mann–Whitney U test (Apache Commons Statistics: exact below 50
 * values a side when no value is tied, else the normal approximation with tie and continuity correction), the
 * Hodges–Lehmann estimate of the shift (the median of every difference {@code next[i] - base[j]}), and the interval of
 * shifts the same test does not reject at {@code alpha} (Moses' interval: the test inverted, so that the interval
 * leaves out 0 exactly when the test rejects no shift, up to the approximation with ties). Nothing is assumed of the
 * samples' distribution but that their values are independent and differ by a shift.
 *
 * @param shift the Hodges–Lehmann estimate of {@code next - base}
 * @param low the interval's lower end, {@code null} when no shift below is rejected (too few values)
 * @param high its upper end, {@code null} likewise
 * @param pValue the two-sided p of no shift
 * @param smallestP the smallest two-sided p these sample sizes can give at all (complete separation, no ties): at
 * or above {@code alpha} no outcome could be significant
 */
record ShiftEstimate(double shift, Double low, Double high, double pValue, double smallestP) {

	private static final MannWhitneyUTest TEST = MannWhitneyUTest.withDefaults();

	private static final Median MEDIAN = Median.withDefaults().withCopy(true);

	static ShiftEstimate of(double[] base, double[] next, double alpha) {
		if (base.length == 0 || next.length == 0) {
			throw new IllegalArgumentException("a shift needs values on both sides");
		}
		double[] differences = new double[base.length * next.length];
		int k = 0;
		for (double x : next) {
			for (double y : base) {
				differences[k++] = x - y;
			}
		}
		Arrays.sort(differences);
		double shift = MEDIAN.evaluate(differences);
		double p = p(TEST, base, next);
		double smallest = smallestP(base.length, next.length);
		double[] values = Arrays.stream(differences).distinct().toArray();
		Gaps gaps = new Gaps(base, next, values);
		int centre = gaps.around(shift);
		if (gaps.p(centre) < alpha) {
			// Only the tied differences at the estimate itself are not rejected: an interval of one point.
			return new ShiftEstimate(shift, shift, shift, p, smallest);
		}
		int first = gaps.firstAccepted(centre, alpha);
		int last = gaps.lastAccepted(centre, alpha);
		return new ShiftEstimate(shift, first == 0 ? null : values[first - 1],
				last == values.length ? null : values[last], p, smallest);
	}

	/**
	 * The test's two-sided p; 1 where every value is tied with every other, which leaves the normal approximation
	 * without a variance (its NaN): nothing sets the samples apart.
	 */
	private static double p(MannWhitneyUTest test, double[] base, double[] next) {
		double p = test.test(next, base).getPValue();
		return Double.isNaN(p) ? 1 : p;
	}

	/** 2 / C(m + n, m) for samples of {@code m} and {@code n} values, as the test computes it. */
	static double smallestP(int m, int n) {
		return TEST.test(IntStream.range(0, m).asDoubleStream().toArray(),
				IntStream.range(m, m + n).asDoubleStream().toArray()).getPValue();
	}

	/**
	 * The gaps between the distinct differences, where a shift ties no value of {@code next} with one of {@code base}:
	 * gap {@code g} holds the shifts above {@code g} of the distinct values and below the rest (gap 0 lies below them
	 * all). Every shift in a gap gives the test the same U, so each gap has one p; it rises towards the estimate and
	 * falls away from it on either side, which lets a bisection find the interval's ends.
	 */
	private record Gaps(double[] base, double[] next, double[] values) {

		/** A gap next to the estimate: the one holding it, or of the two beside it the one with the larger p. */
		int around(double shift) {
			int at = Arrays.binarySearch(this.values, shift);
			if (at < 0) {
				return -at - 1;
			}
			return p(at) >= p(at + 1) ? at : at + 1;
		}

		/** The lowest gap from 0 to {@code centre} whose p reaches alpha, given that {@code centre}'s does. */
		int firstAccepted(int centre, double alpha) {
			int low = 0;
			int high = centre;
			while (low < high) {
				int middle = (low + high) >>> 1;
				if (p(middle) >= alpha) {
					high = middle;
				}
				else {
					low = middle + 1;
				}
			}
			return low;
		}

		/** The highest gap from {@code centre} on whose p reaches alpha, given that {@code centre}'s does. */
		int lastAccepted(int centre, double alpha) {
			int low = centre;
			int high = this.values.length;
			while (low < high) {
				int middle = (low + high + 1) >>> 1;
				if (p(middle) >= alpha) {
					low = middle;
				}
				else {
					high = middle - 1;
				}
			}
			return low;
		}

		/** The test's p for a shift inside gap {@code g}. */
		double p(int g) {
			double shift;
			if (g == 0) {
				shift = this.values[0] - (1 + Math.abs(this.values[0]));
			}
			else if (g == this.values.length) {
				double top = this.values[this.values.length - 1];
				shift = top + 1 + Math.abs(top);
			}
			else {
				shift = (this.values[g - 1] + this.values[g]) / 2;
			}
			return ShiftEstimate.p(TEST.withMu(shift), this.base, this.next);
		}

	}

}
