package org.redisbench.report;

/**
 * What the app spent on a phase, per HTTP request: processor time summed over its threads, its resident memory
 * after the phase, and where the requests' time went. A figure that could not be read is {@code null}.
 */
public record AppFigures(Double cpuMsPerRequest, Long rssBytes, TimeSplit timeSplit) {

	/** A phase that never reached the app: a redis-benchmark test, or a skipped phase. */
	static final AppFigures NONE = new AppFigures(null, null, TimeSplit.NONE);

}
