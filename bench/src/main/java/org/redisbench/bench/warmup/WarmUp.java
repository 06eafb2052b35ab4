package org.redisbench.bench.warmup;

import org.redisbench.bench.run.WatchedApp;
import org.redisbench.bench.phases.Measurement;
import org.redisbench.bench.run.FreshIds;
import org.redisbench.bench.run.RunContext;
import org.redisbench.bench.run.VariantRun;

/**
 * The warm-up before a variant's measured phases, thrown away: rounds of ab on /add, /check and /noop, each run as a
 * measured phase runs (a scrape, a wait for an idle compiler, ab, a scrape), until bench-run's {@code WarmupRound}
 * says the warm-up ends (the compiler quiet during ab, the last round, or the time bound). Each round ends on an
 * empty store and fresh ids. Writes {@code warmup.txt}, a line a round, and {@code warmup<R>-<path>.ab.txt}.
 */
public final class WarmUp {

	private final WarmUpRounds rounds;

	public WarmUp(RunContext context, Measurement measurement, FreshIds freshIds) {
		this.rounds = new WarmUpRounds(context, measurement::scrape, freshIds::reset);
	}

	/** The warm-up rounds of one repetition; none with --warmup 0. */
	public void run(VariantRun run) {
		this.rounds.run(run, WatchedApp.of(run));
	}

}
