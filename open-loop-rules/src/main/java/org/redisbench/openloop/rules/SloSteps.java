package org.redisbench.openloop.rules;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

import org.redisbench.openloop.rules.SloSearch.Tried;

/**
 * One --slo search as the runner asks it between steps, so that it decides nothing itself: of the steps' files so
 * far, the next rate to try, or, once the search is over, its result written to {@code slo<N>.env} (which the
 * report reads) and said in a sentence.
 */
public record SloSteps(Objective objective, SloSearch search) {

	/** What the search says after the steps so far: a rate to try next, or the sentence of its result. */
	public sealed interface Verdict {
	}

	/** The search goes on at this rate a second. */
	public record Next(long rate) implements Verdict {
	}

	/** The search is over: its result was written, and said in {@code sentence}. */
	public record Over(String sentence) implements Verdict {
	}

	/**
	 * After the steps of these files (the generator's .env, in the order run): the next rate, or, when the search is
	 * over, its result written to {@code result}.
	 */
	public Verdict after(List<Path> steps, Path result) throws IOException {
		List<Tried> tried = new ArrayList<>();
		for (Path file : steps) {
			StepFigures step = StepFigures.parse(Files.readString(file));
			if (step.offeredRps() == null) {
				throw new IOException(file + " gives no offered_rps");
			}
			tried.add(new Tried(Math.round(step.offeredRps()), this.objective.meets(step)));
		}
		OptionalLong next = this.search.next(tried);
		if (next.isPresent()) {
			return new Next(next.getAsLong());
		}
		long capacity = SloSearch.capacity(tried);
		long missed = SloSearch.lowestMissed(tried);
		Files.writeString(result, String.join("\n", "objective=" + this.objective,
				"percentile=" + this.objective.percentile(), "bound_ms=" + this.objective.boundText(),
				"capacity_rps=" + capacity, "lowest_missed_rps=" + missed, "steps=" + tried.size(),
				"max_rps=" + this.search.max()) + "\n");
		return new Over(this.objective + " met up to " + capacity + " requests/s"
				+ (missed == 0 ? "" : ", missed at " + missed));
	}

}
