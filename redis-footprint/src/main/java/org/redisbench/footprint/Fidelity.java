package org.redisbench.footprint;

import java.util.Map;
import java.util.stream.Collectors;

/**
 * Whether a candidate gave every value back as it was: values read back changed (with what the first read back
 * differently, where the comparison says), and values a typed codec could not carry, by reason. Only a candidate
 * with neither is ranked.
 */
public record Fidelity(int changed, String firstDifference, Map<String, Integer> notCarried) {

	public static final Fidelity NOT_MEASURED = new Fidelity(0, null, Map.of());

	public boolean faithful() {
		return this.changed == 0 && this.notCarried.isEmpty();
	}

	public int notCarriedValues() {
		return this.notCarried.values().stream().mapToInt(Integer::intValue).sum();
	}

	/** The reasons with their counts, the most first: {@code no default constructor (12); a cycle (1)}. */
	public String notCarriedBecause() {
		return this.notCarried.entrySet()
			.stream()
			.map((entry) -> entry.getKey() + " (" + entry.getValue() + ")")
			.collect(Collectors.joining("; "));
	}

}
