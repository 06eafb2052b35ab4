package org.redisbench.store;

/** What a failure comes down to, in one line for an error answer or a log line. */
final class RootCause {

	private RootCause() {
	}

	/**
	 * The root cause's message, to its first line. A client that gave up says only that it ran out of
	 * attempts or addresses; why the last one failed is a suppressed exception, so that is added.
	 */
	static String firstLine(Throwable ex) {
		Throwable root = ex;
		while (root.getCause() != null && root.getCause() != root) {
			root = root.getCause();
		}
		String message = firstLine(root.getMessage());
		Throwable[] attempts = root.getSuppressed();
		return (attempts.length == 0) ? message
				: message + " (" + firstLine(attempts[attempts.length - 1].getMessage()) + ")";
	}

	private static String firstLine(String text) {
		String message = String.valueOf(text);
		int newline = message.indexOf('\n');
		return (newline < 0) ? message : message.substring(0, newline);
	}

}
