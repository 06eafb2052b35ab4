package org.redisbench.codecs;

/** Whether a {@link PersonCodec} can run here, and if not, why. */
public sealed interface Availability {

	/** The codec is written and its libraries are on the classpath. */
	record Available() implements Availability {

	}

	/** The codec cannot run here; {@code why} says what is missing, in a few words. */
	record Unavailable(String why) implements Availability {

	}

}
