package org.redisbench.bench.phases;

import java.nio.file.Path;
import java.util.Map;

import org.redisbench.bench.BenchSettings;
import org.redisbench.bench.run.RunContext;
import org.redisbench.bench.run.VariantRun;
import org.redisbench.bench.stores.Stores;

/**
 * Samples over time during every measured phase, raw beside the phase's snapshots, one long-lived process a
 * source: a {@code redis-cli -r -1 -i S INFO} a node ({@code PHASE.samples<tag>.info.txt}), a curl scraping the
 * app's short /actuator/prometheus at its --rate ({@code PHASE.samples.prometheus.txt}), memcached's stats
 * ({@code PHASE.samples.memcached-stats.txt}); what the samplers cost in CPU into {@code PHASE.samples.cost.txt}.
 * Off with --sample-interval 0.
 */
public final class Sampling implements AutoCloseable {

	public Sampling(RunContext context, Stores stores) {
		throw new UnsupportedOperationException("H3");
	}

	/**
	 * What the apps the run starts get in their environment with sampling on: the p99 of their requests over about
	 * three samples (Micrometer's percentile settings); nothing with sampling off.
	 */
	public static Map<String, String> appEnvironment(BenchSettings settings) {
		throw new UnsupportedOperationException("H3");
	}

	/** The phase's samplers, writing {@code prefix.samples*}. */
	public void start(VariantRun run, Path prefix) {
		throw new UnsupportedOperationException("H3");
	}

	/** Ends the phase's samplers, first writing what each cost into {@code prefix.samples.cost.txt}. */
	public void stop(Path prefix) {
		throw new UnsupportedOperationException("H3");
	}

	/** Stops any sampler still running (a run stopped mid-phase). */
	@Override
	public void close() {
		throw new UnsupportedOperationException("H3");
	}

}
