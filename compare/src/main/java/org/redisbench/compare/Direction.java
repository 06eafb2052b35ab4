package org.redisbench.compare;

/** Which way a figure gets better: a rate up, a cost (CPU, bytes, latency) down. */
enum Direction {

	HIGHER_IS_BETTER("higher"),

	LOWER_IS_BETTER("lower");

	private final String better;

	Direction(String better) {
		this.better = better;
	}

	/** {@code "higher"} or {@code "lower"}: what compare.json calls better. */
	String better() {
		return this.better;
	}

	/** Whether a change of that sign (a ratio above 1, or a positive difference) is for the worse. */
	boolean worse(double change) {
		return this == HIGHER_IS_BETTER ? change < 0 : change > 0;
	}

}
