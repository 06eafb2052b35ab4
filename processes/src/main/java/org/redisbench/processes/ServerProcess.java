package org.redisbench.processes;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * A server process of ours (redis-server, memcached, an app) on a free port of 127.0.0.1, with its files in a
 * folder of its own. It may be stopped, crashed, paused and started again on the same port to play an outage;
 * {@link #discard()} ({@link #close()}) ends it for good and removes the folder. A subclass says how it is started
 * and when it answers; the rule that what answers is ours is here, once.
 */
public abstract class ServerProcess implements AutoCloseable {

	private static final Duration START_TIMEOUT = Duration.ofSeconds(10);

	private static final Duration STOP_TIMEOUT = Duration.ofSeconds(10);

	private final int port = FreePorts.next();

	private Path directory;

	private ChildProcess child;

	/** The program's name, for messages and its folder's: {@code redis-server}, {@code memcached}. */
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

	/** What it alone is given in its environment, such as the password of the Redis an app is meant for. */
	protected Map<String, String> handedOver() {
		return Map.of();
	}

	/**
	 * Asks once over its protocol whether it serves, and which process it says it is, if it says; throws while
	 * nothing answers (yet).
	 */
	protected abstract OptionalLong answeringPid();

	/** How long it may take until it answers. */
	protected Duration startTimeout() {
		return START_TIMEOUT;
	}

	/** How long it may take to finish what it has once told to stop, before it is killed. */
	protected Duration stopTimeout() {
		return STOP_TIMEOUT;
	}

	public final int port() {
		return this.port;
	}

	/** Its folder, made when it first starts: config, data and log, removed by {@link #discard()}. */
	public final Path directory() {
		return this.directory;
	}

	/** Its output, in its folder. */
	public final Path log() {
		return this.directory.resolve(program() + ".log");
	}

	/** Its process id, while it runs: what a run samples in /proc. */
	public final long pid() {
		return running().pid();
	}

	public synchronized void start() {
		if (isRunning()) {
			return;
		}
		try {
			if (this.directory == null) {
				this.directory = Files.createTempDirectory(dataRoot(), program() + "-");
				prepare(this.directory);
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot prepare a folder for " + program(), ex);
		}
		this.child = ChildProcess.start(this.directory, command(this.directory), log(), handedOver());
		awaitAnswer();
	}

	/** Stops it as an operator would ({@code SIGTERM}): it finishes what it has and exits. */
	public synchronized void stop() {
		stop(stopTimeout());
	}

	/**
	 * Stops it ({@code SIGTERM}), giving it {@code within} to finish what it has before it is killed: longer than its
	 * own bound for a JVM that writes an AOT cache as it exits.
	 */
	public synchronized void stop(Duration within) {
		if (this.child != null) {
			this.child.stop(within);
			this.child = null;
		}
	}

	/** Crashes it ({@code SIGKILL}): no goodbye to clients, nothing flushed that it had not yet written. */
	public synchronized void kill() {
		if (this.child != null) {
			this.child.kill(stopTimeout());
			this.child = null;
		}
	}

	/** Freezes it ({@code SIGSTOP}): the kernel still accepts connections, nothing is answered. */
	public synchronized void pause() {
		running().signal("STOP");
	}

	public synchronized void resume() {
		running().signal("CONT");
	}

	/** Ends it for good and removes its folder: data, config (with any password) and log. */
	public synchronized void discard() {
		if (isRunning()) {
			this.child.signal("CONT");
		}
		stop();
		if (this.directory != null) {
			Folders.delete(this.directory);
			this.directory = null;
		}
	}

	/** {@link #discard()}, for a try-with-resources. */
	@Override
	public void close() {
		discard();
	}

	public boolean isRunning() {
		return this.child != null && this.child.isAlive();
	}

	private ChildProcess running() {
		if (this.child == null) {
			throw new IllegalStateException(program() + " on port " + this.port + " is not running");
		}
		return this.child;
	}

	/**
	 * Waits until it answers, and makes sure it is the process just started: the one that says so where it can
	 * (INFO's process_id), and the one holding the port's listening socket. Another server already on the port would
	 * answer too while ours fails to bind: a test would then run against it unknowingly (a cluster once took one
	 * node twice, and counted its keys twice), and a run would FLUSHALL another's Redis.
	 */
	private void awaitAnswer() {
		long deadline = System.nanoTime() + startTimeout().toNanos();
		long pid = this.child.pid();
		while (true) {
			OptionalLong answering;
			try {
				answering = answeringPid();
			}
			catch (RuntimeException ex) {
				if (!this.child.isAlive() || System.nanoTime() > deadline) {
					String tail = this.child.logTail(10);
					stop();
					throw new IllegalStateException(program() + " did not answer on port " + this.port + " within "
							+ startTimeout() + "; its log ends:\n" + tail, ex);
				}
				Waits.sleep(50);
				continue;
			}
			if (answering.orElse(pid) != pid || !ListeningSocket.heldBy(pid, this.port)) {
				String tail = this.child.logTail(10);
				stop();
				throw new IllegalStateException("port " + this.port + " is served by another process"
						+ (answering.isPresent() ? " (pid " + answering.getAsLong() + ")" : "") + ", not by the "
						+ program() + " started here (pid " + pid + "); its log ends:\n" + tail);
			}
			return;
		}
	}

}
