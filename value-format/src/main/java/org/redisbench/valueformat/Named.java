package org.redisbench.valueformat;

import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A word of the vocabulary with the one spelling every script, property and report uses for it
 * ({@code zstd-dict}, {@code hash-bucket}). It lives here, the lowest library, so that the compressions and the
 * frames are read by the same parse as the model's words.
 */
public interface Named {

	/** As users type it and reports print it. */
	String label();

	/** Every label of an enum of words, in declaration order. */
	static <E extends Enum<E> & Named> List<String> labels(Class<E> words) {
		return Arrays.stream(words.getEnumConstants()).map(Named::label).toList();
	}

	/**
	 * The word of that label; one line naming every label otherwise, for a script or a tool to print as it is.
	 */
	static <E extends Enum<E> & Named> E parse(Class<E> words, String what, String label) {
		return Arrays.stream(words.getEnumConstants())
			.filter((word) -> word.label().equals(label))
			.findFirst()
			.orElseThrow(() -> new IllegalArgumentException("unknown " + what + " '" + label + "', one of: "
					+ labels(words).stream().collect(Collectors.joining(", "))));
	}

	/** The label of an enum constant: its name in lower case, words joined by hyphens. */
	static String labelOf(Enum<?> word) {
		return word.name().toLowerCase().replace('_', '-');
	}

}
