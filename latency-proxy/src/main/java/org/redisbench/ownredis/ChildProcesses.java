package org.redisbench.ownredis;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The processes a tool starts (redis-server, redis-benchmark, redis-cli, a proxy, an app), under the environment
 * rule: a Redis password or Spring setting exported in the user's shell ({@code REDISCLI_AUTH},
 * {@code REDIS_PASSWORD}, {@code ADVISE_PASSWORD}, {@code SPRING_*}) would change what they measure, so none
 * reaches them; a tool hands a password on by name, to the one process it is meant for.
 * <p>
 * SEAM, with {@link OwnRedisServer}: module {@code processes} (common's fixtures moving to main code) will hold this
 * rule once; then this class goes.
 */
public final class ChildProcesses {

	private ChildProcesses() {
	}

	/** A builder of the command whose environment holds none of the user's Redis and Spring settings. */
	public static ProcessBuilder builder(List<String> command) {
		ProcessBuilder builder = new ProcessBuilder(command);
		builder.environment()
			.keySet()
			.removeIf((name) -> name.equals("REDISCLI_AUTH") || name.equals("REDIS_PASSWORD")
					|| name.equals("ADVISE_PASSWORD") || name.startsWith("SPRING_"));
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
	public static boolean stop(Process process, Duration grace) {
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
