package org.redisbench.bench.run;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.redisbench.processes.ChildEnvironment;
import org.redisbench.processes.ChildProcess;

/**
 * A program a run calls and waits for (redis-cli, curl, ab, redis-benchmark, jcmd): started with the cleaned
 * environment of every child of ours ({@link ChildProcess}), fed {@code input}, ended by {@code SIGKILL} after its
 * timeout, its standard output kept as text or written to a file. A program that cannot start or outlives its
 * timeout is an ended program with exit status 127 or 124, as {@code timeout(1)} says it: the caller decides what
 * that costs.
 */
public final class Program {

	/** The exit status of a program killed at its timeout, as {@code timeout(1)} gives it. */
	public static final int TIMED_OUT = 124;

	/** The exit status of a program that could not start, as a shell gives it. */
	public static final int NOT_STARTED = 127;

	private Program() {
	}

	/**
	 * What a program printed: its standard output, its errors (apart unless merged), its exit status.
	 *
	 * @param status 0 for success; {@link #TIMED_OUT}, {@link #NOT_STARTED}
	 */
	public record Ended(int status, String output, String errors) {

		public boolean succeeded() {
			return this.status == 0;
		}

		/** Its output without trailing white space, as {@code $(...)} gives it. */
		public String text() {
			return this.output.stripTrailing();
		}

	}

	/** Runs {@code command} to its end, at most {@code timeout}, its output kept. */
	public static Ended run(List<String> command, Duration timeout) {
		return run(command, timeout, Map.of(), "");
	}

	/**
	 * Runs {@code command} to its end, at most {@code timeout}, with {@code handedOver} added to its environment
	 * (a password, never on a command line) and {@code input} on its standard input.
	 */
	public static Ended run(List<String> command, Duration timeout, Map<String, String> handedOver, String input) {
		return run(command, timeout, handedOver, input, null, false);
	}

	/**
	 * Runs {@code command} to its end, at most {@code timeout}, its standard output (and its errors too when
	 * {@code mergeErrors}) written to {@code into}, created or emptied first.
	 */
	public static Ended runInto(List<String> command, Duration timeout, Map<String, String> handedOver, String input,
			Path into, boolean mergeErrors) {
		return run(command, timeout, handedOver, input, into, mergeErrors);
	}

	private static Ended run(List<String> command, Duration timeout, Map<String, String> handedOver, String input,
			Path into, boolean mergeErrors) {
		ProcessBuilder builder = ChildEnvironment.processBuilder(command).redirectErrorStream(mergeErrors);
		builder.environment().putAll(handedOver);
		if (into != null) {
			builder.redirectOutput(into.toFile());
		}
		Process process;
		try {
			process = builder.start();
		}
		catch (IOException ex) {
			return new Ended(NOT_STARTED, "", "cannot start " + command.get(0) + ": " + ex.getMessage());
		}
		CompletableFuture<String> output = into == null ? drained(process.getInputStream())
				: CompletableFuture.completedFuture("");
		CompletableFuture<String> errors = mergeErrors ? CompletableFuture.completedFuture("")
				: drained(process.getErrorStream());
		try (OutputStream stdin = process.getOutputStream()) {
			stdin.write(input.getBytes(StandardCharsets.UTF_8));
		}
		catch (IOException closedEarly) {
			// A program may end without reading all it was given (redis-cli after an error): its status says.
		}
		try {
			if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
				process.destroyForcibly().waitFor();
				return new Ended(TIMED_OUT, output.join(), errors.join());
			}
			return new Ended(process.exitValue(), output.join(), errors.join());
		}
		catch (InterruptedException ex) {
			process.destroyForcibly();
			Thread.currentThread().interrupt();
			throw new IllegalStateException(command.get(0) + " interrupted", ex);
		}
	}

	private static CompletableFuture<String> drained(InputStream stream) {
		return CompletableFuture.supplyAsync(() -> {
			try (stream) {
				return new String(stream.readAllBytes(), StandardCharsets.UTF_8);
			}
			catch (IOException ex) {
				throw new UncheckedIOException(ex);
			}
		});
	}

}
