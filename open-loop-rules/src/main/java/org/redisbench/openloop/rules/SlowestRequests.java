package org.redisbench.openloop.rules;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What a step's slowest 1% of requests coincided with, against the same share among all its requests (issue 54): a
 * cause that overlaps most slow requests means something only if it does not overlap most requests anyway. bench.sh
 * appends these lines to the step's .env; a step written before it did has none ({@link #NONE}).
 *
 * @param count how many requests are the slowest 1% ({@code slowest_requests})
 * @param fromMs the latency from which a request is among them ({@code slowest_from_ms})
 * @param slowestPercent per cause ({@link #APP_SAFEPOINT}, ...), the share in % of the slowest requests it coincided
 * with ({@code slowest_percent_<cause>}); a cause not known for the step is not in it
 * @param allPercent the same share among all the step's answered requests ({@code all_percent_<cause>})
 * @param runQueueMsPerSecond per process, its threads' run-queue wait in ms a second over the ticks the slowest
 * requests spanned ({@code slowest_runqueue_ms_per_s_<name>}), beside the step's own {@code runqueue_ms_per_s_<name>}
 */
public record SlowestRequests(Long count, Double fromMs, Map<String, Double> slowestPercent,
		Map<String, Double> allPercent, Map<String, Double> runQueueMsPerSecond) {

	/** The app's JVM was at a safepoint (a GC pause among them) while the request was due or waiting. */
	public static final String APP_SAFEPOINT = "app_safepoint";

	/** Redis logged a latency event in a second the request was due or waiting in. */
	public static final String REDIS_LATENCY_EVENT = "redis_latency_event";

	/** The generator sent the request {@link StepFigures#LAGGING_MS} or more after it was due. */
	public static final String GENERATOR_LATE = "generator_late";

	/** The causes in the order the lines and the report give them. */
	public static final List<String> CAUSES = List.of(APP_SAFEPOINT, REDIS_LATENCY_EVENT, GENERATOR_LATE);

	/** Steps without these lines. */
	public static final SlowestRequests NONE = new SlowestRequests(null, null, Map.of(), Map.of(), Map.of());

	static final String COUNT = "slowest_requests";

	static final String FROM = "slowest_from_ms";

	static final String SLOWEST_PREFIX = "slowest_percent_";

	static final String ALL_PREFIX = "all_percent_";

	static final String RUN_QUEUE_PREFIX = "slowest_runqueue_ms_per_s_";

	public SlowestRequests {
		slowestPercent = copy(slowestPercent);
		allPercent = copy(allPercent);
		runQueueMsPerSecond = copy(runQueueMsPerSecond);
	}

	/** From a step file's values, by name. */
	static SlowestRequests of(Map<String, String> values) {
		Map<String, Double> slowest = new LinkedHashMap<>();
		Map<String, Double> all = new LinkedHashMap<>();
		Map<String, Double> waits = new LinkedHashMap<>();
		values.forEach((name, value) -> {
			if (value.isEmpty()) {
				return;
			}
			if (name.startsWith(SLOWEST_PREFIX) && name.length() > SLOWEST_PREFIX.length()) {
				slowest.put(name.substring(SLOWEST_PREFIX.length()), Double.valueOf(value));
			}
			else if (name.startsWith(ALL_PREFIX) && name.length() > ALL_PREFIX.length()) {
				all.put(name.substring(ALL_PREFIX.length()), Double.valueOf(value));
			}
			else if (name.startsWith(RUN_QUEUE_PREFIX) && name.length() > RUN_QUEUE_PREFIX.length()) {
				waits.put(name.substring(RUN_QUEUE_PREFIX.length()), Double.valueOf(value));
			}
		});
		String count = values.getOrDefault(COUNT, "");
		String from = values.getOrDefault(FROM, "");
		return new SlowestRequests(count.isEmpty() ? null : Long.valueOf(count),
				from.isEmpty() ? null : Double.valueOf(from), slowest, all, waits);
	}

	/** Whether the step gave them at all. */
	public boolean given() {
		return this.count != null;
	}

	/** The lines, as {@link #of} reads them back; nothing for {@link #NONE}. */
	public String text() {
		if (!given()) {
			return "";
		}
		StringBuilder text = new StringBuilder();
		text.append(COUNT).append('=').append(this.count).append('\n');
		if (this.fromMs != null) {
			text.append(FROM).append('=').append(decimal(this.fromMs)).append('\n');
		}
		this.slowestPercent.forEach((cause, percent) -> {
			text.append(SLOWEST_PREFIX).append(cause).append('=').append(decimal(percent)).append('\n');
			Double all = this.allPercent.get(cause);
			if (all != null) {
				text.append(ALL_PREFIX).append(cause).append('=').append(decimal(all)).append('\n');
			}
		});
		this.runQueueMsPerSecond
			.forEach((name, ms) -> text.append(RUN_QUEUE_PREFIX).append(name).append('=').append(decimal(ms))
				.append('\n'));
		return text.toString();
	}

	private static String decimal(double value) {
		return String.format(Locale.ROOT, "%.3f", value);
	}

	private static Map<String, Double> copy(Map<String, Double> map) {
		return map == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(map));
	}

}
