package org.redisbench.bench.stores;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.stream.Collectors;

import org.redisbench.bench.BenchSettings;
import org.redisbench.bench.run.PortProbe;
import org.redisbench.bench.run.Program;
import org.redisbench.bench.run.RunContext;
import org.redisbench.processes.ChildProcess;
import org.redisbench.processes.Folders;
import org.redisbench.processes.Waits;

/**
 * The run's local Redis Cluster of N masters and no replicas, as scripts/lib/cluster.sh starts one: each node a
 * redis-server of its own on a free port (and its cluster bus on port+10000), persistence off, its files in a
 * temporary folder; {@code redis-cli --cluster create} spreads the 16384 slots over them. Placed like the private
 * redis-server, with its arguments and password.
 */
final class OwnCluster {

	private static final int FIRST_PORT = 30001;

	private static final int BUS_OFFSET = 10000;

	/** ms until an unreachable node is marked failed. */
	private static final String NODE_TIMEOUT = "5000";

	/** For the nodes to answer, and for the cluster to be ok. */
	private static final Duration START_TIMEOUT = Duration.ofSeconds(30);

	private static final int TRIES = 5;

	private final RunContext context;

	private final RedisCli cli;

	private final Path dir;

	private final List<Member> members = new ArrayList<>();

	private boolean stopped;

	/** A node started: where it answers, its process, its folder. */
	private record Member(Node node, ChildProcess process, Path dir) {
	}

	private OwnCluster(RunContext context, RedisCli cli, Path dir) {
		this.context = context;
		this.cli = cli;
		this.dir = dir;
	}

	/** Starts it; on a failure, stops whatever it started and throws a {@code Failure}. */
	static OwnCluster start(RunContext context, RedisCli cli, int count) {
		OwnCluster cluster = new OwnCluster(context, cli, RedisProcesses.temporaryFolder("redis-cluster."));
		RedisConf.write(cluster.dir.resolve("redis.conf"), context.password());
		if (!cluster.startNodes(count) || !cluster.create() || !cluster.awaitOk()) {
			cluster.stop();
			throw context.log().failure("could not start a " + count + "-master Redis Cluster (see the lines above)");
		}
		context.log().line(count + " masters ok: " + cluster.nodes() + " (pids " + cluster.pids().stream()
			.map(String::valueOf).collect(Collectors.joining(" ")) + ", " + cluster.dir + ")");
		for (int k = 1; k <= cluster.members.size(); k++) {
			Member member = cluster.members.get(k - 1);
			context.log().line("cluster node " + k + " on " + member.node() + " (pid " + member.process().pid() + ", "
					+ member.dir() + ")");
		}
		return cluster;
	}

	/** Its masters, every node. */
	List<Node> masters() {
		return this.members.stream().map(Member::node).toList();
	}

	List<Long> pids() {
		return this.members.stream().map((member) -> member.process().pid()).toList();
	}

	/** The nodes as spring.data.redis.cluster.nodes takes them: host:p1,host:p2,... */
	String nodes() {
		return masters().stream().map(Node::toString).collect(Collectors.joining(","));
	}

	private boolean startNodes(int count) {
		int port = FIRST_PORT;
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
		BenchSettings settings = this.context.settings();
		int port = first;
		for (int tries = 1; tries <= TRIES; tries++) {
			OptionalInt free = freePort(port);
			if (free.isEmpty()) {
				this.context.log().line("no free port pair from " + first);
				return false;
			}
			port = free.getAsInt();
			Path nodeDir = this.dir.resolve(String.valueOf(port));
			Path log = nodeDir.resolve("redis.log");
			createDirectory(nodeDir);
			List<String> command = new ArrayList<>(List.of("redis-server", this.dir.resolve("redis.conf").toString(),
					"--port", String.valueOf(port), "--bind", settings.redisBind(), "--cluster-enabled", "yes",
					"--cluster-config-file", nodeDir.resolve("nodes.conf").toString(), "--cluster-node-timeout",
					NODE_TIMEOUT, "--save", "", "--appendonly", "no", "--dir", nodeDir.toString(), "--logfile",
					log.toString(), "--daemonize", "no"));
			command.addAll(settings.redisArguments());
			ChildProcess process = RedisProcesses.start(nodeDir, this.context.placement().atRedis(command), log);
			Node node = new Node(settings.redisBind(), port);
			if (RedisProcesses.answersAsOurs(this.cli, process, node, START_TIMEOUT, Duration.ofMillis(100))) {
				this.members.add(new Member(node, process, nodeDir));
				return true;
			}
			RedisProcesses.stop(this.context, process, "node on port " + port);
			this.context.log().line("node on port " + port + " did not answer (try " + tries + "): "
					+ RedisProcesses.tail(log, 2));
			Folders.delete(nodeDir);
			port++;
		}
		return false;
	}

	/** The first port from {@code from} on whose port and bus port nothing answers and that no node here took. */
	private OptionalInt freePort(int from) {
		String host = this.context.settings().redisBind();
		for (int port = from; port + BUS_OFFSET <= 65535; port++) {
			if (taken(port)) {
				continue;
			}
			if (!PortProbe.answers(this.context.placement(), host, port)
					&& !PortProbe.answers(this.context.placement(), host, port + BUS_OFFSET)) {
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
		Path createLog = this.dir.resolve("create.log");
		Program.Ended created = Program.runInto(this.cli.command(masters().get(0), arguments), Duration.ofSeconds(60),
				this.cli.environment(), "", createLog, true);
		if (!created.succeeded()) {
			this.context.log().line("redis-cli --cluster create failed: " + RedisProcesses.tail(createLog, 3));
			return false;
		}
		return true;
	}

	/** Until every node reports cluster_state:ok and knows every other, at most 30 s. */
	private boolean awaitOk() {
		long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
		List<Integer> pending = List.of();
		while (System.nanoTime() < deadline) {
			pending = this.members.stream().filter((member) -> !ok(member.node())).map((member) -> member.node().port())
				.toList();
			if (pending.isEmpty()) {
				return true;
			}
			Waits.sleep(200);
		}
		this.context.log().line("not ok after " + START_TIMEOUT.toSeconds() + "s on port(s) "
				+ pending.stream().map(String::valueOf).collect(Collectors.joining(" ")));
		return false;
	}

	private boolean ok(Node node) {
		List<String> info = this.cli.call(node, "CLUSTER", "INFO").replace("\r", "").lines().toList();
		return info.contains("cluster_state:ok") && info.contains("cluster_known_nodes:" + this.members.size());
	}

	/** Stops every node, keeping their logs in raw/cluster-node-PORT.log, and removes its folder; once. */
	void stop() {
		if (this.stopped) {
			return;
		}
		this.stopped = true;
		for (Member member : this.members) {
			RedisProcesses.stop(this.context, member.process(), "node on port " + member.node().port());
			RedisProcesses.keepLog(member.dir().resolve("redis.log"),
					this.context.raw().resolve("cluster-node-" + member.node().port() + ".log"));
		}
		Folders.delete(this.dir);
	}

	private static void createDirectory(Path dir) {
		try {
			Files.createDirectories(dir);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot make " + dir, ex);
		}
	}

}
