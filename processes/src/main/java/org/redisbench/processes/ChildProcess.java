package org.redisbench.processes;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * A process of ours: a server, an app, or a tool run to its end (redis-cli, openssl, a load generator such as
 * {@code ab}, {@code redis-benchmark} or the open-loop generator, whose pid a caller samples in /proc). It inherits
 * none of the shell's Redis settings ({@link ChildEnvironment}), its output goes to a log, and it is signalled by
 * its own handle only: on a shared machine a name or a port could be someone else's process. None outlives the JVM
 * that started it: one still running when the JVM is stopped (SIGTERM, Ctrl-C, the end of a test run) is stopped
 * with it.
 */
public final class ChildProcess {

	private static final Duration KILL_WAIT = Duration.ofSeconds(10);

	/** The children started, but for those seen to have ended since, for the JVM's shutdown to stop. */
	private static final Set<Process> RUNNING = ConcurrentHashMap.newKeySet();

	static {
		Runtime.getRuntime().addShutdownHook(new Thread(ChildProcess::stopAllRunning, "stop our child processes"));
	}

	private final Path log;

	private final Process process;

	private ChildProcess(Path log, Process process) {
		this.log = log;
		this.process = process;
	}

	/**
	 * Starts {@code command} in {@code directory}, its output and errors appended to {@code log}. {@code handedOver}
	 * is what this child alone is given beyond the cleaned environment, such as the password of the Redis it is
	 * meant for: the environment, which only this user can read, never the command line, which every user can.
	 */
	public static ChildProcess start(Path directory, List<String> command, Path log, Map<String, String> handedOver) {
		ProcessBuilder builder = ChildEnvironment.processBuilder(command).directory(directory.toFile())
			.redirectErrorStream(true)
			.redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
		builder.environment().putAll(handedOver);
		try {
			return new ChildProcess(log, started(builder));
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot start " + command.get(0) + " (is it installed and on the PATH?)", ex);
		}
	}

	/** Starts what {@code builder} says, to be stopped with the JVM. */
	static Process started(ProcessBuilder builder) throws IOException {
		Process process = builder.start();
		RUNNING.removeIf((ended) -> !ended.isAlive());
		RUNNING.add(process);
		return process;
	}

	/**
	 * Runs {@code command} in {@code directory} to its end, at most {@code timeout}, its output and errors appended
	 * to {@code log} ({@link Program}). One that cannot start, or is still running then and so killed, is a failure
	 * naming the log.
	 */
	public static Ran run(Path directory, List<String> command, Path log, Duration timeout) {
		try {
			return new Ran(Program.run(directory, command, timeout, Duration.ZERO, Map.of(), "",
					Program.Output.into(ProcessBuilder.Redirect.appendTo(log.toFile())), true).status(), log);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot start " + command.get(0) + " (is it installed and on the PATH?)", ex);
		}
		catch (Program.TimedOut ex) {
			throw new IllegalStateException(ex.getMessage() + "; see " + log, ex);
		}
	}

	/** A program run to its end by {@link #run}: its exit value and its log. */
	public record Ran(int exitValue, Path log) {

		/** The last lines of its log, for a message saying why it failed. */
		public String logTail(int lines) {
			return tailOf(this.log, lines);
		}

	}

	/**
	 * Leaves it running when the JVM ends, for a server a command starts for its user to stop later by its PID
	 * ({@code redis-bench cluster start}); the caller may still stop it by this handle until then.
	 */
	public void outliveJvm() {
		RUNNING.remove(this.process);
	}

	public long pid() {
		return this.process.pid();
	}

	public boolean isAlive() {
		return this.process.isAlive();
	}

	/** Its standard input, for a child fed as it runs (curl sending memcached's {@code stats} requests). */
	public OutputStream input() {
		return this.process.getOutputStream();
	}

	public Path log() {
		return this.log;
	}

	/**
	 * Whether it ended within {@code timeout}. An interrupt, a test or a run being torn down, kills it instead of
	 * leaving it behind.
	 */
	public boolean awaitExit(Duration timeout) {
		try {
			return this.process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			this.process.destroyForcibly();
			return false;
		}
	}

	/** Its exit value, once it has ended. */
	public int exitValue() {
		return this.process.exitValue();
	}

	/**
	 * Ends it as an operator would ({@code SIGTERM}): it finishes what it has and exits; one still there after
	 * {@code wait} is killed. Returns whether it took the kill.
	 */
	public boolean stop(Duration wait) {
		this.process.destroy();
		if (awaitExit(wait)) {
			return false;
		}
		kill(KILL_WAIT);
		return true;
	}

	/** Crashes it ({@code SIGKILL}): nothing flushed that it had not yet written. */
	public void kill(Duration wait) {
		this.process.destroyForcibly();
		awaitExit(wait);
	}

	/** Sends it {@code SIGSTOP}, {@code SIGCONT} or another signal the JDK has no method for. */
	public void signal(String signal) {
		Ran kill = run(Path.of(System.getProperty("java.io.tmpdir")),
				List.of("kill", "-" + signal, String.valueOf(pid())), Path.of("/dev/null"), KILL_WAIT);
		if (kill.exitValue() != 0) {
			throw new IllegalStateException("kill -" + signal + " " + pid() + " failed");
		}
	}

	/** The last lines of its log, for a message saying why it failed. */
	public String logTail(int lines) {
		return tailOf(this.log, lines);
	}

	private static String tailOf(Path log, int lines) {
		try {
			List<String> all = Files.readAllLines(log);
			return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
		}
		catch (IOException ex) {
			return "(no log: " + ex.getMessage() + ")";
		}
	}

	/** {@code SIGTERM} to every child still running, then {@code SIGKILL} to any not ended within the wait. */
	private static void stopAllRunning() {
		RUNNING.forEach(Process::destroy);
		long deadline = System.nanoTime() + KILL_WAIT.toNanos();
		for (Process process : RUNNING) {
			try {
				if (!process.waitFor(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS)) {
					process.destroyForcibly();
				}
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				process.destroyForcibly();
			}
		}
	}

}
