package org.redisbench.runresults;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.redisbench.tooloutput.PrometheusText;

/**
 * The app's samples of one phase: the scrapes of {@code /actuator/prometheus} one curl made during it, each ended by
 * a {@code # sample end} line, each dated by the app's own clock ({@code process_start_time_seconds} plus
 * {@code process_uptime_seconds}). A scrape cut short or replaced by curl's error reads as no sample.
 */
public final class AppSamples {

	public static final String TIME = "time";

	public static final String REQUESTS = "requests";

	public static final String P99 = "p99";

	public static final String CPU = "cpu";

	public static final String GC_PAUSE = "gc_pause";

	private AppSamples() {
	}

	/** The samples in {@code text}, with the requests and p99 of the endpoint {@code path} ({@code /add}). */
	public static List<Map<String, Double>> parse(String text, String path) {
		List<Map<String, Double>> samples = new ArrayList<>();
		for (String scrape : text.split("(?m)^# sample end\\r?$")) {
			PrometheusText metrics = PrometheusText.parse(scrape);
			Double start = metrics.sum("process_start_time_seconds", Map.of());
			Double uptime = metrics.sum("process_uptime_seconds", Map.of());
			if (start == null || uptime == null) {
				continue;
			}
			Map<String, Double> figures = new HashMap<>();
			figures.put(TIME, start + uptime);
			Double requests = metrics.sum("http_server_requests_seconds_count", Map.of("uri", path));
			figures.put(REQUESTS, requests == null ? 0.0 : requests);
			figures.put(P99, metrics.max("http_server_requests_seconds", Map.of("uri", path, "quantile", "0.99")));
			Double cpu = metrics.sum("process_cpu_time_ns_total", Map.of());
			figures.put(CPU, cpu == null ? null : cpu / 1e9);
			Double paused = metrics.sum("jvm_gc_pause_seconds_sum", Map.of());
			figures.put(GC_PAUSE, paused == null ? 0.0 : paused);
			samples.add(figures);
		}
		return samples;
	}

}
