package org.redisbench.bench.stores;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.stream.Collectors;

import org.redisbench.bench.BenchSettings;
import org.redisbench.bench.RedisSetup;
import org.redisbench.bench.Store;
import org.redisbench.processes.Program;
import org.redisbench.bench.run.RunContext;
import org.redisbench.commandline.Refusal;
import org.redisbench.model.Batch;
import org.redisbench.model.Layout;
import org.redisbench.processes.Waits;
import org.redisbench.tooloutput.RedisLatency;

/**
 * The stores a run measures against, opened once before its first variant and closed after its last (or when it is
 * stopped): the single Redis (a private redis-server, or one named by --redis-host), a Redis Cluster (a local one of
 * --cluster N masters, or one named by --cluster-nodes) and a private memcached (--stores memcached). Only what the run
 * started is reconfigured, paused or flushed unasked.
 */
public final class Stores implements AutoCloseable {

	/** The smallest spike Redis's latency monitor records during a step: 1 ms, where the knee's p99 is 20. */
	public static final int LATENCY_THRESHOLD_MS = 1;

	/**
	 * Redis's default hash-max-listpack-value, which a string-per-key variant gets back, so that no variant inherits
	 * another's setting (hash buckets need {@link Layout#LISTPACK_VALUE_BYTES}).
	 */
	private static final int DEFAULT_LISTPACK_VALUE_BYTES = 64;

	private static final Duration INFO_WAIT = Duration.ofSeconds(60);

	private static final String COUNT = "[0-9]+";

	private final RunContext context;

	private final RedisCli cli;

	private Node redis;

	private PrivateRedis privateRedis;

	private OwnCluster ownCluster;

	private List<Node> clusterMasters = List.of();

	private String appClusterNodes = "";

	private PrivateMemcached memcached;

	private StallLoop stall;

	private Stores(RunContext context) {
		this.context = context;
		this.cli = new RedisCli(context.placement(), context.password());
	}

	/**
	 * Before anything starts: refuses (a {@code Refusal}, exit 2) hash buckets on a Redis the run does not start whose
	 * {@code hash-max-listpack-value} is under what buckets need. Reads that Redis, with the run's password.
	 */
	public static void checkLayouts(RunContext context) {
		BenchSettings settings = context.settings();
		if (!settings.layouts().contains(Layout.HASH_BUCKET)) {
			return;
		}
		RedisCli cli = new RedisCli(context.placement(), context.password());
		if (!settings.redisHost().isEmpty()) {
			requireListpackValue(cli, new Node(settings.redisHost(), settings.redisPort()));
		}
		if (settings.clusterNodes().isEmpty()) {
			return;
		}
		// A seed that does not answer is for open() to report; here only the masters that answer are read.
		for (Node master : slotMasters(cli.call(seed(settings), "CLUSTER", "NODES"))) {
			requireListpackValue(cli, master);
		}
	}

	/** Refuses a Redis the run did not start whose buckets would not stay listpacks. */
	private static void requireListpackValue(RedisCli cli, Node node) {
		Program.Ended answer = cli.run(node, "", List.of("CONFIG", "GET", "hash-max-listpack-value"));
		List<String> lines = (answer.output() + answer.errors()).lines().toList();
		String value = lines.size() > 1 ? lines.get(1) : "";
		if (!value.matches(COUNT)) {
			throw new Refusal("--layouts hash-bucket: cannot read hash-max-listpack-value of " + node + ", a Redis"
					+ " bench.sh did not start (CONFIG GET answered: " + (lines.isEmpty() ? "" : lines.get(0)) + ")");
		}
		if (Long.parseLong(value) < Layout.LISTPACK_VALUE_BYTES) {
			throw new Refusal("--layouts hash-bucket needs hash-max-listpack-value >= " + Layout.LISTPACK_VALUE_BYTES
					+ " on " + node + " (it has " + value + "), which bench.sh did not start and does not reconfigure");
		}
	}

	/** Starts or checks every store the settings name; a {@code Failure} (exit 1) for one that cannot be used. */
	public static Stores open(RunContext context) {
		Stores stores = new Stores(context);
		try {
			stores.openRedis();
			if (context.settings().stores().contains(Store.MEMCACHED)) {
				stores.memcached = PrivateMemcached.start(context);
			}
			return stores;
		}
		catch (RuntimeException ex) {
			stores.close();
			throw ex;
		}
	}

	/** The single Redis (private or named) and the cluster, if any, ready to be flushed and used. */
	private void openRedis() {
		BenchSettings settings = this.context.settings();
		if (settings.redisHost().isEmpty()) {
			this.privateRedis = PrivateRedis.start(this.context, this.cli);
			this.redis = this.privateRedis.node();
		}
		else {
			this.redis = new Node(settings.redisHost(), settings.redisPort());
			if (!pong(this.redis)) {
				throw this.context.log().failure("Redis at " + this.redis + " does not answer PING");
			}
			this.context.log().line("named Redis at " + this.redis + " (will be FLUSHALLed)");
		}
		if (settings.cluster() > 0) {
			this.ownCluster = OwnCluster.ofRun(this.context, settings.cluster(), System.getenv());
			this.clusterMasters = this.ownCluster.masters();
			this.appClusterNodes = this.ownCluster.nodes();
		}
		else if (!settings.clusterNodes().isEmpty()) {
			useNamedCluster(settings);
		}
	}

	private void useNamedCluster(BenchSettings settings) {
		Node seed = seed(settings);
		Program.Ended nodes = this.cli.run(seed, "", List.of("CLUSTER", "NODES"));
		String reply = (nodes.output() + nodes.errors()).stripTrailing();
		if (!nodes.succeeded()) {
			throw this.context.log().failure("cluster node " + seed + " does not answer CLUSTER NODES: " + reply);
		}
		this.clusterMasters = slotMasters(reply);
		if (this.clusterMasters.isEmpty()) {
			throw this.context.log().failure("CLUSTER NODES of " + seed + " lists no master serving slots: " + reply);
		}
		for (Node master : this.clusterMasters) {
			if (!pong(master)) {
				throw this.context.log().failure("cluster master " + master + " does not answer PING");
			}
		}
		this.appClusterNodes = settings.clusterNodes();
		this.context.log().line("named Redis Cluster at " + settings.clusterNodes() + ": " + this.clusterMasters.size()
				+ " masters " + this.clusterMasters.stream().map(Node::toString).collect(Collectors.joining(","))
				+ " (will be FLUSHALLed)");
	}

	private static Node seed(BenchSettings settings) {
		return Node.parse(settings.clusterNodes().split(",", 2)[0]);
	}

	/**
	 * Of a CLUSTER NODES reply ({@code <id> <host:port@bus-port[,hostname]> <flags> <master> <ping> <pong> <epoch>
	 * <link> <slot>...}), the masters not failing with slots, and so with keys. tool-output's ClusterNodes lists
	 * masters without slots too, and stops at a failing node, where the run measures on the masters that serve.
	 */
	static List<Node> slotMasters(String reply) {
		List<Node> masters = new ArrayList<>();
		for (String line : reply.lines().toList()) {
			String[] fields = line.trim().split("\\s+");
			if (fields.length > 8 && fields[2].contains("master") && !fields[2].contains("fail")) {
				masters.add(Node.parse(fields[1].replaceFirst("@.*", "")));
			}
		}
		return List.copyOf(masters);
	}

	private boolean pong(Node node) {
		Program.Ended ping = this.cli.run(node, "", List.of("PING"));
		return (ping.output() + ping.errors()).stripTrailing().equals("PONG");
	}

	/** The run's topologies in run order: single, then cluster&lt;N&gt; with a cluster, then memcached. */
	public List<String> topologies() {
		List<String> topologies = new ArrayList<>();
		if (this.context.settings().stores().contains(Store.REDIS)) {
			topologies.add(Topology.SINGLE);
			if (!this.clusterMasters.isEmpty()) {
				topologies.add(clusterName());
			}
		}
		if (this.memcached != null) {
			topologies.add(Topology.MEMCACHED);
		}
		return List.copyOf(topologies);
	}

	private String clusterName() {
		return "cluster" + this.clusterMasters.size();
	}

	/** The topology of that name, with its nodes. */
	public Topology topology(String name) {
		if (name.equals(Topology.SINGLE)) {
			return new Topology(name, List.of(this.redis), this.privateRedis != null,
					this.privateRedis == null ? List.of() : List.of(this.privateRedis.pid()));
		}
		if (name.equals(Topology.MEMCACHED) && this.memcached != null) {
			return new Topology(name, List.of(this.memcached.node()), true, List.of(this.memcached.pid()));
		}
		if (!this.clusterMasters.isEmpty() && name.equals(clusterName())) {
			return new Topology(name, this.clusterMasters, this.ownCluster != null,
					this.ownCluster == null ? List.of() : this.ownCluster.pids());
		}
		throw new IllegalArgumentException("no topology " + name + " in this run: " + topologies());
	}

	/**
	 * Empties it: FLUSHALL on every node (a Redis the run did not start only with --allow-flush), or memcached's
	 * flush_all until it holds no item.
	 */
	public void flush(Topology topology) {
		if (topology.isMemcached()) {
			this.memcached.flush();
			return;
		}
		if (!this.context.settings().allowFlush() && !topology.startedHere()) {
			throw this.context.log().failure("refusing to FLUSHALL a Redis bench.sh did not start");
		}
		for (Node node : topology.nodes()) {
			if (!this.cli.call(node, "FLUSHALL").equals("OK")) {
				throw this.context.log().failure("FLUSHALL failed on " + node);
			}
		}
	}

	/** A variant's persistence and eviction, by CONFIG SET, also back to default; only on a Redis the run started. */
	public void applySettings(Topology topology, RedisSetup setup) {
		// A Redis the run did not start keeps its own configuration (the settings' checks refuse what would change it).
		if (this.context.settings().redisSetups().equals(List.of(RedisSetup.DEFAULT)) || topology.isMemcached()
				|| !topology.startedHere()) {
			return;
		}
		List<String> arguments = switch (setup) {
			case DEFAULT -> List.of("appendonly", "no", "save", "", "maxmemory", "0", "maxmemory-policy", "noeviction");
			case AOF_EVERYSEC -> List.of("appendonly", "yes", "appendfsync", "everysec", "save", "", "maxmemory", "0",
					"maxmemory-policy", "noeviction");
			case RDB -> List.of("appendonly", "no", "save", this.context.settings().rdbSave(), "maxmemory", "0",
					"maxmemory-policy", "noeviction");
			case LRU -> List.of("appendonly", "no", "save", "", "maxmemory", String.valueOf(lruMaxmemory(topology)),
					"maxmemory-policy", "allkeys-lru");
		};
		List<String> command = new ArrayList<>(List.of("CONFIG", "SET"));
		command.addAll(arguments);
		for (Node node : topology.nodes()) {
			if (!this.cli.call(node, command.toArray(String[]::new)).equals("OK")) {
				throw this.context.log().failure("CONFIG SET " + String.join(" ", arguments) + " failed on " + node);
			}
			// Turning the AOF on rewrites it in the background: the variant starts once that is done.
			waitForInfo(node, "aof_rewrite_in_progress", "0");
		}
	}

	/**
	 * The maxmemory of --redis-settings lru: room for a fraction of the persons /add writes (BENCH_LRU_MAXMEMORY
	 * bytes, or 64 bytes a person over what the empty server holds, where our codecs take 136-250), so that /add
	 * overflows it and Redis evicts.
	 */
	private long lruMaxmemory(Topology topology) {
		BenchSettings settings = this.context.settings();
		if (settings.lruMaxmemory().isPresent()) {
			return settings.lruMaxmemory().getAsInt();
		}
		long used = infoField(this.cli.call(topology.first(), "INFO", "memory"), "used_memory")
			.map((value) -> value.matches(COUNT) ? Long.parseLong(value) : 0L)
			.orElse(0L);
		return used + (long) settings.requests() * Batch.SIZE * 64 / topology.nodes().size();
	}

	/** Until INFO gives the field that value, at most 60 s. */
	private void waitForInfo(Node node, String field, String value) {
		long deadline = System.nanoTime() + INFO_WAIT.toNanos();
		String current;
		while (!(current = infoField(this.cli.call(node, "INFO"), field).orElse("")).equals(value)) {
			if (System.nanoTime() >= deadline) {
				throw this.context.log().failure(node + ": INFO " + field + " still " + current + " after 60 s");
			}
			Waits.sleep(200);
		}
	}

	/** A field of an INFO reply: what its line {@code field:value} gives between the colons. */
	static Optional<String> infoField(String info, String field) {
		return info.replace("\r", "").lines().map((line) -> line.split(":", -1))
			.filter((parts) -> parts[0].equals(field) && parts.length > 1)
			.map((parts) -> parts[1])
			.reduce((first, later) -> later);
	}

	/**
	 * In a run with hash buckets, the topology's hash-max-listpack-value for the variant's layout (CONFIG SET on a
	 * Redis the run started), read back, the lowest of its masters' appended to {@code variantEnv} as
	 * {@code hash_max_listpack_value=N}; nothing otherwise.
	 */
	public void applyLayout(Topology topology, Layout layout, Path variantEnv) {
		if (!this.context.settings().layouts().contains(Layout.HASH_BUCKET) || topology.isMemcached()) {
			return;
		}
		// A bucket stays one compact listpack only while every value fits: 64 bytes by default and a person 87-156.
		int wanted = layout == Layout.HASH_BUCKET ? Layout.LISTPACK_VALUE_BYTES : DEFAULT_LISTPACK_VALUE_BYTES;
		long lowest = Long.MAX_VALUE;
		for (Node node : topology.nodes()) {
			if (topology.startedHere() && !this.cli
				.call(node, "CONFIG", "SET", "hash-max-listpack-value", String.valueOf(wanted))
				.equals("OK")) {
				throw this.context.log().failure("CONFIG SET hash-max-listpack-value " + wanted + " failed on " + node);
			}
			List<String> lines = this.cli.call(node, "CONFIG", "GET", "hash-max-listpack-value").lines().toList();
			String value = lines.size() > 1 ? lines.get(1) : "";
			if (!value.matches(COUNT)) {
				throw this.context.log().failure("CONFIG GET hash-max-listpack-value gave no number on " + node);
			}
			lowest = Math.min(lowest, Long.parseLong(value));
		}
		try {
			Files.writeString(variantEnv, "hash_max_listpack_value=" + lowest + "\n", StandardOpenOption.CREATE,
					StandardOpenOption.APPEND);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot write " + variantEnv, ex);
		}
	}

	/**
	 * --redis-stall's pauses ({@code CLIENT PAUSE MS WRITE} on every node, once a second) until closed, where the run
	 * started the Redis; closing also unpauses. Nothing to do otherwise.
	 */
	public Stall stall(Topology topology) {
		Duration pause = this.context.settings().redisStall();
		if (pause.isZero() || topology.isMemcached() || !topology.startedHere()) {
			return () -> {
			};
		}
		StallLoop loop = StallLoop.start(this.cli, topology.nodes(), pause);
		this.stall = loop;
		return loop;
	}

	/**
	 * Redis's latency monitor over a step, where the run started the Redis: on every node {@code
	 * latency-monitor-threshold} set to {@link #LATENCY_THRESHOLD_MS} and its events reset; when ended, each event's most
	 * ms (the largest over the nodes) and its spikes with their seconds, read before the monitor is off again, as Redis
	 * starts it. Nothing elsewhere (ended, empty): a Redis the run did not start keeps its configuration.
	 */
	public LatencyWatch watchLatency(Topology topology) {
		if (topology.isMemcached() || !topology.startedHere()) {
			return Optional::empty;
		}
		for (Node node : topology.nodes()) {
			this.cli.call(node, "CONFIG", "SET", "latency-monitor-threshold", String.valueOf(LATENCY_THRESHOLD_MS));
			this.cli.call(node, "LATENCY", "RESET");
		}
		return () -> {
			Map<String, Long> max = new LinkedHashMap<>();
			List<RedisLatency.Spike> spikes = new ArrayList<>();
			for (Node node : topology.nodes()) {
				Map<String, Long> latest = RedisLatency.maxMs(this.cli.call(node, "LATENCY", "LATEST"));
				latest.forEach((event, ms) -> max.merge(event, ms, Math::max));
				for (String event : latest.keySet()) {
					spikes.addAll(RedisLatency.history(event, this.cli.call(node, "LATENCY", "HISTORY", event)));
				}
				this.cli.call(node, "CONFIG", "SET", "latency-monitor-threshold", "0");
			}
			return Optional.of(new LatencyEvents(max, spikes));
		};
	}

	/** The single Redis as the run reaches it. */
	public Node redis() {
		return this.redis;
	}

	/** Where the apps reach the single Redis: BENCH_APP_REDIS_HOST, or the run's host, on its port. */
	public Node appRedis() {
		String host = this.context.settings().appRedisHost();
		return host.isEmpty() ? this.redis : new Node(host, this.redis.port());
	}

	/** The private redis-server's process; empty for a named Redis. */
	public OptionalLong redisPid() {
		return this.privateRedis == null ? OptionalLong.empty() : OptionalLong.of(this.privateRedis.pid());
	}

	/** The cluster's masters that hold data; empty without a cluster. */
	public List<Node> clusterMasters() {
		return this.clusterMasters;
	}

	/** Whether the run started the cluster. */
	public boolean ownCluster() {
		return this.ownCluster != null;
	}

	/** The nodes the apps are given to find the cluster by (spring.data.redis.cluster.nodes). */
	public String appClusterNodes() {
		return this.appClusterNodes;
	}

	/** The private memcached, when the run has memcached variants. */
	public Optional<Node> memcached() {
		return Optional.ofNullable(this.memcached).map(PrivateMemcached::node);
	}

	/** Its value sizes after /add; for {@link StoreSnapshots}. */
	PrivateMemcached privateMemcached() {
		return this.memcached;
	}

	public RedisCli cli() {
		return this.cli;
	}

	/**
	 * Stops what {@link #open} started, keeping the servers' logs in raw/; safe to call at any point, and twice, also
	 * from the thread that stops the run while another closes it.
	 */
	@Override
	public synchronized void close() {
		List<Runnable> steps = new ArrayList<>();
		if (this.stall != null) {
			steps.add(this.stall::close);
		}
		if (this.memcached != null) {
			steps.add(this.memcached::stop);
		}
		if (this.privateRedis != null) {
			steps.add(this.privateRedis::stop);
		}
		if (this.ownCluster != null) {
			steps.add(() -> this.ownCluster.stop(Optional.of(this.context.raw())));
		}
		// Each one stops even when one before it failed: a server left running would outlive the run's report.
		RuntimeException first = null;
		for (Runnable step : steps) {
			try {
				step.run();
			}
			catch (RuntimeException ex) {
				if (first == null) {
					first = ex;
				}
				else {
					first.addSuppressed(ex);
				}
			}
		}
		if (first != null) {
			throw first;
		}
	}

	/** Redis's latency monitor, on until ended. */
	@FunctionalInterface
	public interface LatencyWatch {

		/**
		 * Each latency event's most ms and spikes since the watch began, the monitor off again; empty where none was
		 * on.
		 */
		Optional<LatencyEvents> end();

	}

	/** --redis-stall's pauses while open. */
	public interface Stall extends AutoCloseable {

		@Override
		void close();

	}

}
