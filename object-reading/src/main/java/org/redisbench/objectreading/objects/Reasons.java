package org.redisbench.objectreading.objects;

import java.lang.reflect.InaccessibleObjectException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A library's exception as one line a report can print: the innermost message that says something, without
 * the parser locations and reference chains some libraries append on further lines. A library that reflects
 * into a JDK class is told apart: the reason names the {@code --add-opens} flag an application would need for it,
 * since the advisor runs as an application does, without such flags.
 */
public final class Reasons {

	private static final int MAX_LENGTH = 300;

	/** The JDK's words when a module does not open a package to reflection. */
	private static final Pattern CLOSED = Pattern
		.compile("Unable to make (.+?) accessible: module (\\S+) does not \"opens (\\S+)\"");

	private Reasons() {
	}

	public static String of(Throwable failure) {
		Throwable said = failure;
		for (Throwable at = failure; at != null; at = at.getCause() == at ? null : at.getCause()) {
			if (hasMessage(at)) {
				said = at;
			}
			if (at instanceof StackOverflowError) {
				return "the graph is too deep or has a cycle (the stack ran out)";
			}
			if (at instanceof InaccessibleObjectException && hasMessage(at)) {
				Matcher closed = CLOSED.matcher(at.getMessage());
				if (closed.find()) {
					return "reflects into the JDK's " + closed.group(1) + ", which Java 17 allows only with --add-opens "
							+ closed.group(2) + "/" + closed.group(3) + "=ALL-UNNAMED";
				}
			}
		}
		String message = hasMessage(said) ? firstLine(said.getMessage()) : "";
		String type = innermost(failure).getClass().getSimpleName();
		if (message.isEmpty()) {
			return type;
		}
		return message.length() <= MAX_LENGTH ? message : message.substring(0, MAX_LENGTH - 3) + "...";
	}

	/**
	 * A class a candidate's library could not link, as one line: most often a class the code it generates into a
	 * class loader of its own cannot see, the user's classes being in another (fastjson2's readers and Spring
	 * Security's {@code Authentication}).
	 */
	static String linkage(String codec, LinkageError error) {
		String type = error.getClass().getSimpleName();
		String message = error.getMessage();
		if (error instanceof NoClassDefFoundError && message != null && !message.isBlank()
				&& !message.strip().contains(" ")) {
			return codec + " cannot link " + message.strip().replace('/', '.') + " (" + type + ": code it generates "
					+ "into a class loader of its own does not see the application's classes)";
		}
		return codec + " failed to link a class (" + type + "): " + of(error);
	}

	private static Throwable innermost(Throwable failure) {
		Throwable at = failure;
		while (at.getCause() != null && at.getCause() != at) {
			at = at.getCause();
		}
		return at;
	}

	private static boolean hasMessage(Throwable failure) {
		return failure.getMessage() != null && !failure.getMessage().isBlank();
	}

	private static String firstLine(String message) {
		String trimmed = message.strip();
		int end = trimmed.indexOf('\n');
		return (end < 0 ? trimmed : trimmed.substring(0, end)).strip();
	}

}
