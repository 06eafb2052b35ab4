package org.redisbench.benchrun;

import java.util.Arrays;

/**
 * The mean size of the values /add wrote, from the STRLEN (HSTRLEN) of a sample of them, one a line
 * ({@code add.after.strlen.txt}): the report's value size, and, rounded to a byte, the size the bench runner runs
 * redis-benchmark at.
 */
public final class ValueSizes {

	private ValueSizes() {
	}

	/**
	 * STRLEN is 0 for a missing person: those are counted as missing, not averaged in as empty values;
	 * {@code null} when no value was found.
	 */
	public static Double mean(String strlens) {
		double[] sizes = Arrays.stream(strlens.split("\\s+"))
			.filter(s -> s.matches("\\d+"))
			.mapToDouble(Double::parseDouble)
			.filter(size -> size > 0)
			.toArray();
		return sizes.length == 0 ? null : Arrays.stream(sizes).average().orElseThrow();
	}

}
