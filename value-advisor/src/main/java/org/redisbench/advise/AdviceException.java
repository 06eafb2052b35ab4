package org.redisbench.advise;

/**
 * Bad input or a source that cannot be read as asked: the advisor prints the message as one line and exits 2,
 * never a stack trace.
 */
public final class AdviceException extends RuntimeException {

	AdviceException(String message) {
		super(message);
	}

	AdviceException(String message, Throwable cause) {
		super(message, cause);
	}

}
