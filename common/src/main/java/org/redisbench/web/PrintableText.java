package org.redisbench.web;

/**
 * Text the app did not write, made fit to be logged or answered: a value read from Redis, or what a decoder
 * or a client library says about it (fastjson2 appends the input it choked on), or a client's request. It is
 * cut short, so that tens of kilobytes stored by anyone with access to Redis are neither written to every log
 * line nor reflected to every client, and control characters are escaped, so that a carriage return, an ANSI
 * escape or a NUL can neither forge a log line nor garble a terminal. Characters that reorder or hide text
 * (bidirectional overrides, zero-width ones) are escaped too. The result never contains a line break.
 */
public final class PrintableText {

	/** A whole message: an id, a cause and what it quotes. */
	public static final int MAX_MESSAGE = 200;

	/** What of a client's input a message may quote. */
	public static final int MAX_EXCERPT = 40;

	private static final String CUT = "...";

	private PrintableText() {
	}

	/** A message as it may be logged or answered: at most {@link #MAX_MESSAGE} characters, then "...". */
	public static String message(Object text) {
		return printable(text, MAX_MESSAGE);
	}

	/** A client's input as a message may quote it: at most {@link #MAX_EXCERPT} characters, then "...". */
	public static String excerpt(Object input) {
		return printable(input, MAX_EXCERPT);
	}

	/**
	 * Escapes are added before the text is cut, so the result is bounded however many characters need one;
	 * a long text is only read as far as it is kept.
	 */
	private static String printable(Object input, int max) {
		String text = String.valueOf(input);
		StringBuilder printable = new StringBuilder(Math.min(text.length(), max) + CUT.length());
		for (int i = 0; i < text.length(); i += Character.charCount(text.codePointAt(i))) {
			String next = escaped(text.codePointAt(i));
			if (printable.length() + next.length() > max) {
				return printable.append(CUT).toString();
			}
			printable.append(next);
		}
		return printable.toString();
	}

	private static String escaped(int c) {
		return switch (c) {
			case '\n' -> "\\n";
			case '\r' -> "\\r";
			case '\t' -> "\\t";
			default -> isPrintable(c) ? Character.toString(c) : String.format("\\u%04X", c);
		};
	}

	private static boolean isPrintable(int c) {
		return switch (Character.getType(c)) {
			case Character.CONTROL, Character.FORMAT, Character.LINE_SEPARATOR, Character.PARAGRAPH_SEPARATOR,
					Character.SURROGATE, Character.UNASSIGNED, Character.PRIVATE_USE -> false;
			default -> true;
		};
	}

}
