package org.redisbench.ownredis;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import redis.clients.jedis.Jedis;
import redis.clients.jedis.exceptions.JedisException;

/**
 * A redis-server of a tool's own: on the first free port of 127.0.0.1 from a given one, persistence off, its files
 * in a new temporary folder, stopped by its process, never by name or port; optionally a cluster of this one node,
 * serving every slot (what a node of a larger cluster costs a key). It is taken only once INFO's process_id is its
 * own: another Redis may have taken the port before our bind, and must never be written to.
 * <p>
 * SEAM: stands in for module {@code processes} (common's RedisServer and RedisCluster moving to main code, in
 * parallel with this); once that is on main, the fill, memory-at-scale, the proxy's self-test and the round-trip
 * experiment start their Redis there, and this package goes.
 */
public final class OwnRedisServer implements AutoCloseable {

	private static final Duration START = Duration.ofSeconds(15);

	private static final Duration STOP = Duration.ofSeconds(10);

	/** A port taken between our look and redis-server's bind is a race, not a failure: the next is tried. */
	private static final int TRIES = 3;

	private final Process process;

	private final int port;

	private final Path directory;

	private OwnRedisServer(Process process, int port, Path directory) {
		this.process = process;
		this.port = port;
		this.directory = directory;
	}

	/** A redis-server on the first free port from {@code firstPort}; a cluster of one node if {@code cluster}. */
	public static OwnRedisServer start(int firstPort, boolean cluster) {
		int from = firstPort;
		IllegalStateException last = null;
		for (int attempt = 0; attempt < TRIES; attempt++) {
			int port = freePort(from);
			try {
				return startOn(port, cluster);
			}
			catch (IllegalStateException ex) {
				last = ex;
				from = port + 2;
			}
		}
		throw last;
	}

	private static OwnRedisServer startOn(int port, boolean cluster) {
		Path directory;
		try {
			directory = Files.createTempDirectory("own-redis.");
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		List<String> command = new ArrayList<>(List.of("redis-server", "--port", String.valueOf(port), "--bind",
				"127.0.0.1", "--save", "", "--appendonly", "no", "--dir", directory.toString(), "--logfile",
				directory.resolve("redis.log").toString(), "--daemonize", "no"));
		if (cluster) {
			command.addAll(List.of("--cluster-enabled", "yes", "--cluster-port", String.valueOf(freePort(port + 1)),
					"--cluster-announce-ip", "127.0.0.1"));
		}
		Process process;
		try {
			process = ChildProcesses.builder(command).redirectErrorStream(true)
				.redirectOutput(directory.resolve("redis.out").toFile())
				.start();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot start redis-server (Debian: redis-server)", ex);
		}
		OwnRedisServer server = new OwnRedisServer(process, port, directory);
		try {
			server.awaitOurs(cluster);
			return server;
		}
		catch (RuntimeException ex) {
			String log = server.logTail();
			server.close();
			throw new IllegalStateException("redis-server did not get ready on port " + port + ": " + log, ex);
		}
	}

	private void awaitOurs(boolean cluster) {
		long deadline = System.nanoTime() + START.toNanos();
		while (true) {
			if (!this.process.isAlive() || System.nanoTime() > deadline) {
				throw new IllegalStateException((this.process.isAlive() ? "not ready in " + START : "it exited"));
			}
			try (Jedis jedis = connect()) {
				String id = jedis.info("server").lines()
					.filter((line) -> line.startsWith("process_id:"))
					.map((line) -> line.substring("process_id:".length()).strip())
					.findFirst()
					.orElse("");
				if (id.equals(String.valueOf(this.process.pid()))) {
					if (!cluster) {
						return;
					}
					if (jedis.clusterInfo().contains("cluster_state:ok")) {
						return;
					}
					if (jedis.clusterNodes().lines().noneMatch((line) -> line.contains("myself") && line.contains("0-16383"))) {
						jedis.sendCommand(() -> "CLUSTER".getBytes(), "ADDSLOTSRANGE", "0", "16383");
					}
				}
			}
			catch (JedisException ex) {
				// Not listening yet.
			}
			sleep();
		}
	}

	public int port() {
		return this.port;
	}

	public long pid() {
		return this.process.pid();
	}

	public Jedis connect() {
		return new Jedis("127.0.0.1", this.port, 10_000, 120_000);
	}

	/** Stops it and removes its folder, keeping its log at {@code log} first. */
	public void close(Path log) {
		ChildProcesses.stop(this.process, STOP);
		try {
			Files.copy(this.directory.resolve("redis.log"), log);
		}
		catch (IOException ex) {
			// No log to keep: it never wrote one.
		}
		close();
	}

	@Override
	public void close() {
		ChildProcesses.stop(this.process, STOP);
		try (Stream<Path> files = Files.walk(this.directory)) {
			files.sorted((a, b) -> b.getNameCount() - a.getNameCount()).forEach((file) -> file.toFile().delete());
		}
		catch (IOException ex) {
			// A temporary folder left behind.
		}
	}

	private String logTail() {
		try (Stream<String> lines = Files.lines(this.directory.resolve("redis.log"))) {
			List<String> all = lines.toList();
			return String.join(" ", all.subList(Math.max(0, all.size() - 2), all.size()));
		}
		catch (IOException | UncheckedIOException ex) {
			return "(no log)";
		}
	}

	/** The first port from {@code from} that 127.0.0.1 can bind now. */
	public static int freePort(int from) {
		for (int port = from; port < 65536; port++) {
			try (ServerSocket socket = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
				return port;
			}
			catch (IOException ex) {
				// Taken: the next.
			}
		}
		throw new IllegalStateException("no free port on 127.0.0.1 from " + from);
	}

	private static void sleep() {
		try {
			Thread.sleep(100);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("interrupted", ex);
		}
	}

}
