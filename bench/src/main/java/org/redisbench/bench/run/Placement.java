package org.redisbench.bench.run;

import java.util.ArrayList;
import java.util.List;

import org.redisbench.bench.BenchSettings;
import org.redisbench.bench.CpuPlacement;

/**
 * Where each program of a run runs: the command prefixes of BENCH_REDIS_EXEC (redis-server, the cluster's nodes),
 * BENCH_APP_EXEC (the apps, jcmd) and BENCH_CLIENT_EXEC (ab, curl, redis-cli, redis-benchmark, the open-loop
 * generator), e.g. {@code ip netns exec rb-client} (scripts/three-box.sh). Empty: here. A prefix must exec, so that
 * the process started is the program and its PID the one sampled in /proc. What runs behind a prefix is reached only
 * through programs run behind the same prefix: an address in a network namespace is reachable from inside it only.
 * {@code cpus}: the CPUs --cpu-placement gives the store, the app and the generator.
 */
public record Placement(List<String> redis, List<String> app, List<String> client, CpuPlacement cpus) {

	public Placement {
		redis = List.copyOf(redis);
		app = List.copyOf(app);
		client = List.copyOf(client);
	}

	/** Those prefixes, every process on whichever CPUs the kernel gives it. */
	public Placement(List<String> redis, List<String> app, List<String> client) {
		this(redis, app, client, CpuPlacement.NONE);
	}

	public static Placement of(BenchSettings settings) {
		return new Placement(settings.redisExec(), settings.appExec(), settings.clientExec(), settings.cpuPlacement());
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

	/**
	 * The command that starts one of the processes --cpu-placement names ({@link CpuPlacement#REDIS}, ...), placed
	 * already: under {@code taskset -c LIST} when pinned, whose affinity the prefix's exec and every thread keep.
	 */
	public List<String> pinned(String process, List<String> placed) {
		return this.cpus.pinned(process, placed);
	}

	private static List<String> prefixed(List<String> prefix, List<String> command) {
		List<String> all = new ArrayList<>(prefix);
		all.addAll(command);
		return List.copyOf(all);
	}

}
