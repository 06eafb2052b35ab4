package org.redisbench.runresults;

/**
 * What the app spent on a phase, per HTTP request: processor time summed over its threads, and of it the JIT
 * compiler's (a JVM still compiling is not yet the app it will be once warm), its resident memory
 * after the phase, and where the requests' time went; and how many of the phase's requests it answered 404 (a
 * person not found), counted by the app itself. A figure that could not be read is {@code null}.
 */
public record AppFigures(Double cpuMsPerRequest, Double jitCpuMsPerRequest, Long rssBytes, TimeSplit timeSplit,
		Long notFoundResponses) {

	/** A phase that never reached the app: a redis-benchmark test, or a skipped phase. */
	public static final AppFigures NONE = new AppFigures(null, null, null, TimeSplit.NONE, null);

}
