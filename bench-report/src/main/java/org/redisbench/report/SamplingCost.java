package org.redisbench.report;

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
record SamplingCost(double seconds, double samplerCpuSeconds, Double appCores, Double storeCores) {

	/** {@code null} when the phase has no cost file: it was not sampled. */
	static SamplingCost parse(String text, Double appCores, Double storeCores) {
		KeyValues values = KeyValues.parse(text);
		String seconds = values.get("seconds", "");
		Long ticksPerSecond = values.getLong("clock_ticks_per_second");
		if (seconds.isEmpty() || ticksPerSecond == null || ticksPerSecond <= 0) {
			return null;
		}
		long ticks = 0;
		for (var entry : values.asMap().entrySet()) {
			if (!entry.getKey().equals("seconds") && !entry.getKey().equals("clock_ticks_per_second")
					&& entry.getValue().matches("\\d+")) {
				ticks += Long.parseLong(entry.getValue());
			}
		}
		return new SamplingCost(Double.parseDouble(seconds), (double) ticks / ticksPerSecond, appCores, storeCores);
	}

	/** The app's CPU seconds over the phase, null when unknown. */
	Double appCpuSeconds() {
		return this.appCores == null ? null : this.appCores * this.seconds;
	}

	/** The store's CPU seconds over the phase, null when unknown. */
	Double storeCpuSeconds() {
		return this.storeCores == null ? null : this.storeCores * this.seconds;
	}

}
