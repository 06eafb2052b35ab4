package org.redisbench.runresults;

import java.util.Optional;

import org.redisbench.benchrun.WarmupRound;

/**
 * How one repetition's warm-up ended, from bench.sh's {@code warmup.txt} (a line per round, as {@link WarmupRound}
 * writes it: {@code round=N jit_share=PCT idle=yes|no waited_s=S}, and {@code ended=WHY} on the last): after how
 * many rounds, what share of the app's CPU the last round spent compiling ({@code null} for an app bench.sh did
 * not start, whose compiler it cannot watch), and why it ended ({@code null} when the file does not say: a warm-up
 * cut short by the app's exit, or a run from before bench.sh wrote it).
 */
public record Warmup(Variant variant, int repetition, int rounds, Double lastJitSharePercent, WarmupRound.Ending ending) {

	/** Empty for a run without a warm-up. */
	public static Optional<Warmup> parse(Variant variant, int repetition, String text) {
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
		String ended = round.get("ended", "");
		return Optional.of(new Warmup(variant, repetition, rounds,
				share.matches("[0-9]+(\\.[0-9]+)?") ? Double.valueOf(share) : null,
				ended.isEmpty() ? null : WarmupRound.Ending.parse(ended)));
	}

	/** Whether the warm-up ended because compiling fell under the run's threshold. */
	public boolean endedQuiet() {
		return this.ending == WarmupRound.Ending.QUIET;
	}

}
