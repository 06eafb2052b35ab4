package org.redisbench.lab;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.redisbench.tooloutput.RedisInfo;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.exceptions.JedisConnectionException;

/**
 * A redis-server of the lab's own on a free loopback port, without persistence, so that the lab may FLUSHALL
 * it between configurations; {@link #close()} stops it and removes its folder.
 */
public final class OwnRedis implements AutoCloseable {

	private static final Duration START_TIMEOUT = Duration.ofSeconds(10);

	/** Another process can take a free port before redis-server binds it: then the next one is tried. */
	private static final int START_TRIES = 5;

	private final Path directory;

	private final Process process;

	private final int port;

	/** Stops it when the JVM is stopped (SIGTERM, Ctrl-C) before {@link #close()}: a child outlives the JVM. */
	private final Thread stopOnExit = new Thread(this::terminate, "stop redis-server");

	private OwnRedis(Path directory, Process process, int port) {
		this.directory = directory;
		this.process = process;
		this.port = port;
		Runtime.getRuntime().addShutdownHook(this.stopOnExit);
	}

	public static OwnRedis start() throws IOException {
		return start(false);
	}

	/**
	 * With {@code cluster}, a one-node Redis Cluster holding every slot: what a key costs there (Redis 7.0 links each
	 * key into its slot's list) is then in whatever is measured on it, not a figure quoted beside it.
	 */
	public static OwnRedis start(boolean cluster) throws IOException {
		return start(cluster, OwnRedis::freePort);
	}

	/** @param ports the port to try at each attempt; the tests give a taken one first */
	static OwnRedis start(boolean cluster, PortSource ports) throws IOException {
		Path directory = Files.createTempDirectory("codec-lab-redis-");
		Path log = directory.resolve("redis.log");
		for (int attempt = 1; attempt <= START_TRIES; attempt++) {
			int port = ports.next();
			List<String> command = new ArrayList<>(List.of("redis-server", "--port", String.valueOf(port), "--bind",
					"127.0.0.1", "--save", "", "--appendonly", "no", "--dir", directory.toString()));
			if (cluster) {
				command.addAll(List.of("--cluster-enabled", "yes", "--cluster-config-file", "nodes-" + port + ".conf"));
			}
			Process process = new ProcessBuilder(command).redirectErrorStream(true)
				.redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
				.start();
			OwnRedis redis = new OwnRedis(directory, process, port);
			if (redis.answers() && (!cluster || redis.holdsEverySlot())) {
				return redis;
			}
			redis.stop();
		}
		String lastLines = String.join("\n", tail(Files.readAllLines(log), 5));
		delete(directory);
		throw new IOException("redis-server did not answer PING after " + START_TRIES + " tries:\n" + lastLines);
	}

	public int port() {
		return this.port;
	}

	public Jedis connect() {
		return new Jedis("127.0.0.1", this.port);
	}

	private boolean answers() {
		Instant deadline = Instant.now().plus(START_TIMEOUT);
		while (this.process.isAlive() && Instant.now().isBefore(deadline)) {
			try (Jedis jedis = connect()) {
				if ("PONG".equals(jedis.ping())) {
					// Another Redis may hold the port, taken between freePort and our bind (our server then exits):
					// only ours is the lab's to FLUSHALL.
					return RedisInfo.number(jedis.info("server"), "process_id") == this.process.pid();
				}
			}
			catch (JedisConnectionException ex) {
				sleep(100);
			}
		}
		return false;
	}

	/** Gives this node every slot and waits until the cluster says it is ok, at most {@link #START_TIMEOUT}. */
	private boolean holdsEverySlot() {
		try (Jedis jedis = connect()) {
			jedis.sendCommand(Protocol.Command.CLUSTER, "ADDSLOTSRANGE", "0", "16383");
			Instant deadline = Instant.now().plus(START_TIMEOUT);
			while (Instant.now().isBefore(deadline)) {
				if (jedis.clusterInfo().contains("cluster_state:ok")) {
					return true;
				}
				sleep(100);
			}
			return false;
		}
	}

	@Override
	public void close() throws IOException {
		stop();
		delete(this.directory);
	}

	private void stop() {
		Runtime.getRuntime().removeShutdownHook(this.stopOnExit);
		terminate();
	}

	private void terminate() {
		this.process.destroy();
		try {
			if (!this.process.waitFor(10, TimeUnit.SECONDS)) {
				this.process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			this.process.destroyForcibly();
		}
	}

	static int freePort() throws IOException {
		try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
			return socket.getLocalPort();
		}
	}

	/** Where {@link #start} looks for a port. */
	@FunctionalInterface
	interface PortSource {

		int next() throws IOException;

	}

	private static List<String> tail(List<String> lines, int count) {
		return lines.subList(Math.max(0, lines.size() - count), lines.size());
	}

	private static void sleep(long millis) {
		try {
			Thread.sleep(millis);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("interrupted while waiting for redis-server", ex);
		}
	}

	private static void delete(Path directory) throws IOException {
		try (Stream<Path> paths = Files.walk(directory)) {
			for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
				Files.delete(path);
			}
		}
		catch (UncheckedIOException ex) {
			throw ex.getCause();
		}
	}

}
