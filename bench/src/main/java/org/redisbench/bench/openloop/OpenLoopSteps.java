package org.redisbench.bench.openloop;

import java.util.List;

import org.redisbench.bench.run.FreshIds;
import org.redisbench.bench.run.RunContext;
import org.redisbench.bench.run.VariantRun;
import org.redisbench.bench.stores.Stores;

/**
 * Open-loop load after a variant's ab phases, on the app they warmed up (--rates, --slo): each step runs the open-loop
 * generator (module open-loop, a process of its own so that its CPU is accounted apart) on an empty store and fresh
 * ids, the compiler idle, into {@code open-loop/<name>.env} (and its .hgrm and .log); --slo's search picks each next
 * rate with open-loop-rules' {@code SloSearch} and writes {@code slo<N>.env}. Also raw/env/open-loop.env.
 */
public final class OpenLoopSteps {

	public OpenLoopSteps(RunContext context, Stores stores, FreshIds freshIds) {
		throw new UnsupportedOperationException("H4");
	}

	/** Whether the run has open-loop steps at all (its jar is then built). */
	public static boolean wanted(org.redisbench.bench.BenchSettings settings) {
		throw new UnsupportedOperationException("H4");
	}

	/** raw/env/open-loop.env: the open-loop settings. */
	public void record() {
		throw new UnsupportedOperationException("H4");
	}

	/**
	 * The steps of one repetition.
	 *
	 * @param proxyPids the variant's latency proxies now running, accounted as {@code proxy}
	 */
	public void run(VariantRun run, List<Long> proxyPids) {
		throw new UnsupportedOperationException("H4");
	}

}
