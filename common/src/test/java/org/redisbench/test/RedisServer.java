package org.redisbench.test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import redis.clients.jedis.Jedis;

/**
 * A {@code redis-server} of the test's own, on a free port, keeping nothing on disk. Tests may stop and
 * restart it on the same port to play an outage; they never touch the machine's shared Redis.
 */
public final class RedisServer {

	private static final Duration START_TIMEOUT = Duration.ofSeconds(10);

	private final int port = freePort();

	private final List<String> extraArguments;

	private Path directory;

	private Process process;

	public RedisServer(String... extraArguments) {
		this.extraArguments = List.of(extraArguments);
	}

	public int port() {
		return this.port;
	}

	public synchronized void start() {
		if (isRunning()) {
			return;
		}
		List<String> command = new ArrayList<>(List.of("redis-server", "--port", String.valueOf(this.port), "--bind",
				"127.0.0.1", "--save", "", "--appendonly", "no"));
		command.addAll(this.extraArguments);
		try {
			if (this.directory == null) {
				this.directory = Files.createTempDirectory("redis-test-");
			}
			command.addAll(List.of("--dir", this.directory.toString()));
			this.process = new ProcessBuilder(command).redirectErrorStream(true)
				.redirectOutput(this.directory.resolve("redis.log").toFile())
				.start();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot start redis-server (is it installed and on the PATH?)", ex);
		}
		awaitPing();
	}

	public synchronized void stop() {
		if (this.process == null) {
			return;
		}
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
		this.process = null;
	}

	public boolean isRunning() {
		return this.process != null && this.process.isAlive();
	}

	/** A plain client to inspect or plant data; the caller closes it. */
	public Jedis client() {
		return new Jedis("127.0.0.1", this.port);
	}

	public void flushAll() {
		try (Jedis jedis = client()) {
			jedis.flushAll();
		}
	}

	public long dbSize() {
		try (Jedis jedis = client()) {
			return jedis.dbSize();
		}
	}

	private void awaitPing() {
		long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
		while (true) {
			try (Jedis jedis = client()) {
				jedis.ping();
				return;
			}
			catch (RuntimeException ex) {
				if (!this.process.isAlive() || System.nanoTime() > deadline) {
					stop();
					throw new IllegalStateException("redis-server did not answer on port " + this.port + " within "
							+ START_TIMEOUT + "; see " + this.directory.resolve("redis.log"), ex);
				}
				sleep(50);
			}
		}
	}

	private static void sleep(long millis) {
		try {
			Thread.sleep(millis);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	private static int freePort() {
		try (ServerSocket socket = new ServerSocket(0)) {
			return socket.getLocalPort();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
