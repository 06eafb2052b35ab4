package org.redisbench.commandline;

import java.nio.file.Files;
import java.nio.file.Path;

/** The checks a tool makes of its options' values beyond their type, each a {@link Refusal} naming the option. */
public final class Checks {

	private Checks() {
	}

	/** The file an option names, or {@code null} for none (empty); refused when it is not a readable file. */
	public static Path readableFile(String option, String file) {
		if (file.isEmpty()) {
			return null;
		}
		Path path = Path.of(file);
		if (!Files.isReadable(path) || !Files.isRegularFile(path)) {
			throw new Refusal(option + " " + file + " is not a readable file");
		}
		return path;
	}

	public static void atLeast(String option, long value, long least) {
		if (value < least) {
			throw new Refusal(option + " is a whole number, at least " + least + ", not " + value);
		}
	}

	/** A JMH duration: a whole number of ms or s, as 500ms or 1s. */
	public static void duration(String option, String value) {
		if (!value.matches("[1-9][0-9]*(ms|s)")) {
			throw new Refusal(option + " is a whole number of ms or s, was '" + value + "'");
		}
	}

}
