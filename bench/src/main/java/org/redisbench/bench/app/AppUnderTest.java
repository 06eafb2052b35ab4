package org.redisbench.bench.app;

import java.nio.file.Path;
import java.util.OptionalLong;

import org.redisbench.bench.BenchSettings;
import org.redisbench.bench.run.PlannedVariant;
import org.redisbench.bench.run.RunContext;
import org.redisbench.bench.stores.Node;
import org.redisbench.bench.stores.Stores;
import org.redisbench.bench.stores.Topology;

/**
 * The app of a variant, one at a time: started from its jar on a free port of the variant's topology (where
 * BENCH_APP_EXEC places it), or taken where it already runs (BENCH_&lt;APP&gt;_URL); either way waited for until
 * UP, and, when started here, known to be the process holding its port. {@code DIR/app.env} says which,
 * {@code DIR/app.log} holds its output, {@code DIR/health.json} its last health answer.
 */
public final class AppUnderTest {

	/**
	 * Starts the variant's app (or finds it at its URL) and waits until it is UP; a {@code Failure} when it exits,
	 * finds no free port or is not UP within BENCH_START_TIMEOUT.
	 *
	 * @param redis where the app reaches the single Redis (through the Redis latency proxy when the variant has one)
	 */
	public static AppUnderTest start(RunContext context, PlannedVariant variant, Path dir, Topology topology,
			Stores stores, Node redis) {
		throw new UnsupportedOperationException("H2");
	}

	/**
	 * The apps' request threads (BENCH_APP_THREADS, auto resolved: 8 a core, or 200 with a distance or a Redis the
	 * run did not start), one count for the whole run.
	 */
	public static int threads(BenchSettings settings) {
		throw new UnsupportedOperationException("H2");
	}

	/** Its process when the run started it; empty for an app given by its URL. */
	public OptionalLong pid() {
		throw new UnsupportedOperationException("H2");
	}

	/** Where the client reaches it: {@code http://host:port}. */
	public String url() {
		throw new UnsupportedOperationException("H2");
	}

	/** False once an app the run started has exited; always true for an app given by its URL. */
	public boolean alive() {
		throw new UnsupportedOperationException("H2");
	}

	/** Stops it if the run started it (SIGTERM, SIGKILL after BENCH_STOP_TIMEOUT, said in the log). */
	public void stop() {
		throw new UnsupportedOperationException("H2");
	}

}
