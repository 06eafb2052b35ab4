package org.redisbench.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;

import org.redisbench.processes.ProgramPath;
import org.redisbench.bench.stores.ClusterEnvironment;
import org.redisbench.bench.stores.ClusterFolder;
import org.redisbench.bench.stores.ClusterSettings;
import org.redisbench.bench.stores.OwnCluster;
import org.redisbench.commandline.CommandLines;
import org.redisbench.commandline.CommandLog;
import org.redisbench.commandline.Failure;
import org.redisbench.commandline.JarBuild;
import org.redisbench.commandline.Refusal;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code redis-bench cluster start N [--dir DIR]} and {@code cluster stop --dir DIR}, which scripts/lib/cluster.sh
 * launches: a local Redis Cluster for a user or a test to run the apps on, started by the same {@link OwnCluster} as a
 * bench run's {@code --cluster N}, its nodes left running when the command ends and stopped later by the PIDs in its
 * state folder. Its settings are environment variables, as they were when it was a bash script.
 */
@Command(name = "cluster", mixinStandardHelpOptions = true, usageHelpWidth = 120,
		description = { "Starts a local Redis Cluster of N masters without replicas (start), or stops one (stop): "
				+ "for trying the apps on a cluster (docs/cluster.md) and for tests." },
		subcommands = { ClusterCommand.Start.class, ClusterCommand.Stop.class }, footer = ClusterCommand.FOOTER)
public final class ClusterCommand implements Callable<Integer> {

	/** The settings with the values they have now; REDIS_PASSWORD's never shown. */
	static final String FOOTER = "%nEnvironment (defaults in brackets; an empty value is the default):%n"
			+ "  CLUSTER_BIND           [${env:CLUSTER_BIND:-" + ClusterEnvironment.DEFAULT_BIND + "}]  address the nodes listen on and "
			+ "announce to clients%n"
			+ "  CLUSTER_FIRST_PORT     [${env:CLUSTER_FIRST_PORT:-" + ClusterEnvironment.DEFAULT_FIRST_PORT + "}]  first port tried; a "
			+ "node needs its port and port+10000 free%n"
			+ "  CLUSTER_NODE_TIMEOUT   [${env:CLUSTER_NODE_TIMEOUT:-" + ClusterEnvironment.DEFAULT_NODE_TIMEOUT + "}]  "
			+ "cluster-node-timeout, ms%n"
			+ "  CLUSTER_REDIS_ARGS     [${env:CLUSTER_REDIS_ARGS:-}]  more redis-server arguments for every node, e.g. "
			+ "\"--maxmemory 2gb\"%n"
			+ "  CLUSTER_START_TIMEOUT  [${env:CLUSTER_START_TIMEOUT:-" + ClusterEnvironment.DEFAULT_START_TIMEOUT + "}]  seconds for the "
			+ "nodes to answer and the cluster to be ok%n"
			+ "  CLUSTER_STOP_TIMEOUT   [${env:CLUSTER_STOP_TIMEOUT:-" + ClusterEnvironment.DEFAULT_STOP_TIMEOUT + "}]  seconds between "
			+ "TERM and KILL%n"
			+ "  CLUSTER_REDIS_EXEC     [${env:CLUSTER_REDIS_EXEC:-}]  prefix for redis-server, e.g. \"ip netns exec "
			+ "rb-redis\"; it must exec its%n"
			+ "                             command, so that the PID is the node's%n"
			+ "  CLUSTER_CLI_EXEC       [${env:CLUSTER_CLI_EXEC:-}]  prefix for redis-cli%n"
			+ "  CLUSTER_DIR            [${env:CLUSTER_DIR:-}]  the state folder, as --dir%n"
			+ "  REDIS_PASSWORD         []  requirepass (and masterauth) of every node, from a mode-600 redis.conf in "
			+ "the state%n"
			+ "                             folder; redis-cli gets it as REDISCLI_AUTH%n"
			+ "%nPersistence is off on every node (--save \"\" --appendonly no): a stopped cluster keeps no data.%n"
			+ "%nExample: nodes=$(scripts/lib/cluster.sh start 3 --dir \"$dir\") &&%n"
			+ "         java -jar kryo-app/target/kryo-app.jar --spring.data.redis.cluster.nodes=\"$nodes\"%n"
			+ "%nExit status: 0 done, 1 error (a folder refused, a cluster that did not come up, no cluster to stop), "
			+ "2 bad argument%nor setting.";

	@ArgGroup(validate = false, heading = "Build (read by scripts/lib/launcher.sh):%n")
	final JarBuild build = new JarBuild();

	@Spec
	CommandSpec spec;

	/** Where every setting is read: the process's environment, or a test's. */
	private final ClusterEnvironment environment;

	public ClusterCommand() {
		this(System.getenv());
	}

	ClusterCommand(Map<String, String> environment) {
		this.environment = new ClusterEnvironment(environment);
	}

	/** Without start or stop: the usage, on standard error, and a refusal's status, as the script had it. */
	@Override
	public Integer call() {
		this.spec.commandLine().usage(this.spec.commandLine().getErr());
		return CommandLines.REFUSED;
	}

	@Command(name = "start", mixinStandardHelpOptions = true, usageHelpWidth = 120,
			description = { "Starts N cluster-enabled redis-servers (N >= 3, as redis-cli --cluster create demands) on "
					+ "free ports of CLUSTER_BIND, joins them into one cluster of N masters without replicas, waits "
					+ "until every node reports cluster_state:ok, and prints the nodes on one line, as "
					+ "spring.data.redis.cluster.nodes takes them: host:p1,host:p2,...",
					"DIR (made if missing; an existing one must be empty) receives the state: nodes (one \"host port "
							+ "pid\" line per node) and <port>/redis.log. Without --dir, a new folder under "
							+ "${TMPDIR:-/tmp} is used and named on standard error." },
			footer = ClusterCommand.FOOTER)
	static final class Start implements Callable<Integer> {

		@Parameters(arity = "0..1", paramLabel = "N", description = "how many masters")
		String count;

		@Option(names = "--dir", paramLabel = "DIR", description = "the state folder [CLUSTER_DIR]")
		Path dir;

		@ArgGroup(validate = false, heading = "Build (read by scripts/lib/launcher.sh):%n")
		final JarBuild build = new JarBuild();

		@ParentCommand
		ClusterCommand parent;

		@Spec
		CommandSpec spec;

		@Override
		public Integer call() {
			if (this.count == null) {
				throw new Refusal("start needs a node count");
			}
			ClusterSettings settings = this.parent.environment.settings();
			CommandLog log = new CommandLog(this.spec);
			if (!this.count.matches("[0-9]{1,9}") || Integer.parseInt(this.count) < 3) {
				throw new Failure("needs a node count of at least 3 (redis-cli --cluster create needs 3 masters), got '"
						+ this.count + "'");
			}
			if (!ProgramPath.has("redis-server") || !ProgramPath.has("redis-cli")) {
				throw new Failure("redis-server and redis-cli are needed (Debian: apt-get install redis-server)");
			}
			Optional<Path> named = this.parent.dir(this.dir);
			int masters = Integer.parseInt(this.count);
			ClusterFolder folder = ClusterFolder.claim(named, log::say)
				.orElseThrow(() -> new Failure("no cluster started (see the line above)"));
			OwnCluster cluster = OwnCluster.start(settings, folder, masters, log::say)
				.orElseThrow(() -> new Failure("could not start a " + masters + "-master Redis Cluster (see the lines "
						+ "above)"));
			cluster.outliveJvm();
			if (named.isEmpty()) {
				log.say("state in " + folder.dir() + "; stop with: scripts/lib/cluster.sh stop --dir " + folder.dir());
			}
			this.spec.commandLine().getOut().println(cluster.nodes());
			this.spec.commandLine().getOut().flush();
			return CommandLines.OK;
		}

	}

	@Command(name = "stop", mixinStandardHelpOptions = true, usageHelpWidth = 120,
			description = { "Stops the nodes listed in DIR/nodes by PID (TERM, then KILL after CLUSTER_STOP_TIMEOUT) "
					+ "and removes the files start wrote, and DIR itself if start made it and nothing else is in it. "
					+ "A PID is signalled only while its process still is the redis-server on that port." },
			footer = ClusterCommand.FOOTER)
	static final class Stop implements Callable<Integer> {

		@Option(names = "--dir", paramLabel = "DIR", description = "the state folder start was given [CLUSTER_DIR]")
		Path dir;

		@ArgGroup(validate = false, heading = "Build (read by scripts/lib/launcher.sh):%n")
		final JarBuild build = new JarBuild();

		@ParentCommand
		ClusterCommand parent;

		@Spec
		CommandSpec spec;

		@Override
		public Integer call() {
			Path folder = this.parent.dir(this.dir)
				.orElseThrow(() -> new Refusal("stop needs --dir DIR (or CLUSTER_DIR)"));
			Duration stopTimeout = this.parent.environment.settings().stopTimeout();
			if (!Files.isRegularFile(folder.resolve("nodes"))) {
				throw new Failure(folder.resolve("nodes") + " not found: no cluster there");
			}
			ClusterFolder.stop(folder, stopTimeout, new CommandLog(this.spec)::say);
			return CommandLines.OK;
		}

	}

	/** --dir, else CLUSTER_DIR. */
	private Optional<Path> dir(Path option) {
		return Optional.ofNullable(option).or(() -> this.environment.value("CLUSTER_DIR").map(Path::of));
	}

}
