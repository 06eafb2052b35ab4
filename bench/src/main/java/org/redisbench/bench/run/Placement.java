package org.redisbench.bench.run;

import java.util.ArrayList;
import java.util.List;

import org.redisbench.bench.BenchSettings;

/**
 * Where each program of a run runs: the command prefixes of BENCH_REDIS_EXEC (redis-server, the cluster's nodes),
 * BENCH_APP_EXEC (the apps, jcmd) and BENCH_CLIENT_EXEC (ab, curl, redis-cli, redis-benchmark, the open-loop
 * generator), e.g. {@code ip netns exec rb-client} (scripts/three-box.sh). Empty: here. A prefix must exec, so that
 * the process started is the program and its PID the one sampled in /proc. What runs behind a prefix is reached only
 * through programs run behind the same prefix: an address in a network namespace is reachable from inside it only.
 */
public record Placement(List<String> redis, List<String> app, List<String> client) {

	public Placement {
		redis = List.copyOf(redis);
		app = List.copyOf(app);
		client = List.copyOf(client);
	}

	public static Placement of(BenchSettings settings) {
		return new Placement(settings.redisExec(), settings.appExec(), settings.clientExec());
	}

	/** Whether everything runs here, on loopback. */
	public boolean local() {
		return this.redis.isEmpty() && this.app.isEmpty() && this.client.isEmpty();
	}

	public List<String> atRedis(List<String> command) {
		return prefixed(this.redis, command);
	}

	public List<String> atApp(List<String> command) {
		return prefixed(this.app, command);
	}

	public List<String> atClient(List<String> command) {
		return prefixed(this.client, command);
	}

	private static List<String> prefixed(List<String> prefix, List<String> command) {
		List<String> all = new ArrayList<>(prefix);
		all.addAll(command);
		return List.copyOf(all);
	}

}
