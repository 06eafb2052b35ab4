package org.redisbench.report;

import java.util.Map;

/**
 * Where the app spent a phase's requests, in ms per HTTP request, from the Prometheus scrapes just before and
 * just after the phase. {@code serverMs} is Spring's own timing of the requests to the phase's path
 * ({@code http_server_requests_seconds}, every status); encode, decode and Redis are the app's
 * {@code bench.encode}, {@code bench.decode} and {@code bench.redis} timers. All are divided by the phase's HTTP
 * requests, not by the timer's own count, so that the parts add up to the server time: a request that never
 * reached Redis adds no Redis time. Each figure is {@code null} when a scrape is missing or lacks its metric.
 */
public record TimeSplit(Double serverMs, Double encodeMs, Double decodeMs, Double redisMs) {

	static final TimeSplit NONE = new TimeSplit(null, null, null, null);

	static TimeSplit between(PrometheusText before, PrometheusText after, String path) {
		if (before.isEmpty() || after.isEmpty()) {
			return NONE;
		}
		Map<String, String> uri = Map.of("uri", path);
		Double requests = delta(before, after, "http_server_requests_seconds_count", uri);
		if (requests == null || requests <= 0) {
			return NONE;
		}
		return new TimeSplit(msPer(delta(before, after, "http_server_requests_seconds_sum", uri), requests),
				msPer(delta(before, after, "bench_encode_seconds_sum", Map.of()), requests),
				msPer(delta(before, after, "bench_decode_seconds_sum", Map.of()), requests),
				msPer(delta(before, after, "bench_redis_seconds_sum", Map.of()), requests));
	}

	Double codecMs() {
		return this.encodeMs == null || this.decodeMs == null ? null : this.encodeMs + this.decodeMs;
	}

	/** Server time outside the codec and Redis: HTTP handling, building the persons, waiting for a core. */
	Double restMs() {
		Double codec = codecMs();
		return this.serverMs == null || codec == null || this.redisMs == null ? null : this.serverMs - codec - this.redisMs;
	}

	/**
	 * A series first seen in the phase (no request to that path before it) counts from zero; a counter that went
	 * down means the app restarted in between, and the phase's figure is lost.
	 */
	private static Double delta(PrometheusText before, PrometheusText after, String name, Map<String, String> labels) {
		Double to = after.sum(name, labels);
		Double from = before.sum(name, labels);
		double delta = to == null ? -1 : to - (from == null ? 0 : from);
		return delta < 0 ? null : delta;
	}

	private static Double msPer(Double seconds, double requests) {
		return seconds == null ? null : seconds * 1000 / requests;
	}

}
