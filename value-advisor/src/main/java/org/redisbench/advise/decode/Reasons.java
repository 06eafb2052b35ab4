package org.redisbench.advise.decode;

import java.io.Closeable;
import java.io.IOException;

/** A failure as one line of a report: what failed and its message's first line, never a stack trace. */
final class Reasons {

	/** A reason longer than this is cut: a report lists them, a message may quote a whole value. */
	private static final int MAX_LENGTH = 200;

	private Reasons() {
	}

	static String of(Throwable failure) {
		String message = failure.getMessage() == null ? "" : failure.getMessage().strip();
		int newline = message.indexOf('\n');
		String line = failure.getClass().getSimpleName() + (message.isEmpty() ? ""
				: ": " + (newline < 0 ? message : message.substring(0, newline)).strip());
		return line.length() <= MAX_LENGTH ? line : line.substring(0, MAX_LENGTH - 1) + "…";
	}

	static void closeQuietly(Closeable closeable) {
		if (closeable == null) {
			return;
		}
		try {
			closeable.close();
		}
		catch (IOException ex) {
			// a stream over bytes in memory: nothing to release
		}
	}

}
