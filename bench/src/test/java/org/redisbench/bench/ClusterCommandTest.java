package org.redisbench.bench;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.redisbench.bench.run.Placement;
import org.redisbench.bench.stores.ClusterFolder;
import org.redisbench.bench.stores.Node;
import org.redisbench.bench.stores.RedisCli;
import org.redisbench.commandline.CommandLines;
import org.redisbench.processes.ChildEnvironment;
import picocli.CommandLine;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code redis-bench cluster start} and {@code stop} (scripts/lib/cluster.sh) as a user runs them, each in a JVM of
 * its own: the nodes outlive start's JVM, stop finds them by the state folder alone, and only what start wrote goes.
 * What scripts/test-lib.sh checked of cluster.sh and of the password in redis.conf.
 */
@Tag("end-to-end")
class ClusterCommandTest {

	/** Every kind of byte redis.conf could misread: a quote, a backslash, a space, '#', non-ASCII, $ and '. */
	private static final String PASSWORD = "p\"a\\s s#w\u00e9rd'$x";

	private static final Duration TIMEOUT = Duration.ofMinutes(2);

	private static final RedisCli CLI = new RedisCli(new Placement(List.of(), List.of(), List.of()), Optional.empty());

	@TempDir
	Path work;

	/** Folders a test started a cluster in, stopped here too should an assertion have failed before its stop. */
	private final List<Path> started = new ArrayList<>();

	@AfterEach
	void stopWhatIsLeft() {
		for (Path dir : this.started) {
			if (Files.isRegularFile(dir.resolve("nodes"))) {
				ClusterFolder.stop(dir, Duration.ofSeconds(10), (line) -> {
				});
			}
		}
	}

	/** What a run of the command left: its status, standard output and standard error. */
	private record Ended(int status, String out, String err) {

		String all() {
			return "status " + this.status + "\nstdout:\n" + this.out + "stderr:\n" + this.err;
		}

	}

	@Test
	void startsThreeMastersInAUsersEmptyFolderPrintsTheirNodesAndStopLeavesTheFolderEmpty() throws IOException {
		Path dir = Files.createDirectories(this.work.resolve("empty"));
		this.started.add(dir);
		// From a shell with a REDISCLI_AUTH of its own, which the nodes (no password) would refuse.
		Ended start = cluster(Map.of("REDISCLI_AUTH", "wrong-from-the-shell"), "start", "3", "--dir", dir.toString());
		assertThat(start.status()).as(start.all()).isZero();
		assertThat(start.out()).as(start.all()).matches("(127\\.0\\.0\\.1:[0-9]+,){2}127\\.0\\.0\\.1:[0-9]+\n");
		List<Node> nodes = Arrays.stream(start.out().strip().split(",")).map(Node::parse).toList();

		List<String> lines = Files.readAllLines(dir.resolve("nodes"));
		assertThat(lines).as("the nodes file, one \"host port pid\" line a node").hasSize(3);
		List<Long> pids = new ArrayList<>();
		for (int k = 0; k < 3; k++) {
			String[] fields = lines.get(k).split(" ");
			Node node = nodes.get(k);
			assertThat(fields).as(lines.get(k)).hasSize(3).startsWith(node.host(), String.valueOf(node.port()));
			long pid = Long.parseLong(fields[2]);
			pids.add(pid);
			assertThat(commandLine(pid)).as("pid %d, after start's JVM ended", pid)
				.containsPattern("redis-server.*:" + node.port() + "\\b");
			assertThat(dir.resolve(node.port() + "/redis.log")).isRegularFile();
			List<String> info = CLI.call(node, "CLUSTER", "INFO").replace("\r", "").lines().toList();
			assertThat(info).as(node + "'s CLUSTER INFO").contains("cluster_state:ok", "cluster_known_nodes:3");
		}
		assertThat(dir.resolve(".redis-cluster-state")).as("the folder was the user's").hasContent("created=no");

		Ended stop = cluster(Map.of(), "stop", "--dir", dir.toString());
		assertThat(stop.status()).as(stop.all()).isZero();
		assertThat(dir).as("the user's folder stays, empty").isEmptyDirectory();
		for (long pid : pids) {
			assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive)).as("node pid %d", pid)
				.isNotEqualTo(Optional.of(true));
		}
	}

	@Test
	void aFolderStartMadeGoesOnStopAndEveryNodeTakesExactlyThePasswordOfAnyBytes() throws IOException {
		Path dir = this.work.resolve("made-by-start");
		this.started.add(dir);
		Ended start = cluster(Map.of("REDIS_PASSWORD", PASSWORD), "start", "3", "--dir", dir.toString());
		assertThat(start.status()).as(start.all()).isZero();
		assertThat(dir.resolve(".redis-cluster-state")).hasContent("created=yes");
		Path conf = dir.resolve("redis.conf");
		assertThat(Files.getPosixFilePermissions(conf)).as("redis.conf's mode")
			.isEqualTo(PosixFilePermissions.fromString("rw-------"));
		assertThat(Files.readString(conf, StandardCharsets.ISO_8859_1)).as("redis.conf")
			.doesNotContain("s#w").contains("requirepass ").contains("masterauth ");
		RedisCli exact = new RedisCli(new Placement(List.of(), List.of(), List.of()), Optional.of(PASSWORD));
		RedisCli lastByteOff = new RedisCli(new Placement(List.of(), List.of(), List.of()),
				Optional.of(PASSWORD.substring(0, PASSWORD.length() - 1)));
		for (String address : start.out().strip().split(",")) {
			Node node = Node.parse(address);
			assertThat(exact.call(node, "PING")).as(node + " with exactly the password").isEqualTo("PONG");
			assertThat(lastByteOff.call(node, "PING")).as(node + " without its last byte").isNotEqualTo("PONG");
		}

		// CLUSTER_DIR names the folder as --dir does.
		Ended stop = cluster(Map.of("CLUSTER_DIR", dir.toString()), "stop");
		assertThat(stop.status()).as(stop.all()).isZero();
		assertThat(dir).as("the folder start made").doesNotExist();
	}

	@Test
	void aUsersFolderWithFilesInItIsRefusedByStartAndStopAndLeftIntact() throws IOException {
		Path mine = Files.createDirectories(this.work.resolve("mine"));
		Files.writeString(mine.resolve("notes.txt"), "keep me");

		Ended start = cluster(Map.of(), "start", "3", "--dir", mine.toString());
		assertThat(start.status()).as(start.all()).isEqualTo(1);
		assertThat(start.err()).contains(mine + " is not an empty folder");
		Ended stop = cluster(Map.of(), "stop", "--dir", mine.toString());
		assertThat(stop.status()).as(stop.all()).isEqualTo(1);
		assertThat(stop.err()).contains("no cluster there");

		try (Stream<Path> left = Files.list(mine)) {
			assertThat(left).as("the user's folder").containsExactly(mine.resolve("notes.txt"));
		}
		assertThat(mine.resolve("notes.txt")).hasContent("keep me");
	}

	/** A PID reused by another process since start is never signalled; the files start wrote go all the same. */
	@Test
	void stopSignalsAPidOnlyWhileItStillIsTheNodeOnItsPort() throws Exception {
		Path dir = Files.createDirectories(this.work.resolve("reused"));
		Process other = new ProcessBuilder("sleep", "60").start();
		try {
			Files.writeString(dir.resolve(".redis-cluster-state"), "created=no\n");
			Files.writeString(dir.resolve("nodes"), "127.0.0.1 30001 " + other.pid() + "\n");
			Files.createDirectories(dir.resolve("30001"));
			Files.writeString(dir.resolve("30001/redis.log"), "");
			Files.writeString(dir.resolve("theirs.txt"), "not the cluster's");

			Ended stop = cluster(Map.of(), "stop", "--dir", dir.toString());
			assertThat(stop.status()).as(stop.all()).isZero();
			assertThat(other.isAlive()).as("the process that took the node's PID").isTrue();
			try (Stream<Path> left = Files.list(dir)) {
				assertThat(left).as("what stop left").containsExactly(dir.resolve("theirs.txt"));
			}
		}
		finally {
			other.destroyForcibly().waitFor();
		}
	}

	@Test
	void helpListsEverySettingAndBadCommandLinesExitAsTheScriptDid() {
		StringWriter help = new StringWriter();
		CommandLine line = CommandLines.of(new ClusterCommand(Map.of()));
		line.setOut(new PrintWriter(help, true));
		assertThat(line.execute("start", "--help")).isZero();
		assertThat(help.toString()).contains("Usage: cluster start", "[--dir=DIR] [N]", "CLUSTER_BIND", "CLUSTER_FIRST_PORT",
				"CLUSTER_NODE_TIMEOUT", "CLUSTER_REDIS_ARGS", "CLUSTER_START_TIMEOUT", "CLUSTER_STOP_TIMEOUT",
				"CLUSTER_REDIS_EXEC", "CLUSTER_CLI_EXEC", "CLUSTER_DIR", "REDIS_PASSWORD", "Exit status");

		assertThat(inProcess(Map.of())).as("no start or stop").isEqualTo(CommandLines.REFUSED);
		assertThat(inProcess(Map.of(), "restart")).as("an unknown action").isEqualTo(CommandLines.REFUSED);
		assertThat(inProcess(Map.of(), "start")).as("start without N").isEqualTo(CommandLines.REFUSED);
		assertThat(inProcess(Map.of(), "start", "3", "4")).as("a second N").isEqualTo(CommandLines.REFUSED);
		assertThat(inProcess(Map.of(), "stop")).as("stop without --dir").isEqualTo(CommandLines.REFUSED);
		assertThat(inProcess(Map.of("CLUSTER_FIRST_PORT", "60000"), "start", "3"))
			.as("a first port whose bus port is past 65535").isEqualTo(CommandLines.REFUSED);
		Path none = this.work.resolve("none");
		assertThat(inProcess(Map.of(), "start", "2", "--dir", none.toString())).as("fewer than 3 masters")
			.isEqualTo(CommandLines.FAILED);
		assertThat(inProcess(Map.of(), "start", "three", "--dir", none.toString())).as("N not a number")
			.isEqualTo(CommandLines.FAILED);
		assertThat(none).as("a refused start makes no folder").doesNotExist();
		assertThat(inProcess(Map.of(), "stop", "--dir", none.toString())).as("no cluster there")
			.isEqualTo(CommandLines.FAILED);
	}

	private static int inProcess(Map<String, String> environment, String... args) {
		CommandLine line = CommandLines.of(new ClusterCommand(environment));
		line.setOut(new PrintWriter(new StringWriter()));
		line.setErr(new PrintWriter(new StringWriter()));
		return line.execute(args);
	}

	/** The command in a JVM of its own, as scripts/lib/cluster.sh launches it, with {@code environment} added. */
	private Ended cluster(Map<String, String> environment, String... args) throws IOException {
		Path out = Files.createTempFile(this.work, "cluster", ".out");
		Path err = Files.createTempFile(this.work, "cluster", ".err");
		List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
				"-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xmx256m", "-cp", System.getProperty("java.class.path"),
				ClusterMain.class.getName()));
		command.addAll(List.of(args));
		ProcessBuilder builder = ChildEnvironment.processBuilder(command).redirectOutput(out.toFile())
			.redirectError(err.toFile());
		builder.environment().putAll(environment);
		Process process = builder.start();
		try {
			if (!process.waitFor(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
				process.destroyForcibly().waitFor();
				throw new AssertionError("cluster " + String.join(" ", args) + " still running after " + TIMEOUT
						+ ":\n" + Files.readString(err));
			}
		}
		catch (InterruptedException ex) {
			process.destroyForcibly();
			Thread.currentThread().interrupt();
			throw new AssertionError(ex);
		}
		return new Ended(process.exitValue(), Files.readString(out), Files.readString(err));
	}

	private static String commandLine(long pid) throws IOException {
		Path cmdline = Path.of("/proc", String.valueOf(pid), "cmdline");
		return Files.exists(cmdline) ? Files.readString(cmdline, StandardCharsets.ISO_8859_1).replace('\0', ' ') : "";
	}

}
