package org.redisbench.processes;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.lang.ProcessBuilder.Redirect;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * A program run to its end (redis-cli, curl, ab, redis-benchmark, jcmd, openssl, a build): the one way every tool of
 * ours calls one and waits for it. It is started with the cleaned environment of every child of ours and stopped
 * with the JVM as they are ({@link ChildProcess}), fed {@code input}, ended by {@code SIGKILL} after its timeout
 * (or {@code SIGTERM} first, for one that stops children of its own), its standard output kept as text, written to
 * a file or shown line by line as it comes. A program that cannot start or outlives its timeout is an
 * ended program with exit status 127 or 124, as {@code timeout(1)} says it: the caller decides what that costs.
 */
public final class Program {

	/** The exit status of a program killed at its timeout, as {@code timeout(1)} gives it. */
	public static final int TIMED_OUT = 124;

	/** The exit status of a program that could not start, as a shell gives it. */
	public static final int NOT_STARTED = 127;

	private static final Path WORKING_DIRECTORY = Path.of("").toAbsolutePath();

	/** How long a killed program's output is waited for. */
	private static final Duration READ_WAIT = Duration.ofSeconds(5);

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
		return ended(command,
				() -> run(WORKING_DIRECTORY, command, timeout, Duration.ZERO, handedOver, input, Output.kept(), false));
	}

	/**
	 * Runs {@code command} to its end, at most {@code timeout}, its standard output (and its errors too when
	 * {@code mergeErrors}) written to {@code into}, created or emptied first.
	 */
	public static Ended runInto(List<String> command, Duration timeout, Map<String, String> handedOver, String input,
			Path into, boolean mergeErrors) {
		return ended(command, () -> run(WORKING_DIRECTORY, command, timeout, Duration.ZERO, handedOver, input,
				Output.into(Redirect.to(into.toFile())), mergeErrors));
	}

	/**
	 * Runs {@code command} to its end, its output and errors copied line by line into {@code log} (created or emptied
	 * first) and handed to {@code eachLine} as they come, for progress shown while a long tool runs (ab, JMH). At
	 * {@code timeout} it is stopped as an operator would ({@code SIGTERM}), so that a JVM stops its own children, and
	 * killed when still running {@code grace} later; a zero grace kills it at once.
	 */
	public static Ended runWatched(List<String> command, Duration timeout, Duration grace, Path log,
			Consumer<String> eachLine) {
		return ended(command, () -> run(WORKING_DIRECTORY, command, timeout, grace, Map.of(), "",
				Output.watched(log, eachLine), true));
	}

	/** A program that cannot start or outlives its timeout as an ended one, with the status a shell would give. */
	private static Ended ended(List<String> command, Run run) {
		try {
			return run.run();
		}
		catch (IOException ex) {
			return new Ended(NOT_STARTED, "", "cannot start " + command.get(0) + ": " + ex.getMessage());
		}
		catch (TimedOut ex) {
			return new Ended(TIMED_OUT, ex.output, ex.errors);
		}
	}

	@FunctionalInterface
	private interface Run {

		Ended run() throws IOException, TimedOut;

	}

	/** A program killed at its timeout, with what it had printed. */
	static final class TimedOut extends Exception {

		private static final long serialVersionUID = 1L;

		private final String output;

		private final String errors;

		private TimedOut(List<String> command, Duration timeout, String output, String errors) {
			super(command.get(0) + " did not finish within " + timeout, null, false, false);
			this.output = output;
			this.errors = errors;
		}

	}

	/**
	 * Where a program's standard output goes, and what reads it while it runs.
	 *
	 * @param reader what is kept of it as text, once it ends
	 */
	record Output(Redirect redirect, Function<InputStream, CompletableFuture<String>> reader) {

		static Output kept() {
			return new Output(Redirect.PIPE, Program::drained);
		}

		static Output into(Redirect file) {
			return new Output(file, (nothing) -> CompletableFuture.completedFuture(""));
		}

		static Output watched(Path log, Consumer<String> eachLine) {
			return new Output(Redirect.PIPE, (stream) -> read(() -> {
				try (BufferedReader lines = new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8));
						Writer file = Files.newBufferedWriter(log, StandardCharsets.UTF_8)) {
					for (String line = lines.readLine(); line != null; line = lines.readLine()) {
						file.write(line);
						file.write('\n');
						eachLine.accept(line);
					}
				}
				return "";
			}));
		}

	}

	/**
	 * The one place a program is run to its end, in {@code directory}; one past its {@code timeout} gets
	 * {@code SIGTERM}, and {@code SIGKILL} {@code grace} later (at once when zero).
	 * @throws IOException when it cannot start
	 * @throws TimedOut when it was stopped at its timeout
	 */
	static Ended run(Path directory, List<String> command, Duration timeout, Duration grace,
			Map<String, String> handedOver, String input, Output output, boolean mergeErrors)
			throws IOException, TimedOut {
		ProcessBuilder builder = ChildEnvironment.processBuilder(command)
			.directory(directory.toFile())
			.redirectErrorStream(mergeErrors)
			.redirectOutput(output.redirect());
		builder.environment().putAll(handedOver);
		Process process = ChildProcess.started(builder);
		CompletableFuture<String> kept = output.reader().apply(process.getInputStream());
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
				// Signalled by its handle: Process.destroy also closes the streams under the threads still reading
				// them ("Stream closed", what it printed lost), where its end alone lets them read to the end.
				ProcessHandle handle = process.toHandle();
				if (!grace.isZero()) {
					handle.destroy();
				}
				if (grace.isZero() || !process.waitFor(grace.toMillis(), TimeUnit.MILLISECONDS)) {
					handle.destroyForcibly();
					process.waitFor();
				}
				throw new TimedOut(command, timeout, readSoFar(kept), readSoFar(errors));
			}
			return new Ended(process.exitValue(), kept.join(), errors.join());
		}
		catch (InterruptedException ex) {
			process.destroyForcibly();
			Thread.currentThread().interrupt();
			throw new IllegalStateException(command.get(0) + " interrupted", ex);
		}
	}

	/**
	 * What a killed program's stream gave: once it has ended, the JDK hands its readers what was left in the pipe,
	 * unless a child of its own still holds the pipe open; then what was read is not waited for.
	 */
	private static String readSoFar(CompletableFuture<String> reading) throws InterruptedException {
		try {
			return reading.get(READ_WAIT.toMillis(), TimeUnit.MILLISECONDS);
		}
		catch (ExecutionException | TimeoutException unread) {
			return "";
		}
	}

	private static CompletableFuture<String> drained(InputStream stream) {
		return read(() -> {
			try (stream) {
				return new String(stream.readAllBytes(), StandardCharsets.UTF_8);
			}
		});
	}

	/**
	 * Reads a program's stream on a thread of its own: a read blocks until the program writes or ends, which would
	 * hold one of the common pool's few threads (one a core less one) for as long.
	 */
	private static CompletableFuture<String> read(Reading reading) {
		return CompletableFuture.supplyAsync(() -> {
			try {
				return reading.read();
			}
			catch (IOException ex) {
				throw new UncheckedIOException(ex);
			}
		}, (task) -> {
			Thread thread = new Thread(task, "program output");
			thread.setDaemon(true);
			thread.start();
		});
	}

	@FunctionalInterface
	private interface Reading {

		String read() throws IOException;

	}

}
