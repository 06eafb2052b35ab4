package org.redisbench.advise;

/**
 * Bad input or a source that cannot be read as asked: the advisor prints the message as one line and exits 2,
 * never a stack trace. Public for the readers of a user's classes ({@code decode}), whose bad input is the same.
 */
public final class AdviceException extends RuntimeException {

	public AdviceException(String message) {
		super(message);
	}

	public AdviceException(String message, Throwable cause) {
		super(message, cause);
	}

}
