package org.redisbench.runresults;

import java.util.Map;

import org.redisbench.tooloutput.PrometheusText;

/**
 * Where the app spent a phase's requests, in ms per HTTP request, from the Prometheus scrapes just before and
 * just after the phase. {@code serverMs} is Spring's own timing of the requests to the phase's path
 * ({@code http_server_requests_seconds}, every status); encode, decode and Redis are the app's
 * {@code bench.encode}, {@code bench.decode} and {@code bench.redis} (or {@code bench.memcached}) timers. All are divided by the phase's HTTP
 * requests, not by the timer's own count, so that the parts add up to the server time: a request that never
 * reached Redis adds no Redis time. Each figure is {@code null} when a scrape is missing or lacks its metric.
 */
public record TimeSplit(Double serverMs, Double encodeMs, Double decodeMs, Double redisMs) {

	public static final TimeSplit NONE = new TimeSplit(null, null, null, null);

	public static TimeSplit between(PrometheusText before, PrometheusText after, String path) {
		if (before.isEmpty() || after.isEmpty()) {
			return NONE;
		}
		Map<String, String> uri = Map.of("uri", path);
		Double requests = after.growthSince(before, "http_server_requests_seconds_count", uri);
		if (requests == null || requests <= 0) {
			return NONE;
		}
		return new TimeSplit(msPer(after.growthSince(before, "http_server_requests_seconds_sum", uri), requests),
				msPer(after.growthSince(before, "bench_encode_seconds_sum", Map.of()), requests),
				msPer(after.growthSince(before, "bench_decode_seconds_sum", Map.of()), requests),
				msPer(storeSeconds(before, after), requests));
	}

	/** Redis's I/O time, or memcached's when the app kept its persons there. */
	private static Double storeSeconds(PrometheusText before, PrometheusText after) {
		Double redis = after.growthSince(before, "bench_redis_seconds_sum", Map.of());
		return redis != null ? redis : after.growthSince(before, "bench_memcached_seconds_sum", Map.of());
	}

	public Double codecMs() {
		return this.encodeMs == null || this.decodeMs == null ? null : this.encodeMs + this.decodeMs;
	}

	/** Server time outside the codec and Redis: HTTP handling, building the persons, waiting for a core. */
	public Double restMs() {
		Double codec = codecMs();
		return this.serverMs == null || codec == null || this.redisMs == null ? null : this.serverMs - codec - this.redisMs;
	}

	private static Double msPer(Double seconds, double requests) {
		return seconds == null ? null : seconds * 1000 / requests;
	}

}
