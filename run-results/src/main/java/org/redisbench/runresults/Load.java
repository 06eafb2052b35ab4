package org.redisbench.runresults;

import org.redisbench.tooloutput.AbOutput;
import org.redisbench.tooloutput.RedisBenchmarkOutput;

/**
 * The requests of one phase: how many were asked for at what concurrency, and what the load generator (ab, or
 * redis-benchmark for a Redis ceiling) measured of them. A figure the tool did not print is {@code null}.
 */
public record Load(Long requests, Integer concurrency, Long completeRequests, Double requestsPerSecond,
		Double timePerRequestMs, Double timePerRequestAllMs, Double p50Ms, Double p90Ms, Double p99Ms, Double maxMs,
		Long failedRequests, Long non2xx) {

	/** Asked for, never sent: bench.sh skipped the phase. */
	public static Load notRun(long requests, int concurrency) {
		return new Load(requests, concurrency, null, null, null, null, null, null, null, null, null, null);
	}

	public static Load of(long requests, int concurrency, AbOutput ab) {
		return new Load(requests, concurrency, ab.completeRequests(), ab.requestsPerSecond(), ab.timePerRequestMs(),
				ab.timePerRequestAllMs(), ab.percentileMs(50), ab.percentileMs(90), ab.percentileMs(99), ab.maxMs(),
				ab.failedRequests(), ab.non2xx());
	}

	/**
	 * redis-benchmark counts every request it sends as complete, and prints neither a mean time per request, nor a
	 * p90, nor failures.
	 */
	public static Load of(Long requests, int clients, RedisBenchmarkOutput.Test test) {
		return new Load(requests, clients, requests, test.requestsPerSecond(), null, null, test.p50Ms(), null,
				test.p99Ms(), test.maxMs(), null, null);
	}

}
