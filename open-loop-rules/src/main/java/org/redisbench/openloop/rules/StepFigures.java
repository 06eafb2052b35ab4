package org.redisbench.openloop.rules;

import java.math.BigDecimal;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The figures of one open-loop step, as the generator writes them ({@code NAME=value} lines, the step's .env) and
 * bench.sh and bench-report read them. A figure the file does not give is {@code null}.
 *
 * @param offeredRps the rate requests arrived at, a second
 * @param seconds the counted seconds
 * @param leadInSeconds the seconds at the same rate before them, not counted
 * @param sent the counted requests sent
 * @param errors error statuses, refused connections and requests never answered
 * @param achievedRps the answers without error a second within the counted seconds: what the app kept up with
 * @param lagP99Ms how late the generator sent its requests, p99: see {@link #lagged()}
 * @param clientCores the generator's CPU in the counted seconds, in cores
 * @param cpuMsPerRequest per process accounted ({@code app}, {@code redis}, ..., and {@link #GENERATOR}), its CPU in
 * the counted seconds in ms over the answers without error within them ({@code cpu_ms_per_request_<name>}), in the
 * order written; a process not accounted, or not readable, is not in it
 * @param scheduling where the processes could run, how long they waited for a CPU, the generator's priority
 * @param slowest what the slowest 1% of the requests coincided with, which bench.sh appends
 */
public record StepFigures(Double offeredRps, Long seconds, Long leadInSeconds, Long sent, Long errors,
		Double achievedRps, Double p50Ms, Double p90Ms, Double p99Ms, Double p999Ms, Double maxMs, Double lagP99Ms,
		Double lagMaxMs, Double clientCores, Map<String, Double> cpuMsPerRequest, StepScheduling scheduling,
		SlowestRequests slowest) {

	/** The name of the generator's own figure among {@link #cpuMsPerRequest}. */
	public static final String GENERATOR = "generator";

	/** The names of the CPU figures' lines, before the process's name. */
	private static final String CPU_PREFIX = "cpu_ms_per_request_";

	/** A generator sending its p99 more than this late lagged its schedule, which is worth saying... */
	public static final double LAGGING_MS = 1;

	/**
	 * ...when that is also more than this share of the step's own p99. On the quiet 2-core machine the generator's
	 * p99 lag was 1.0-7.6 ms in every step whose p99 stayed under 20 ms (2026-11-26, docs/open-loop.md): OS
	 * scheduling beside a busy app and Redis. Beside a p99 of 7 ms that is a fifth of the figure; beside 38 ms, noise.
	 */
	public static final double LAGGING_SHARE = 0.1;

	public StepFigures {
		cpuMsPerRequest = cpuMsPerRequest == null ? Map.of()
				: Collections.unmodifiableMap(new LinkedHashMap<>(cpuMsPerRequest));
		scheduling = scheduling == null ? StepScheduling.NONE : scheduling;
		slowest = slowest == null ? SlowestRequests.NONE : slowest;
	}

	/** The figures the generator writes: what the slowest requests coincided with bench.sh appends. */
	public StepFigures(Double offeredRps, Long seconds, Long leadInSeconds, Long sent, Long errors,
			Double achievedRps, Double p50Ms, Double p90Ms, Double p99Ms, Double p999Ms, Double maxMs,
			Double lagP99Ms, Double lagMaxMs, Double clientCores, Map<String, Double> cpuMsPerRequest,
			StepScheduling scheduling) {
		this(offeredRps, seconds, leadInSeconds, sent, errors, achievedRps, p50Ms, p90Ms, p99Ms, p999Ms, maxMs,
				lagP99Ms, lagMaxMs, clientCores, cpuMsPerRequest, scheduling, SlowestRequests.NONE);
	}

	/** The figures without the scheduler's. */
	public StepFigures(Double offeredRps, Long seconds, Long leadInSeconds, Long sent, Long errors,
			Double achievedRps, Double p50Ms, Double p90Ms, Double p99Ms, Double p999Ms, Double maxMs,
			Double lagP99Ms, Double lagMaxMs, Double clientCores, Map<String, Double> cpuMsPerRequest) {
		this(offeredRps, seconds, leadInSeconds, sent, errors, achievedRps, p50Ms, p90Ms, p99Ms, p999Ms, maxMs,
				lagP99Ms, lagMaxMs, clientCores, cpuMsPerRequest, StepScheduling.NONE);
	}

	/** The figures without any process's CPU a request. */
	public StepFigures(Double offeredRps, Long seconds, Long leadInSeconds, Long sent, Long errors,
			Double achievedRps, Double p50Ms, Double p90Ms, Double p99Ms, Double p999Ms, Double maxMs,
			Double lagP99Ms, Double lagMaxMs, Double clientCores) {
		this(offeredRps, seconds, leadInSeconds, sent, errors, achievedRps, p50Ms, p90Ms, p99Ms, p999Ms, maxMs,
				lagP99Ms, lagMaxMs, clientCores, Map.of());
	}

	/** The lines of a step's file; {@code #} starts a comment. */
	public static StepFigures parse(String text) {
		Map<String, String> values = new LinkedHashMap<>();
		for (String line : text.split("\\r?\\n")) {
			int equals = line.indexOf('=');
			if (!line.startsWith("#") && equals > 0) {
				values.put(line.substring(0, equals).strip(), line.substring(equals + 1).strip());
			}
		}
		Map<String, Double> cpu = new LinkedHashMap<>();
		values.forEach((name, value) -> {
			if (name.startsWith(CPU_PREFIX) && name.length() > CPU_PREFIX.length() && !value.isEmpty()) {
				cpu.put(name.substring(CPU_PREFIX.length()), Double.valueOf(value));
			}
		});
		return new StepFigures(number(values, "offered_rps", Double::valueOf), number(values, "seconds", Long::valueOf),
				number(values, "lead_in_seconds", Long::valueOf), number(values, "sent", Long::valueOf),
				number(values, "errors", Long::valueOf), number(values, "achieved_rps", Double::valueOf),
				number(values, "p50_ms", Double::valueOf), number(values, "p90_ms", Double::valueOf),
				number(values, "p99_ms", Double::valueOf), number(values, "p99.9_ms", Double::valueOf),
				number(values, "max_ms", Double::valueOf), number(values, "lag_p99_ms", Double::valueOf),
				number(values, "lag_max_ms", Double::valueOf), number(values, "client_cpu_cores", Double::valueOf),
				cpu, StepScheduling.of(values), SlowestRequests.of(values));
	}

	/** The step's file, what {@link #parse} reads back; a figure not known is left out. */
	public String text() {
		StringBuilder text = new StringBuilder();
		line(text, "offered_rps", this.offeredRps);
		line(text, "seconds", this.seconds);
		line(text, "lead_in_seconds", this.leadInSeconds);
		line(text, "sent", this.sent);
		line(text, "errors", this.errors);
		line(text, "achieved_rps", this.achievedRps);
		line(text, "p50_ms", this.p50Ms);
		line(text, "p90_ms", this.p90Ms);
		line(text, "p99_ms", this.p99Ms);
		line(text, "p99.9_ms", this.p999Ms);
		line(text, "max_ms", this.maxMs);
		line(text, "lag_p99_ms", this.lagP99Ms);
		line(text, "lag_max_ms", this.lagMaxMs);
		line(text, "client_cpu_cores", this.clientCores);
		this.cpuMsPerRequest.forEach((name, ms) -> line(text, CPU_PREFIX + name, ms));
		this.scheduling.runQueueMsPerSecond()
			.forEach((name, ms) -> line(text, StepScheduling.RUN_QUEUE_PREFIX + name, ms));
		this.scheduling.cpusAllowed()
			.forEach((name, cpus) -> text.append(StepScheduling.CPUS_PREFIX).append(name).append('=').append(cpus)
				.append('\n'));
		line(text, StepScheduling.NICE, this.scheduling.generatorNice());
		text.append(this.slowest.text());
		return text.toString();
	}

	/** The latency at a percentile an objective names: p50, p90, p99 or p99.9. */
	public Double percentileMs(String percentile) {
		return switch (percentile) {
			case "p50" -> this.p50Ms;
			case "p90" -> this.p90Ms;
			case "p99" -> this.p99Ms;
			case "p99.9" -> this.p999Ms;
			default -> throw new IllegalArgumentException("no percentile " + percentile);
		};
	}

	/** A process's CPU ms a request ({@code app}, {@code redis}, {@link #GENERATOR}...); null when not given. */
	public Double cpuMsPerRequest(String name) {
		return this.cpuMsPerRequest.get(name);
	}

	/**
	 * Whether the generator's lag is a part of this step's latencies worth saying: its p99 over {@link #LAGGING_MS}
	 * and over {@link #LAGGING_SHARE} of the step's p99. The latencies count from the intended send time all the
	 * same, so a lagged step is no better than measured.
	 */
	public boolean lagged() {
		return this.lagP99Ms != null && this.lagP99Ms > LAGGING_MS
				&& (this.p99Ms == null || this.lagP99Ms > this.p99Ms * LAGGING_SHARE);
	}

	/**
	 * The step on one line of bench.sh's log: its achieved rate, errors and percentiles, its lag if any, each
	 * process's CPU a request and run-queue wait if any, and what its slowest 1% coincided with if bench.sh said.
	 */
	public String describe() {
		return "achieved " + format(this.achievedRps, 0) + "/s, " + format(this.errors) + " errors, p50 "
				+ format(this.p50Ms) + " p90 " + format(this.p90Ms) + " p99 " + format(this.p99Ms) + " p99.9 "
				+ format(this.p999Ms) + " max " + format(this.maxMs) + " ms; generator " + format(this.clientCores, 2)
				+ " cores" + (lagged() ? ", LAGGED its schedule (p99 " + format(this.lagP99Ms) + " ms late)" : "")
				+ (this.cpuMsPerRequest.isEmpty() ? "" : "; CPU ms a request: " + this.cpuMsPerRequest.entrySet()
					.stream()
					.map(cpu -> cpu.getKey() + " " + format(cpu.getValue(), 3))
					.collect(Collectors.joining(", ")))
				+ (this.scheduling.runQueueMsPerSecond().isEmpty() ? "" : "; run-queue ms a second: "
						+ this.scheduling.runQueueMsPerSecond()
							.entrySet()
							.stream()
							.map(wait -> wait.getKey() + " " + format(wait.getValue(), 1))
							.collect(Collectors.joining(", ")))
				+ (this.slowest.slowestPercent().isEmpty() ? "" : "; slowest 1% / all, %: "
						+ this.slowest.slowestPercent()
							.entrySet()
							.stream()
							.map(share -> share.getKey() + " " + format(share.getValue(), 1) + "/"
									+ format(this.slowest.allPercent().get(share.getKey()), 1))
							.collect(Collectors.joining(", ")));
	}

	private static <T extends Number> T number(Map<String, String> values, String name, Function<String, T> parse) {
		String value = values.getOrDefault(name, "");
		return value.isEmpty() ? null : parse.apply(value);
	}

	private static void line(StringBuilder text, String name, Number value) {
		if (value instanceof Double fraction) {
			text.append(name).append('=').append(String.format(Locale.ROOT, "%.3f", fraction)).append('\n');
		}
		else if (value != null) {
			text.append(name).append('=').append(value).append('\n');
		}
	}

	/** As written, without trailing zeros: 2, 182.5. */
	private static String format(Number value) {
		return value == null ? "?" : new BigDecimal(value.toString()).stripTrailingZeros().toPlainString();
	}

	private static String format(Double value, int decimals) {
		return value == null ? "?" : String.format(Locale.ROOT, "%." + decimals + "f", value);
	}

}
