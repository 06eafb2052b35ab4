package org.redisbench.bench.phases;

import java.nio.file.Path;

import org.redisbench.bench.run.RunContext;
import org.redisbench.bench.run.VariantRun;
import org.redisbench.bench.stores.StoreSnapshots;

/**
 * One measured ab phase on /PHASE ({@code noop}, {@code add}, {@code check}), sampled over time ({@link Sampling}),
 * between snapshots of the store, the app's process and its metrics: {@code PHASE.before.*}, {@code PHASE.ab.txt},
 * {@code PHASE.after.*} in the repetition's folder. The app's CPU is read last before ab and first after it, once its
 * compiler has finished what came before.
 */
public final class Measurement {

	public Measurement(RunContext context, StoreSnapshots snapshots, Sampling sampling) {
		throw new UnsupportedOperationException("H3");
	}

	/**
	 * The phase; false when it was skipped (the app had exited: {@code PHASE.skipped} says so) or ab failed.
	 */
	public boolean phase(VariantRun run, String phase, int requests, String label) {
		throw new UnsupportedOperationException("H3");
	}

	/** The app's Prometheus metrics into {@code PREFIX.prometheus.txt}; empty, and said in the log, when it fails. */
	public void metrics(VariantRun run, Path prefix) {
		throw new UnsupportedOperationException("H3");
	}

	/** A scrape of the app's metrics, thrown away, as a measured phase takes one before and after (warm-up). */
	public void scrape(VariantRun run) {
		throw new UnsupportedOperationException("H3");
	}

	/**
	 * The app's process, for an app the run started: {@code PREFIX.proc-stat.txt}, {@code .proc-status.txt} and
	 * its compiler threads' {@code .proc-jit.txt}.
	 */
	public void app(VariantRun run, Path prefix) {
		throw new UnsupportedOperationException("H3");
	}

}
