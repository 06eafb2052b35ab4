package org.redisbench.compare;

/** What one value of a sample stands for, which decides how much it says. */
enum SampleKind {

	/** One value a repetition: a fresh app, so the run-to-run spread is in them. */
	REPETITIONS("repetitions"),

	/** The means of batches of per-second samples ({@link BatchMeans}), from within the repetitions. */
	BATCH_MEANS("batch means"),

	/** One value a {@code --slo} search: a repetition runs one or more. */
	SEARCHES("searches");

	private final String plural;

	SampleKind(String plural) {
		this.plural = plural;
	}

	/** The word after a count: {@code 3 repetitions}. */
	String plural() {
		return this.plural;
	}

}
