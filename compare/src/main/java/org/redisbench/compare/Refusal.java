package org.redisbench.compare;

/** Input compare cannot work from (a folder that is no run, runs with no variant in common): exit status 2. */
final class Refusal extends RuntimeException {

	private static final long serialVersionUID = 1L;

	Refusal(String message) {
		super(message);
	}

}
