package org.redisbench.compare;

/** What a test says of a figure's change. */
enum ChangeVerdict {

	/** Significant, for the better. */
	BETTER("better"),

	/** Significant, for the worse. */
	WORSE("worse"),

	/** Not significant: as benchstat writes it. */
	SAME("~"),

	/** The samples are too few for any outcome to be significant: no verdict. */
	TOO_FEW("too few");

	private final String label;

	ChangeVerdict(String label) {
		this.label = label;
	}

	/** As compare.md and compare.json write it. */
	String label() {
		return this.label;
	}

}
