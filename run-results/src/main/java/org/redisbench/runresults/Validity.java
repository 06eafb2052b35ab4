package org.redisbench.runresults;

import java.util.List;

/**
 * Whether a run's figures may be averaged: valid, or invalid with every reason found, in the order the report lists
 * them. An invalid run stays in the summary files and under *Every run*, and out of every median.
 */
public record Validity(List<String> reasons) {

	public static final Validity VALID = new Validity(List.of());

	public Validity {
		reasons = List.copyOf(reasons);
	}

	public static Validity invalid(String reason) {
		return new Validity(List.of(reason));
	}

	public boolean valid() {
		return this.reasons.isEmpty();
	}

	/** The reasons in one line, as summary.csv and the report show them. */
	public String reason() {
		return String.join("; ", this.reasons);
	}

}
