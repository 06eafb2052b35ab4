package org.redisbench.bench.app;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Supplier;

import org.redisbench.bench.run.RawFiles;
import org.redisbench.bench.App;
import org.redisbench.bench.BenchSettings;
import org.redisbench.bench.CpuPlacement;
import org.redisbench.bench.openloop.OpenLoopSteps;
import org.redisbench.bench.phases.Sampling;
import org.redisbench.bench.run.Curl;
import org.redisbench.bench.run.PlannedVariant;
import org.redisbench.bench.run.PortProbe;
import org.redisbench.bench.run.RunContext;
import org.redisbench.bench.stores.Node;
import org.redisbench.bench.stores.Stores;
import org.redisbench.bench.stores.Topology;
import org.redisbench.commandline.Failure;
import org.redisbench.model.Batch;
import org.redisbench.processes.AppJava;
import org.redisbench.processes.AppLaunch;
import org.redisbench.processes.ChildProcess;
import org.redisbench.processes.ListeningSocket;
import org.redisbench.processes.Waits;
import org.redisbench.valueformat.Named;

/**
 * The app of a variant, one at a time: started from its jar by APP_JAVA on a free port of the variant's topology
 * (where BENCH_APP_EXEC places it), or taken where it already runs (BENCH_&lt;APP&gt;_URL); either way waited for until
 * UP, and, when started here, known to be the process holding its port. {@code DIR/app.env} says which,
 * {@code DIR/app.log} holds its output, {@code DIR/health.json} its last health answer.
 */
public final class AppUnderTest {

	/** How many free ports are tried when the one found free is taken before the app binds it. */
	private static final int TRIES = 3;

	private static final Duration HEALTH_TIMEOUT = Duration.ofSeconds(2);

	private static final long POLL_MILLIS = 500;

	private final RunContext context;

	private final App app;

	private final String url;

	/** Empty for an app given by its URL. */
	private final Optional<ChildProcess> process;

	private AppUnderTest(RunContext context, App app, String url, Optional<ChildProcess> process) {
		this.context = context;
		this.app = app;
		this.url = url;
		this.process = process;
	}

	/**
	 * Starts the variant's app (or finds it at its URL) and waits until it is UP; a {@code Failure} when it exits,
	 * finds no free port or is not UP within BENCH_START_TIMEOUT.
	 *
	 * @param redis where the app reaches the single Redis (through the Redis latency proxy when the variant has one)
	 */
	public static AppUnderTest start(RunContext context, PlannedVariant variant, Path dir, Topology topology,
			Stores stores, Node redis) {
		return start(context, variant, dir, storeArguments(topology, redis, stores::appClusterNodes),
				environment(context, Sampling.appEnvironment(context.settings())));
	}

	/**
	 * As {@link #start(RunContext, PlannedVariant, Path, Topology, Stores, Node)}, with the app's store arguments
	 * ({@link #storeArguments}) and environment ({@link #environment}) given.
	 */
	public static AppUnderTest start(RunContext context, PlannedVariant variant, Path dir, List<String> storeArguments,
			Map<String, String> environment) {
		App app = variant.app();
		String name = app.label();
		BenchSettings settings = context.settings();
		String given = settings.urls().get(app);
		if (given != null) {
			RawFiles.write(dir.resolve("app.env"), "app=" + name + "\npid=not started by bench.sh\nurl=" + given + "\n");
			AppUnderTest found = new AppUnderTest(context, app, given, Optional.empty());
			found.awaitUp(dir, 0);
			return found;
		}
		AppJava java = new AppJava(context.placement().app(), settings.appJava(), settings.javaOptions());
		List<String> launch = new AppLaunch(java, settings.classSharing(), settings.jit().equals("c1"),
				context.log()::line).of(name, context.jar(name));
		int threads = threads(settings);
		int port = settings.ports().get(app);
		for (int tries = 1; tries <= TRIES; tries++) {
			port = freePort(context, port);
			String url = "http://" + settings.appHost() + ":" + port;
			List<String> command = new ArrayList<>(java.placed());
			command.addAll(java.options());
			command.addAll(OpenLoopSteps.appJavaOptions(settings, dir));
			command.addAll(launch);
			command.addAll(List.of("--server.port=" + port, "--server.address=" + settings.appBind()));
			command.addAll(storeArguments);
			command.addAll(List.of("--bench.mode=" + Named.labelOf(variant.mode()),
					"--bench.compression=" + variant.compression().label(), "--bench.layout=" + variant.layout().label(),
					"--bench.batch-size=" + Batch.SIZE, "--server.tomcat.threads.max=" + threads));
			settings.stepKeys().ifPresent((keys) -> command.add("--bench.id-range=" + keys));
			Path log = dir.resolve("app.log");
			RawFiles.write(log, "");
			ChildProcess process = ChildProcess.start(Path.of("").toAbsolutePath(),
					context.placement().pinned(CpuPlacement.APP, command), log, environment);
			RawFiles.write(dir.resolve("app.env"), "app=" + name + "\npid=" + process.pid() + "\nurl=" + url + "\nthreads="
					+ threads + "\n");
			AppUnderTest started = new AppUnderTest(context, app, url, Optional.of(process));
			if (started.awaitUp(dir, port)) {
				return started;
			}
			if (!RawFiles.read(log).contains("already in use")) {
				throw context.log().failure(name + " app exited while starting; see " + log);
			}
			context.log().line(name + " app lost port " + port + " to another process (try " + tries + ")");
			port++;
		}
		throw context.log().failure(name + " app found no free port");
	}

	/**
	 * What follows the app's port and address to reach its store: the single Redis at {@code redis}, the cluster by
	 * the nodes {@code clusterNodes} gives (asked only for a cluster), or memcached.
	 */
	public static List<String> storeArguments(Topology topology, Node redis, Supplier<String> clusterNodes) {
		if (topology.isMemcached()) {
			return List.of("--bench.store=memcached", "--bench.memcached.servers=" + topology.first());
		}
		if (topology.isCluster()) {
			return List.of("--spring.data.redis.cluster.nodes=" + clusterNodes.get());
		}
		return List.of("--spring.data.redis.host=" + redis.host(), "--spring.data.redis.port=" + redis.port());
	}

	/**
	 * What the apps the run starts get in their environment beyond the cleaned one: the Redis password (never on a
	 * command line, which every user can read), BENCH_TTL when --ttl gave one (read as bench.ttl; none given, none
	 * inherited), and {@code sampling}, {@link Sampling#appEnvironment}'s.
	 */
	public static Map<String, String> environment(RunContext context, Map<String, String> sampling) {
		Map<String, String> environment = new HashMap<>(sampling);
		context.password().ifPresent((password) -> environment.put("SPRING_DATA_REDIS_PASSWORD", password));
		context.settings().ttl().filter((ttl) -> !ttl.isEmpty()).ifPresent((ttl) -> environment.put("BENCH_TTL", ttl));
		return Map.copyOf(environment);
	}

	/**
	 * The apps' request threads (BENCH_APP_THREADS, auto resolved: 8 a core, or 200 with a distance or a Redis the
	 * run did not start), one count for the whole run so that its variants differ in nothing else. Few threads keep
	 * up only with a Redis of this machine answering with nothing in between; with a --redis-rtt anywhere in the
	 * run, each of 100 blocking round trips waits it out.
	 */
	public static int threads(BenchSettings settings) {
		if (settings.appThreads().isPresent()) {
			return settings.appThreads().getAsInt();
		}
		boolean distant = settings.redisRtts().stream().anyMatch((rtt) -> !rtt.equals("0"))
				|| !settings.redisHost().isEmpty() || !settings.clusterNodes().isEmpty();
		return distant ? 200 : Runtime.getRuntime().availableProcessors() * 8;
	}

	/** Its process when the run started it; empty for an app given by its URL. */
	public OptionalLong pid() {
		return this.process.map((started) -> OptionalLong.of(started.pid())).orElseGet(OptionalLong::empty);
	}

	/** Where the client reaches it: {@code http://host:port}. */
	public String url() {
		return this.url;
	}

	/** False once an app the run started has exited; always true for an app given by its URL. */
	public boolean alive() {
		return this.process.map(ChildProcess::isAlive).orElse(true);
	}

	/** Stops it if the run started it (SIGTERM, SIGKILL after BENCH_STOP_TIMEOUT, said in the log). */
	public void stop() {
		if (this.process.isEmpty()) {
			return;
		}
		ChildProcess started = this.process.get();
		Duration timeout = this.context.settings().stopTimeout();
		if (started.isAlive() && started.stop(timeout)) {
			this.context.log().line(this.app.label() + " app (pid " + started.pid() + ") still running after "
					+ timeout.toSeconds() + "s: SIGKILLed");
		}
	}

	/**
	 * Waits until the app at its URL reports UP and, when the run started it, is the process holding {@code port}.
	 * False when that process exited first; a {@code Failure} (the process stopped) when it is not UP in time.
	 */
	private boolean awaitUp(Path dir, int port) {
		Duration timeout = this.context.settings().startTimeout();
		long deadline = System.nanoTime() + timeout.toNanos();
		Curl curl = new Curl(this.context.placement());
		String foreign = "";
		while (System.nanoTime() < deadline) {
			if (!alive()) {
				return false;
			}
			if (curl.get(this.url + "/actuator/health", dir.resolve("health.json"), HEALTH_TIMEOUT).succeeded()) {
				if (this.process.isEmpty() || ListeningSocket.heldBy(this.process.get().pid(), port)) {
					this.context.log().line(this.app.label() + " app UP at " + this.url + " (pid "
							+ (this.process.isEmpty() ? "unknown: not started by bench.sh" : this.process.get().pid())
							+ ")");
					return true;
				}
				foreign = " (what answers there is not pid " + this.process.get().pid()
						+ ": another process, or a java wrapper that did not exec)";
			}
			Waits.sleep(POLL_MILLIS);
		}
		String message = this.app.label() + " app at " + this.url + " not UP within " + timeout.toSeconds() + "s"
				+ foreign + (this.process.isEmpty() ? "" : "; see " + dir.resolve("app.log"));
		Failure failure = this.context.log().failure(message);
		// The run's end stops what it knows of; this app it never got.
		stop();
		throw failure;
	}

	private static int freePort(RunContext context, int from) {
		try {
			return PortProbe.firstFree(context.placement(), context.settings().appHost(), from);
		}
		catch (Failure none) {
			throw context.log().failure(none.getMessage());
		}
	}

}
