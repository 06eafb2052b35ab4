package org.redisbench.bench.app;

import java.nio.file.Path;
import java.util.List;

import org.redisbench.bench.BenchSettings;
import org.redisbench.bench.run.RunContext;
import org.redisbench.bench.stores.Node;
import org.redisbench.bench.stores.Stores;

/**
 * A variant's distance: the latency proxy (module latency-proxy's jar, a process of its own) between the app and Redis
 * (--redis-rtt) and between ab and the app (--app-rtt), each adding its round trip; none for a round trip of 0.
 * Its log goes to {@code DIR/redis-proxy.log} and {@code DIR/app-proxy.log}.
 */
public final class Distance implements AutoCloseable {

	public Distance(RunContext context) {
		throw new UnsupportedOperationException("H2");
	}

	/** Whether any variant of the run runs behind a proxy (its jar is then built). */
	public static boolean used(BenchSettings settings) {
		throw new UnsupportedOperationException("H2");
	}

	/** The Redis address the variant's app is given: the single Redis's, or a proxy's in front of it. */
	public Node openRedis(String rtt, Path dir, Stores stores) {
		throw new UnsupportedOperationException("H2");
	}

	/** The URL the client reaches the app at: {@code app.url()}, or a proxy's in front of it. */
	public String openApp(String rtt, Path dir, AppUnderTest app) {
		throw new UnsupportedOperationException("H2");
	}

	/** The proxies' processes now running, whose CPU the open-loop steps account as {@code proxy}. */
	public List<Long> pids() {
		throw new UnsupportedOperationException("H2");
	}

	/** Stops the variant's proxies; safe to call when none runs. */
	@Override
	public void close() {
		throw new UnsupportedOperationException("H2");
	}

}
