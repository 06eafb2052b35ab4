package org.redisbench.runresults;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.redisbench.benchrun.WarmupRound;

/**
 * How one repetition's warm-up ended, from bench.sh's {@code warmup.txt} (a line per round, as {@link WarmupRound}
 * writes it: {@code round=N requests=N jit_share=PCT elapsed_s=S compiled=N pending=N compiles=N
 * compiles_per_1000=X}, and {@code ended=WHY} on the last): after how many rounds and seconds, what share of the
 * app's CPU the last round spent compiling ({@code null} for an app bench did not start, whose compiler it cannot
 * watch), how many compilations the last round finished and how many were left queued or under way, and why it
 * ended ({@code null} when the file does not say: a warm-up cut short by the app's exit, or a run from before bench
 * wrote it). The seconds and the compiler's counts are {@code null} in runs recorded before bench wrote them. Runs
 * from before the round's {@code compiles} was written give the difference of the last two rounds' {@code compiled}
 * instead, none when there was only one round (its count would include the app's start).
 */
public record Warmup(Variant variant, int repetition, int rounds, Double lastJitSharePercent, WarmupRound.Ending ending,
		Long seconds, Long compiledInLastRound, Long pendingAtEnd) {

	/** Empty for a run without a warm-up. */
	public static Optional<Warmup> parse(Variant variant, int repetition, String text) {
		List<KeyValues> rounds = new ArrayList<>();
		for (String line : text.split("\\R")) {
			if (!line.isBlank()) {
				rounds.add(KeyValues.parse(line.strip().replaceAll("\\s+", "\n")));
			}
		}
		if (rounds.isEmpty()) {
			return Optional.empty();
		}
		KeyValues last = rounds.get(rounds.size() - 1);
		String share = last.get("jit_share", "unknown");
		String ended = last.get("ended", "");
		Long compiled = count(last, "compiled");
		Long before = rounds.size() < 2 ? null : count(rounds.get(rounds.size() - 2), "compiled");
		Long compiles = count(last, "compiles");
		if (compiles == null && compiled != null && before != null) {
			compiles = compiled - before;
		}
		return Optional.of(new Warmup(variant, repetition, rounds.size(),
				share.matches("[0-9]+(\\.[0-9]+)?") ? Double.valueOf(share) : null,
				ended.isEmpty() ? null : WarmupRound.Ending.parse(ended), count(last, "elapsed_s"),
				compiles, count(last, "pending")));
	}

	/** A count of the line; {@code null} when it is missing or {@code unknown}. */
	private static Long count(KeyValues round, String name) {
		String value = round.get(name, "unknown");
		return value.matches("[0-9]+") ? Long.valueOf(value) : null;
	}

	/** Whether the warm-up ended because compiling fell under the run's threshold. */
	public boolean endedQuiet() {
		return this.ending == WarmupRound.Ending.QUIET;
	}

}
