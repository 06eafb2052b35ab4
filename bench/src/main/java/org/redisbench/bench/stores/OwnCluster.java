package org.redisbench.bench.stores;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Consumer;
import java.util.stream.Collectors;

import org.redisbench.bench.BenchSettings;
import org.redisbench.bench.CpuPlacement;
import org.redisbench.bench.run.Placement;
import org.redisbench.bench.run.PortProbe;
import org.redisbench.processes.Program;
import org.redisbench.bench.run.RunContext;
import org.redisbench.processes.ChildProcess;
import org.redisbench.processes.Folders;
import org.redisbench.processes.Waits;

/**
 * A local Redis Cluster of N masters and no replicas, a bench run's ({@code --cluster N}) or
 * {@code redis-bench cluster start}'s: each node a redis-server of its own on a free port (and its cluster bus on
 * port+10000), persistence off, its files in the cluster's {@link ClusterFolder}; {@code redis-cli --cluster create}
 * spreads the 16384 slots over them.
 */
public final class OwnCluster {

	private static final int BUS_OFFSET = 10000;

	private static final int TRIES = 5;

	private final ClusterSettings settings;

	private final ClusterFolder folder;

	private final Consumer<String> log;

	private final RedisCli cli;

	private final List<Member> members = new ArrayList<>();

	private boolean stopped;

	/** A node started: where it answers, its process, its folder. */
	private record Member(Node node, ChildProcess process, Path dir) {
	}

	private OwnCluster(ClusterSettings settings, ClusterFolder folder, Consumer<String> log) {
		this.settings = settings;
		this.folder = folder;
		this.log = log;
		this.cli = new RedisCli(settings.placement(), settings.password());
	}

	/**
	 * A bench run's cluster, placed like its private redis-server, with its arguments and password, unless the
	 * CLUSTER_* settings of {@code environment} say otherwise; its state in a new temporary folder; a {@code Failure}
	 * when it cannot start.
	 */
	static OwnCluster ofRun(RunContext context, int count, Map<String, String> environment) {
		ClusterSettings clusterSettings = runSettings(context, environment);
		Consumer<String> log = context.log()::line;
		OwnCluster cluster = ClusterFolder.claim(Optional.empty(), log)
			.flatMap((folder) -> start(clusterSettings, folder, count, log))
			.orElseThrow(() -> context.log()
				.failure("could not start a " + count + "-master Redis Cluster (see the lines above)"));
		for (int k = 1; k <= cluster.members.size(); k++) {
			Member member = cluster.members.get(k - 1);
			log.accept("cluster node " + k + " on " + member.node() + " (pid " + member.process().pid() + ", "
					+ member.dir() + ")");
		}
		return cluster;
	}

	/** A run's cluster settings: CLUSTER_* of {@code environment}, else the run's private redis-server's. */
	static ClusterSettings runSettings(RunContext context, Map<String, String> environment) {
		BenchSettings settings = context.settings();
		return new ClusterEnvironment(environment).settings(settings.redisBind(), settings.redisArguments(),
				context.placement(), context.password());
	}

	/**
	 * Starts {@code count} masters with their state in {@code folder}, each line of its progress to {@code log}; on a
	 * failure, said there, stops whatever it started, removes what it wrote, and is empty.
	 */
	public static Optional<OwnCluster> start(ClusterSettings settings, ClusterFolder folder, int count,
			Consumer<String> log) {
		OwnCluster cluster = new OwnCluster(settings, folder, log);
		RedisConf.write(folder.dir().resolve("redis.conf"), settings.password());
		if (!cluster.startNodes(count) || !cluster.create() || !cluster.awaitOk()) {
			cluster.stop(Optional.empty());
			return Optional.empty();
		}
		cluster.write("cluster-nodes", cluster.nodes() + "\n");
		log.accept(count + " masters ok: " + cluster.nodes() + " (pids " + cluster.pids().stream()
			.map(String::valueOf).collect(Collectors.joining(" ")) + ", " + folder.dir() + ")");
		return Optional.of(cluster);
	}

	/** Its masters, every node. */
	public List<Node> masters() {
		return this.members.stream().map(Member::node).toList();
	}

	public List<Long> pids() {
		return this.members.stream().map((member) -> member.process().pid()).toList();
	}

	/** The nodes as spring.data.redis.cluster.nodes takes them: host:p1,host:p2,... */
	public String nodes() {
		return masters().stream().map(Node::toString).collect(Collectors.joining(","));
	}

	/**
	 * Leaves the nodes running when this JVM ends, for {@link ClusterFolder#stop} to stop by the PIDs in the folder:
	 * {@code redis-bench cluster start} ends, its cluster stays.
	 */
	public void outliveJvm() {
		this.members.forEach((member) -> member.process().outliveJvm());
	}

	private boolean startNodes(int count) {
		int port = this.settings.firstPort();
		while (this.members.size() < count) {
			if (!startNode(port)) {
				return false;
			}
			port = this.members.get(this.members.size() - 1).node().port() + 1;
		}
		return true;
	}

	/** One node on the first usable port from {@code first}; the next ports when it loses a race for one. */
	private boolean startNode(int first) {
		String bind = this.settings.bind();
		Path dir = this.folder.dir();
		int port = first;
		for (int tries = 1; tries <= TRIES; tries++) {
			OptionalInt free = freePort(port);
			if (free.isEmpty()) {
				this.log.accept("no free port pair from " + first);
				return false;
			}
			port = free.getAsInt();
			Path nodeDir = dir.resolve(String.valueOf(port));
			Path log = nodeDir.resolve("redis.log");
			try {
				Files.createDirectories(nodeDir);
			}
			catch (IOException ex) {
				throw new UncheckedIOException("cannot make " + nodeDir, ex);
			}
			List<String> command = new ArrayList<>(List.of("redis-server", dir.resolve("redis.conf").toString(),
					"--port", String.valueOf(port), "--bind", bind, "--cluster-enabled", "yes", "--cluster-config-file",
					nodeDir.resolve("nodes.conf").toString(), "--cluster-node-timeout",
					String.valueOf(this.settings.nodeTimeout().toMillis()), "--save", "", "--appendonly", "no", "--dir",
					nodeDir.toString(), "--logfile", log.toString(), "--daemonize", "no"));
			command.addAll(this.settings.redisArguments());
			Placement placement = this.settings.placement();
			ChildProcess process = RedisProcesses.start(nodeDir,
					placement.pinned(CpuPlacement.REDIS, placement.atRedis(command)), log);
			Node node = new Node(bind, port);
			if (RedisProcesses.answersAsOurs(this.cli, process, node, this.settings.startTimeout(),
					Duration.ofMillis(100))) {
				this.members.add(new Member(node, process, nodeDir));
				this.folder.addNode(node, process.pid());
				return true;
			}
			stopProcess(process, port);
			this.log.accept("node on port " + port + " did not answer (try " + tries + "): " + RedisProcesses.tail(log, 2));
			Folders.delete(nodeDir);
			port++;
		}
		return false;
	}

	/** The first port from {@code from} on whose port and bus port nothing answers and that no node here took. */
	private OptionalInt freePort(int from) {
		String host = this.settings.bind();
		for (int port = from; port + BUS_OFFSET <= 65535; port++) {
			if (taken(port)) {
				continue;
			}
			if (!PortProbe.answers(this.settings.placement(), host, port)
					&& !PortProbe.answers(this.settings.placement(), host, port + BUS_OFFSET)) {
				return OptionalInt.of(port);
			}
		}
		return OptionalInt.empty();
	}

	private boolean taken(int port) {
		return this.members.stream().map((member) -> member.node().port())
			.anyMatch((taken) -> port == taken || port == taken + BUS_OFFSET || port + BUS_OFFSET == taken);
	}

	private boolean create() {
		List<String> arguments = new ArrayList<>(List.of("--cluster", "create"));
		masters().forEach((node) -> arguments.add(node.toString()));
		arguments.addAll(List.of("--cluster-replicas", "0", "--cluster-yes"));
		Path createLog = this.folder.dir().resolve("create.log");
		Program.Ended created = Program.runInto(this.cli.command(masters().get(0), arguments), Duration.ofSeconds(60),
				this.cli.environment(), "", createLog, true);
		if (!created.succeeded()) {
			this.log.accept("redis-cli --cluster create failed: " + RedisProcesses.tail(createLog, 3));
			return false;
		}
		return true;
	}

	/** Until every node reports cluster_state:ok and knows every other, at most the start timeout. */
	private boolean awaitOk() {
		long deadline = System.nanoTime() + this.settings.startTimeout().toNanos();
		List<Integer> pending = List.of();
		while (System.nanoTime() < deadline) {
			pending = this.members.stream().filter((member) -> !ok(member.node())).map((member) -> member.node().port())
				.toList();
			if (pending.isEmpty()) {
				return true;
			}
			Waits.sleep(200);
		}
		this.log.accept("not ok after " + this.settings.startTimeout().toSeconds() + "s on port(s) "
				+ pending.stream().map(String::valueOf).collect(Collectors.joining(" ")));
		return false;
	}

	private boolean ok(Node node) {
		List<String> info = this.cli.call(node, "CLUSTER", "INFO").replace("\r", "").lines().toList();
		return info.contains("cluster_state:ok") && info.contains("cluster_known_nodes:" + this.members.size());
	}

	/**
	 * Stops every node, keeps each one's log in {@code keepLogsIn}/cluster-node-PORT.log if given, and removes what
	 * start wrote; once.
	 */
	void stop(Optional<Path> keepLogsIn) {
		if (this.stopped) {
			return;
		}
		this.stopped = true;
		for (Member member : this.members) {
			stopProcess(member.process(), member.node().port());
			keepLogsIn.ifPresent((raw) -> RedisProcesses.keepLog(member.dir().resolve("redis.log"),
					raw.resolve("cluster-node-" + member.node().port() + ".log")));
		}
		this.folder.release(this.log);
	}

	private void stopProcess(ChildProcess process, int port) {
		Duration wait = this.settings.stopTimeout();
		if (process.isAlive() && process.stop(wait)) {
			this.log.accept("node on port " + port + " (pid " + process.pid() + ") still running after "
					+ wait.toSeconds() + "s: SIGKILLed");
		}
	}

	private void write(String file, String text) {
		try {
			Files.writeString(this.folder.dir().resolve(file), text, StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot write " + this.folder.dir().resolve(file), ex);
		}
	}

}
