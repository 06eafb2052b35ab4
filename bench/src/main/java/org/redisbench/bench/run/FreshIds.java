package org.redisbench.bench.run;

import java.time.Duration;

import org.redisbench.bench.stores.Stores;
import org.redisbench.processes.Program;

/**
 * An empty store and the app's ids back at 1, so that the next /add writes person_1 on: before each measured /add,
 * after each warm-up round and before each open-loop step. The app's answer goes to {@code reset.txt}.
 */
public final class FreshIds {

	private static final Duration TIMEOUT = Duration.ofSeconds(10);

	private final RunContext context;

	private final Stores stores;

	private final Curl curl;

	public FreshIds(RunContext context, Stores stores) {
		this.context = context;
		this.stores = stores;
		this.curl = new Curl(context.placement());
	}

	/** Empties the variant's store and resets its app's ids; a {@code Failure} when the app refuses the reset. */
	public void reset(VariantRun run, String label) {
		this.stores.flush(run.topology());
		if (run.appAlive()) {
			Program.Ended reset = this.curl.get(run.url() + "/reset", run.dir().resolve("reset.txt"), TIMEOUT);
			if (!reset.succeeded()) {
				throw this.context.log().failure(label + ": GET /reset failed: " + reset.errors().strip());
			}
		}
	}

}
