package org.redisbench.objectreading.decode;

/** What reading one value as an object gave: the object, or why not, each counted by the advisor. */
public sealed interface Outcome {

	/** The value's object, built only from allowed classes. */
	record Decoded(Object value) implements Outcome {
	}

	/**
	 * A class outside the allow list and the JDK's value types, refused before it was loaded or built: the first such
	 * class of the value (usually its own, for a value of a class not allowed).
	 */
	record Refused(String className) implements Outcome {
	}

	/** An allowed class that the user's classpath does not hold. */
	record Missing(String className) implements Outcome {
	}

	/**
	 * Anything else, in one line: a limit passed (depth, references, array length, bytes), a class whose
	 * {@code serialVersionUID} differs from the stream's, a corrupt stream, JSON that does not fit its class.
	 */
	record Failed(String reason) implements Outcome {
	}

}
