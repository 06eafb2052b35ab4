package org.redisbench.advise;

import java.util.Collection;

/** Mean, median, 99th percentile and largest of a list of sizes; all 0 for none. */
record SizeDistribution(double mean, long p50, long p99, long max, int count) {

	static SizeDistribution of(Collection<? extends Number> sizes) {
		long[] sorted = sizes.stream().mapToLong(Number::longValue).sorted().toArray();
		if (sorted.length == 0) {
			return new SizeDistribution(0, 0, 0, 0, 0);
		}
		double sum = 0;
		for (long size : sorted) {
			sum += size;
		}
		return new SizeDistribution(sum / sorted.length, percentile(sorted, 0.50), percentile(sorted, 0.99),
				sorted[sorted.length - 1], sorted.length);
	}

	/** The nearest-rank percentile. */
	private static long percentile(long[] sorted, double share) {
		int rank = (int) Math.ceil(share * sorted.length);
		return sorted[Math.max(0, rank - 1)];
	}

}
