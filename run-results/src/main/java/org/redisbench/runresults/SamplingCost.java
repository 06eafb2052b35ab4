package org.redisbench.runresults;

import java.util.Set;

/**
 * What sampling one phase cost: the CPU the samplers used (user + system, from {@code /proc/<pid>/stat} as bench.sh
 * stopped them, in {@code <phase>.samples.cost.txt}) against the CPU the app and the store used meanwhile (their
 * own counters, first to last sample).
 *
 * @param seconds how long the samplers ran
 * @param samplerCpuSeconds their CPU time, together
 * @param appCores the app's CPU over the phase, in cores; null when its samples do not say
 * @param storeCores the store's, in cores (a cluster's masters summed); null when its samples do not say
 */
public record SamplingCost(double seconds, double samplerCpuSeconds, Double appCores, Double storeCores) {

	/** What the cost file holds beside the samplers' clock ticks. */
	private static final Set<String> NOT_TICKS = Set.of("clock_ticks_per_second", "started", "ended", "seconds");

	/**
	 * {@code null} when the phase has no cost file: it was not sampled. How long the samplers ran is the file's
	 * {@code ended} less its {@code started} (bash's {@code EPOCHREALTIME} at each); runs before that wrote
	 * {@code seconds}, the difference taken in the script.
	 */
	public static SamplingCost parse(String text, Double appCores, Double storeCores) {
		KeyValues values = KeyValues.parse(text);
		Double seconds = seconds(values);
		Long ticksPerSecond = values.getLong("clock_ticks_per_second");
		if (seconds == null || ticksPerSecond == null || ticksPerSecond <= 0) {
			return null;
		}
		long ticks = 0;
		for (var entry : values.asMap().entrySet()) {
			if (!NOT_TICKS.contains(entry.getKey()) && entry.getValue().matches("\\d+")) {
				ticks += Long.parseLong(entry.getValue());
			}
		}
		return new SamplingCost(seconds, (double) ticks / ticksPerSecond, appCores, storeCores);
	}

	private static Double seconds(KeyValues values) {
		Double started = values.getDouble("started");
		Double ended = values.getDouble("ended");
		if (started != null && ended != null) {
			return ended - started;
		}
		return values.getDouble("seconds");
	}

	/** The app's CPU seconds over the phase, null when unknown. */
	public Double appCpuSeconds() {
		return this.appCores == null ? null : this.appCores * this.seconds;
	}

	/** The store's CPU seconds over the phase, null when unknown. */
	public Double storeCpuSeconds() {
		return this.storeCores == null ? null : this.storeCores * this.seconds;
	}

}
