package org.redisbench.commandline;

/**
 * A bad option, argument or setting found while running (a file that is no run, a Redis that holds foreign
 * data and was not to be written): one line, exit status 2, as picocli's own refusals.
 */
public class Refusal extends RuntimeException {

	public Refusal(String message) {
		super(message);
	}

}
