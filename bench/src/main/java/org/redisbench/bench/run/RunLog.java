package org.redisbench.bench.run;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;

import org.redisbench.commandline.Failure;

/**
 * A run's progress, a timestamped line at a time ({@code [bench 12:34:56] ...}, as every script's log line), on
 * standard error and, once the run's folder exists, in its raw/bench.log.
 */
public final class RunLog {

	private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss");

	private final PrintStream err;

	private volatile Path file;

	public RunLog(PrintStream err) {
		this.err = err;
	}

	/** From now on, every line also goes to {@code file}. */
	public void alsoInto(Path file) {
		this.file = file;
	}

	public synchronized void line(String message) {
		String line = "[bench " + LocalTime.now().format(TIME) + "] " + message;
		this.err.println(line);
		this.err.flush();
		Path into = this.file;
		if (into != null && Files.isDirectory(into.getParent())) {
			try {
				Files.writeString(into, line + "\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE,
						StandardOpenOption.APPEND);
			}
			catch (IOException ex) {
				throw new UncheckedIOException("cannot write " + into, ex);
			}
		}
	}

	/** A line of a tool's progress, on standard error only: {@code [bench]   MESSAGE}. */
	public synchronized void progress(String message) {
		this.err.println("[bench]   " + message);
		this.err.flush();
	}

	/** An error that ends the run (exit 1), logged as {@code error: MESSAGE}; the caller throws it. */
	public Failure failure(String message) {
		line("error: " + message);
		return new Failure(message);
	}

}
