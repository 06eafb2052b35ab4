package org.redisbench.test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

import org.springframework.util.FileSystemUtils;

/**
 * A server process of the test's own (redis-server, memcached) on a free port of 127.0.0.1, with its files in
 * a folder of its own. Tests may stop, crash, pause and start it again on the same port to play an outage;
 * {@link #discard()} ends it for good and removes the folder. A subclass says how it is started and when it
 * answers.
 */
public abstract class ServerProcess {

	private static final Duration START_TIMEOUT = Duration.ofSeconds(10);

	private static final long END_WAIT_SECONDS = 10;

	private static final int FREE_PORT_ATTEMPTS = 100;

	/**
	 * The ports {@link #freePort()} draws from, below 32768. Some scripts' first ports are in it too, but the
	 * scripts' suites run after mvn verify (scripts/test.sh), and a port found taken is drawn again.
	 */
	static final int FIRST_PORT = 20_000;

	static final int LAST_PORT = 32_767;

	/** Every port {@link #freePort()} handed out in this JVM. */
	private static final Set<Integer> HANDED_OUT = ConcurrentHashMap.newKeySet();

	private final int port = freePort();

	private Path directory;

	private Process process;

	/** The program's name, for messages: {@code redis-server}, {@code memcached}. */
	protected abstract String program();

	/** The folder its files go under. */
	protected Path dataRoot() {
		return Path.of(System.getProperty("java.io.tmpdir"));
	}

	/** Prepares the new folder before the first start, e.g. writes a config file into it. */
	protected void prepare(Path directory) throws IOException {
	}

	/** The command line that starts it on {@link #port()} with its files in {@code directory}. */
	protected abstract List<String> command(Path directory);

	/** Asks once which process answers on its port, by the pid the server reports; throws when none does (yet). */
	protected abstract long answeringPid();

	/** Empties it, through its own protocol. */
	public abstract void flushAll();

	public final int port() {
		return this.port;
	}

	/** Its folder, made when it first starts: config, data and log, removed by {@link #discard()}. */
	final Path directory() {
		return this.directory;
	}

	public synchronized void start() {
		if (isRunning()) {
			return;
		}
		try {
			if (this.directory == null) {
				this.directory = Files.createTempDirectory(dataRoot(), program() + "-test-");
				prepare(this.directory);
			}
			this.process = new ProcessBuilder(command(this.directory)).redirectErrorStream(true)
				.redirectOutput(ProcessBuilder.Redirect.appendTo(log().toFile()))
				.start();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot start " + program() + " (is it installed and on the PATH?)", ex);
		}
		awaitAnswer();
	}

	/** Stops it as an operator would ({@code SIGTERM}): it finishes what it has and exits. */
	public synchronized void stop() {
		end(false);
	}

	/** Crashes it ({@code SIGKILL}): no goodbye to clients, nothing flushed that it had not yet written. */
	public synchronized void kill() {
		end(true);
	}

	/** Freezes it ({@code SIGSTOP}): the kernel still accepts connections, nothing is answered. */
	public synchronized void pause() {
		signal("STOP");
	}

	public synchronized void resume() {
		signal("CONT");
	}

	/** Ends it for good and removes its folder: data, config (with any password) and log. */
	public synchronized void discard() {
		if (isRunning()) {
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

	private Path log() {
		return this.directory.resolve(program() + ".log");
	}

	/** Ends the process and waits for it; one still there after the wait is killed. */
	private void end(boolean forcibly) {
		if (this.process == null) {
			return;
		}
		if (forcibly) {
			this.process.destroyForcibly();
		}
		else {
			this.process.destroy();
		}
		try {
			if (!this.process.waitFor(END_WAIT_SECONDS, TimeUnit.SECONDS)) {
				this.process.destroyForcibly().waitFor(END_WAIT_SECONDS, TimeUnit.SECONDS);
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			this.process.destroyForcibly();
		}
		this.process = null;
	}

	private void signal(String signal) {
		if (this.process == null) {
			throw new IllegalStateException(program() + " on port " + this.port + " is not running");
		}
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

	/**
	 * Waits until the server answers, and makes sure it is the process just started. Another server already on
	 * the port would answer too while ours fails to bind: a test would then run against it unknowingly (a
	 * cluster once took one node twice, and counted its keys twice).
	 */
	private void awaitAnswer() {
		long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
		while (true) {
			long pid;
			try {
				pid = answeringPid();
			}
			catch (RuntimeException ex) {
				if (!this.process.isAlive() || System.nanoTime() > deadline) {
					String tail = logTail();
					stop();
					throw new IllegalStateException(program() + " did not answer on port " + this.port + " within "
							+ START_TIMEOUT + "; its log ends:\n" + tail, ex);
				}
				Waits.sleep(50);
				continue;
			}
			if (pid != this.process.pid()) {
				String tail = logTail();
				stop();
				throw new IllegalStateException("port " + this.port + " is served by another process (pid " + pid
						+ "), not by the " + program() + " started for this test; its log ends:\n" + tail);
			}
			return;
		}
	}

	private String logTail() {
		try {
			List<String> lines = Files.readAllLines(log());
			return String.join("\n", lines.subList(Math.max(0, lines.size() - 10), lines.size()));
		}
		catch (IOException ex) {
			return "(no log: " + ex.getMessage() + ")";
		}
	}

	/**
	 * A port nothing listens on now and that this JVM has not handed out before, drawn at random below the kernel's
	 * ephemeral range (32768-60999 on Debian). The kernel offers a port it just freed again soon (here, 10 series of
	 * 500 asks repeated one after 31 to 221), to this JVM and to the other test JVMs beside it alike: in CI, with
	 * three apps' tests side by side, two JVMs' redis-servers started within a millisecond were given the same
	 * port (43187). Drawn at random from 12,768 ports, two JVMs meet far more seldom; two servers of one test, such
	 * as a cluster's nodes, never.
	 */
	static int freePort() {
		for (int attempt = 0; attempt < FREE_PORT_ATTEMPTS; attempt++) {
			int candidate = ThreadLocalRandom.current().nextInt(FIRST_PORT, LAST_PORT + 1);
			if (!HANDED_OUT.contains(candidate) && isFree(candidate) && HANDED_OUT.add(candidate)) {
				return candidate;
			}
		}
		throw new IllegalStateException("no free port from " + FIRST_PORT + " to " + LAST_PORT + " in "
				+ FREE_PORT_ATTEMPTS + " attempts");
	}

	private static boolean isFree(int port) {
		try (ServerSocket socket = new ServerSocket()) {
			socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
			return true;
		}
		catch (IOException taken) {
			return false;
		}
	}

}
