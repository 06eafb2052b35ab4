package org.redisbench.proxy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.redisbench.processes.ChildEnvironment;
import org.redisbench.processes.ChildProcess;

/**
 * The processes the self-test and the round-trip experiment start whose output is their result (redis-benchmark's
 * CSV appended run after run, the client's lines apart from its errors), which {@link ChildProcess} keeps in one log:
 * under the same environment rule ({@link ChildEnvironment}).
 */
public final class ChildProcesses {

	private ChildProcesses() {
	}

	/** A builder of the command whose environment holds none of the user's Redis and Spring settings. */
	public static ProcessBuilder builder(List<String> command) {
		ProcessBuilder builder = new ProcessBuilder(command);
		builder.environment().keySet().removeIf(ChildEnvironment::isShellRedisSetting);
		return builder;
	}

	/** Runs the command to its end within the timeout, its output to the builder's redirects; its exit status. */
	public static int run(ProcessBuilder builder, Duration timeout) {
		try {
			Process process = builder.start();
			if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
				stop(process, Duration.ofSeconds(10));
				throw new IllegalStateException(String.join(" ", builder.command()) + " took more than " + timeout);
			}
			return process.exitValue();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot run " + builder.command().get(0), ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("interrupted", ex);
		}
	}

	/** SIGTERM, then SIGKILL after the grace; whether it stopped without the SIGKILL. */
	private static boolean stop(Process process, Duration grace) {
		if (!process.isAlive()) {
			return true;
		}
		process.destroy();
		try {
			if (process.waitFor(grace.toMillis(), TimeUnit.MILLISECONDS)) {
				return true;
			}
			process.destroyForcibly().waitFor(grace.toMillis(), TimeUnit.MILLISECONDS);
		}
		catch (InterruptedException ex) {
			process.destroyForcibly();
			Thread.currentThread().interrupt();
		}
		return false;
	}

}
