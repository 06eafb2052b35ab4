package org.redisbench.report;

import java.util.Optional;

/**
 * How one repetition's warm-up ended, from bench.sh's {@code warmup.txt} (a line per round:
 * {@code round=N jit_share=PCT idle=yes|no waited_s=S}): after how many rounds, and what share of the app's CPU the
 * last round spent compiling; {@code null} for an app bench.sh did not start, whose compiler it cannot watch.
 */
record Warmup(Variant variant, int repetition, int rounds, Double lastJitSharePercent) {

	/** Empty for a run without a warm-up, or from before bench.sh wrote this file. */
	static Optional<Warmup> parse(Variant variant, int repetition, String text) {
		String last = null;
		int rounds = 0;
		for (String line : text.split("\\R")) {
			if (!line.isBlank()) {
				last = line;
				rounds++;
			}
		}
		if (last == null) {
			return Optional.empty();
		}
		KeyValues round = KeyValues.parse(last.strip().replaceAll("\\s+", "\n"));
		String share = round.get("jit_share", "unknown");
		return Optional.of(new Warmup(variant, repetition, rounds,
				share.matches("[0-9]+(\\.[0-9]+)?") ? Double.valueOf(share) : null));
	}

	/** Whether the warm-up ended because compiling fell under the run's threshold, not at its last round. */
	boolean endedQuiet(double thresholdPercent) {
		return this.lastJitSharePercent != null && this.lastJitSharePercent < thresholdPercent;
	}

}
