package org.redisbench.commandline;

/** A failure while running that the user can act on (a store that is down): one line, exit status 1. */
public class Failure extends RuntimeException {

	public Failure(String message) {
		super(message);
	}

	public Failure(String message, Throwable cause) {
		super(message, cause);
	}

}
