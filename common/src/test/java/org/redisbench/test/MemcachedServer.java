package org.redisbench.test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.springframework.util.FileSystemUtils;

/**
 * A {@code memcached} of the test's own, on a free port of 127.0.0.1. Tests may kill it, pause it
 * ({@code SIGSTOP}) and start it again on the same port to play an outage. It is inspected and planted into
 * over Memcached's text protocol on a socket of its own, not through the client the apps use.
 */
public final class MemcachedServer {

	private static final Duration START_TIMEOUT = Duration.ofSeconds(10);

	private final int port = RedisServer.freePort();

	private final List<String> extraArguments;

	private Path directory;

	private Process process;

	/** {@code extraArguments} such as {@code -m 2 -M}: 2 MB of items, refusing a set instead of evicting. */
	public MemcachedServer(String... extraArguments) {
		this.extraArguments = List.of(extraArguments);
	}

	public int port() {
		return this.port;
	}

	/** As {@code bench.memcached.servers} names it. */
	public String address() {
		return "127.0.0.1:" + this.port;
	}

	public synchronized void start() {
		if (isRunning()) {
			return;
		}
		try {
			if (this.directory == null) {
				this.directory = Files.createTempDirectory("memcached-test-");
			}
			List<String> command = new ArrayList<>(List.of("memcached", "-l", "127.0.0.1", "-p",
					String.valueOf(this.port), "-U", "0", "-t", "2",
					// Refused as root without it, ignored otherwise.
					"-u", System.getProperty("user.name")));
			command.addAll(this.extraArguments);
			this.process = new ProcessBuilder(command).redirectErrorStream(true)
				.redirectOutput(ProcessBuilder.Redirect.appendTo(this.directory.resolve("memcached.log").toFile()))
				.start();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot start memcached (is it installed and on the PATH?)", ex);
		}
		awaitVersion();
	}

	/** Stops it as an operator would ({@code SIGTERM}). Memcached keeps nothing: it comes back empty. */
	public synchronized void stop() {
		end(false);
	}

	/** Crashes it ({@code SIGKILL}). */
	public synchronized void kill() {
		end(true);
	}

	/** Freezes it ({@code SIGSTOP}): connections are still accepted by the kernel, nothing is answered. */
	public synchronized void pause() {
		signal("STOP");
	}

	public synchronized void resume() {
		signal("CONT");
	}

	public synchronized void discard() {
		if (this.process != null) {
			signal("CONT");
		}
		end(false);
		if (this.directory != null) {
			try {
				FileSystemUtils.deleteRecursively(this.directory);
			}
			catch (IOException ex) {
				throw new UncheckedIOException("cannot remove " + this.directory, ex);
			}
			this.directory = null;
		}
	}

	public boolean isRunning() {
		return this.process != null && this.process.isAlive();
	}

	private void signal(String signal) {
		try {
			Process kill = new ProcessBuilder("kill", "-" + signal, String.valueOf(this.process.pid())).start();
			if (!kill.waitFor(10, TimeUnit.SECONDS) || kill.exitValue() != 0) {
				throw new IllegalStateException("kill -" + signal + " " + this.process.pid() + " failed");
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	private void end(boolean forcibly) {
		if (this.process == null) {
			return;
		}
		ServerProcesses.end(this.process, forcibly);
		this.process = null;
	}

	/** The value's bytes, or {@code null} when it holds no such key. */
	public byte[] get(String key) {
		return exchange("get " + key + "\r\n", (in) -> {
			String header = readLine(in);
			if (header.equals("END")) {
				return null;
			}
			int length = Integer.parseInt(header.substring(header.lastIndexOf(' ') + 1));
			byte[] value = in.readNBytes(length);
			readLine(in);
			expect("END", readLine(in));
			return value;
		});
	}

	public boolean contains(String key) {
		return get(key) != null;
	}

	public void set(String key, byte[] value) {
		set(key, 0, value);
	}

	/** Stores a value with the given client flags, as another client could have written it. */
	public void set(String key, int flags, byte[] value) {
		ByteArrayOutputStream command = new ByteArrayOutputStream();
		command.writeBytes(("set " + key + " " + flags + " 0 " + value.length + "\r\n").getBytes(StandardCharsets.US_ASCII));
		command.writeBytes(value);
		command.writeBytes("\r\n".getBytes(StandardCharsets.US_ASCII));
		exchange(command.toByteArray(), (in) -> expect("STORED", readLine(in)));
	}

	public void flushAll() {
		exchange("flush_all\r\n", (in) -> expect("OK", readLine(in)));
	}

	/** {@code stats} or {@code stats slabs}, as name to value. */
	public Map<String, String> stats(String group) {
		return exchange(("stats " + group).trim() + "\r\n", (in) -> {
			Map<String, String> stats = new LinkedHashMap<>();
			for (String line = readLine(in); !line.equals("END"); line = readLine(in)) {
				String[] parts = line.split(" ", 3);
				stats.put(parts[1], parts[2]);
			}
			return stats;
		});
	}

	/** How many of {@code person_<firstId>} to {@code person_<firstId + count - 1>} it holds. */
	public int persons(long firstId, int count) {
		int found = 0;
		for (long id = firstId; id < firstId + count; id += 100) {
			StringBuilder command = new StringBuilder("get");
			for (long key = id; key < Math.min(id + 100, firstId + count); key++) {
				command.append(" person_").append(key);
			}
			found += exchange(command.append("\r\n").toString(), (in) -> {
				int values = 0;
				for (String header = readLine(in); !header.equals("END"); header = readLine(in)) {
					in.readNBytes(Integer.parseInt(header.substring(header.lastIndexOf(' ') + 1)) + 2);
					values++;
				}
				return values;
			});
		}
		return found;
	}

	private <T> T exchange(String command, Reading<T> reading) {
		return exchange(command.getBytes(StandardCharsets.US_ASCII), reading);
	}

	private <T> T exchange(byte[] command, Reading<T> reading) {
		try (Socket socket = new Socket("127.0.0.1", this.port)) {
			socket.setSoTimeout(10_000);
			OutputStream out = socket.getOutputStream();
			out.write(command);
			out.flush();
			return reading.read(socket.getInputStream());
		}
		catch (IOException ex) {
			throw new UncheckedIOException("memcached on port " + this.port, ex);
		}
	}

	private static String readLine(InputStream in) throws IOException {
		ByteArrayOutputStream line = new ByteArrayOutputStream();
		for (int b = in.read(); b != '\n'; b = in.read()) {
			if (b < 0) {
				throw new IOException("connection closed after '" + line + "'");
			}
			if (b != '\r') {
				line.write(b);
			}
		}
		return line.toString(StandardCharsets.US_ASCII);
	}

	private static Void expect(String expected, String line) throws IOException {
		if (!line.equals(expected)) {
			throw new IOException("expected " + expected + ", memcached answered '" + line + "'");
		}
		return null;
	}

	private void awaitVersion() {
		long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
		while (true) {
			try {
				exchange("version\r\n", MemcachedServer::readLine);
				return;
			}
			catch (UncheckedIOException ex) {
				if (!this.process.isAlive() || System.nanoTime() > deadline) {
					stop();
					throw new IllegalStateException("memcached did not answer on port " + this.port + " within "
							+ START_TIMEOUT + "; its log: " + log(), ex);
				}
				Waits.sleep(50);
			}
		}
	}

	private String log() {
		try {
			return Files.readString(this.directory.resolve("memcached.log"));
		}
		catch (IOException ex) {
			return "(no log: " + ex.getMessage() + ")";
		}
	}

	@FunctionalInterface
	private interface Reading<T> {

		T read(InputStream in) throws IOException;

	}

}
