package org.redisbench.bench.stores;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.redisbench.commandline.Failure;
import org.redisbench.processes.Folders;

/**
 * The folder of a cluster's state: {@code nodes} (one "host port pid" line a node), {@code <port>/} (a node's files,
 * its redis.log), redis.conf, create.log, cluster-nodes, and the marker {@code .redis-cluster-state}, which says the
 * folder is a cluster's and whether start made it. A user's folder with files in it is refused, never emptied; what
 * goes at the end is only what start wrote, and the folder only if start made it and nothing else is left in it.
 */
public final class ClusterFolder {

	static final String MARKER = ".redis-cluster-state";

	static final String NODES = "nodes";

	private static final String CREATED = "created=yes";

	/** What start writes beside the nodes' folders and the marker. */
	private static final List<String> FILES = List.of(NODES, "redis.conf", "create.log", "cluster-nodes");

	private static final Duration KILL_WAIT = Duration.ofSeconds(10);

	private final Path dir;

	private final boolean created;

	private ClusterFolder(Path dir, boolean created) {
		this.dir = dir;
		this.created = created;
	}

	/**
	 * Takes a folder for a new cluster: {@code named} when it is missing (made), empty, or ours from a stopped
	 * cluster; a new one under TMPDIR without. Marks it, noting whether it was made here, so that {@link #release}
	 * removes no more than the cluster's own. Empty, said why, when refused.
	 */
	public static Optional<ClusterFolder> claim(Optional<Path> named, Consumer<String> log) {
		if (named.isEmpty()) {
			return Optional.of(mark(RedisProcesses.temporaryFolder("redis-cluster."), true));
		}
		Path dir = named.get();
		if (!Files.exists(dir)) {
			try {
				Files.createDirectories(dir);
			}
			catch (IOException ex) {
				log.accept("cannot make " + dir + ": " + ex.getMessage());
				return Optional.empty();
			}
			return Optional.of(mark(dir, true));
		}
		if (Files.isRegularFile(dir.resolve(MARKER))) {
			if (Files.exists(dir.resolve(NODES))) {
				log.accept(dir + " already holds a cluster; stop it first");
				return Optional.empty();
			}
			return Optional.of(mark(dir, madeByStart(dir)));
		}
		if (!Files.isDirectory(dir) || !empty(dir)) {
			log.accept(dir + " is not an empty folder; name a new or empty one for the cluster's state");
			return Optional.empty();
		}
		return Optional.of(mark(dir, false));
	}

	public Path dir() {
		return this.dir;
	}

	/** A node's line, once it answers: what {@link #stop} reads back, from this JVM or another. */
	void addNode(Node node, long pid) {
		try {
			Files.writeString(this.dir.resolve(NODES), node.host() + " " + node.port() + " " + pid + "\n",
					StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot write " + this.dir.resolve(NODES), ex);
		}
	}

	/**
	 * Stops every node listed in {@code dir}/nodes by its PID (TERM, then KILL after {@code stopTimeout}), each only
	 * while it still is the redis-server on its port, and removes what start wrote. A {@code Failure} for a folder
	 * that holds no cluster of ours, untouched.
	 */
	public static void stop(Path dir, Duration stopTimeout, Consumer<String> log) {
		if (!Files.isRegularFile(dir.resolve(MARKER))) {
			throw new Failure(dir + " holds no cluster of ours (" + MARKER + " is missing): leaving it alone");
		}
		for (String[] node : nodeLines(dir)) {
			if (node.length == 3 && node[1].matches("[0-9]+") && node[2].matches("[0-9]+")) {
				stopNode(Long.parseLong(node[2]), Integer.parseInt(node[1]), stopTimeout, log);
			}
		}
		new ClusterFolder(dir, madeByStart(dir)).release(log);
	}

	/** Removes the nodes' folders and the files start wrote, and the folder itself if start made it and it is empty. */
	void release(Consumer<String> log) {
		for (String[] node : nodeLines(this.dir)) {
			if (node.length > 1 && node[1].matches("[0-9]+")) {
				Folders.delete(this.dir.resolve(node[1]));
			}
		}
		try {
			for (String file : FILES) {
				Files.deleteIfExists(this.dir.resolve(file));
			}
			Files.deleteIfExists(this.dir.resolve(MARKER));
			if (this.created) {
				try {
					Files.deleteIfExists(this.dir);
				}
				catch (DirectoryNotEmptyException ex) {
					log.accept("left " + this.dir + ": it holds files that are not the cluster's");
				}
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot remove the cluster's files from " + this.dir, ex);
		}
	}

	/**
	 * A PID is signalled only while its process is the node: redis-server names itself "redis-server host:port
	 * [cluster]", and anything else has taken the PID over since.
	 */
	private static void stopNode(long pid, int port, Duration stopTimeout, Consumer<String> log) {
		Optional<ProcessHandle> found = ProcessHandle.of(pid).filter(ProcessHandle::isAlive);
		if (found.isEmpty() || !isNode(pid, port)) {
			return;
		}
		ProcessHandle node = found.get();
		node.destroy();
		if (!awaitExit(node, stopTimeout)) {
			node.destroyForcibly();
			awaitExit(node, KILL_WAIT);
			log.accept("node on port " + port + " (pid " + pid + ") still running after " + stopTimeout.toSeconds()
					+ "s: SIGKILLed");
		}
	}

	static boolean isNode(long pid, int port) {
		try {
			String command = Files.readString(Path.of("/proc", String.valueOf(pid), "cmdline"), StandardCharsets.ISO_8859_1)
				.replace('\0', ' ');
			return Pattern.compile("redis-server.*:" + port + "\\b").matcher(command).find();
		}
		catch (IOException ex) {
			return false;
		}
	}

	private static boolean awaitExit(ProcessHandle process, Duration timeout) {
		try {
			process.onExit().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
			return true;
		}
		catch (TimeoutException ex) {
			return false;
		}
		catch (ExecutionException ex) {
			throw new IllegalStateException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return !process.isAlive();
		}
	}

	private static List<String[]> nodeLines(Path dir) {
		Path nodes = dir.resolve(NODES);
		if (!Files.isRegularFile(nodes)) {
			return List.of();
		}
		try {
			return Files.readAllLines(nodes, StandardCharsets.UTF_8).stream().map((line) -> line.trim().split("\\s+"))
				.toList();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot read " + nodes, ex);
		}
	}

	private static boolean madeByStart(Path dir) {
		try {
			return Files.readAllLines(dir.resolve(MARKER), StandardCharsets.UTF_8).contains(CREATED);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot read " + dir.resolve(MARKER), ex);
		}
	}

	private static boolean empty(Path dir) {
		try (Stream<Path> entries = Files.list(dir)) {
			return entries.findAny().isEmpty();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot list " + dir, ex);
		}
	}

	private static ClusterFolder mark(Path dir, boolean created) {
		try {
			Files.writeString(dir.resolve(MARKER), (created ? CREATED : "created=no") + "\n", StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot write " + dir.resolve(MARKER), ex);
		}
		return new ClusterFolder(dir, created);
	}

}
