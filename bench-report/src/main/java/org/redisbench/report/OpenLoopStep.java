package org.redisbench.report;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One open-loop step of scripts/bench.sh (module open-loop): requests arriving at {@code offered} a second for
 * {@code seconds}, each timed from its intended send time. A figure the file does not give is {@code null}.
 *
 * @param search which of the repetition's --slo searches ran it, from 1; 0 for a step of --rates
 * @param order its place among the steps of its search (or of --rates) in the repetition, from 1
 * @param achieved the answers without error a second within the step's seconds
 * @param lagP99Ms how late the generator sent its requests, p99: see {@link #lagged()}
 * @param clientCores the generator's CPU over the step, in cores
 */
record OpenLoopStep(int repetition, int search, int order, double offered, Double achieved, Long errors,
		Double p50Ms, Double p90Ms, Double p99Ms, Double p999Ms, Double maxMs, Double lagP99Ms, Double clientCores) {

	/** A generator sending its p99 more than this late lagged its schedule, which the report says... */
	static final double LAGGING_MS = 1;

	/**
	 * ...when that is also more than this share of the step's own p99. On the quiet 2-core machine the generator's
	 * p99 lag was 1.0-7.6 ms in every step whose p99 stayed under 20 ms (2026-11-26, docs/open-loop.md): OS
	 * scheduling beside a busy app and Redis. Beside a p99 of 7 ms that is a fifth of the figure; beside 38 ms, noise.
	 */
	static final double LAGGING_SHARE = 0.1;

	/** bench.sh's file name: {@code rates-01-r200.env}, {@code slo2-03-r400.env}. */
	private static final Pattern NAME = Pattern.compile("(?:rates|slo(\\d+))-(\\d+)-r(\\d+)\\.env");

	/** The step a file of that name holds, or {@code null} for any other file. */
	static OpenLoopStep parse(int repetition, String fileName, KeyValues values) {
		Matcher name = NAME.matcher(fileName);
		if (!name.matches()) {
			return null;
		}
		return new OpenLoopStep(repetition, name.group(1) == null ? 0 : Integer.parseInt(name.group(1)),
				Integer.parseInt(name.group(2)),
				Double.parseDouble(name.group(3)), number(values, "achieved_rps"), values.getLong("errors"),
				number(values, "p50_ms"), number(values, "p90_ms"), number(values, "p99_ms"),
				number(values, "p99.9_ms"),
				number(values, "max_ms"), number(values, "lag_p99_ms"), number(values, "client_cpu_cores"));
	}

	/** The step's figure at a percentile the report knows: 50, 90, 99 or 99.9. */
	Double percentileMs(String percentile) {
		return switch (percentile) {
			case "p50" -> this.p50Ms;
			case "p90" -> this.p90Ms;
			case "p99" -> this.p99Ms;
			case "p99.9" -> this.p999Ms;
			default -> throw new IllegalArgumentException("no percentile " + percentile);
		};
	}

	boolean searched() {
		return this.search > 0;
	}

	/** Whether the generator's lag is a part of this step's latencies worth saying: see {@link #LAGGING_SHARE}. */
	boolean lagged() {
		return this.lagP99Ms != null && this.lagP99Ms > LAGGING_MS
				&& (this.p99Ms == null || this.lagP99Ms > this.p99Ms * LAGGING_SHARE);
	}

	private static Double number(KeyValues values, String name) {
		String value = values.get(name, "");
		return value.isEmpty() ? null : Double.valueOf(value);
	}

}
