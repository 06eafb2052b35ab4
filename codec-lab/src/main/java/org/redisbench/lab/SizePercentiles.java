package org.redisbench.lab;

import java.util.Arrays;

import org.redisbench.person.Person;

/** The sizes of a configuration's values: mean, median and 99th percentile (nearest rank), in bytes. */
record SizePercentiles(int count, double mean, int p50, int p99) {

	static SizePercentiles of(LabCodec codec, Person[] persons) {
		return of(Arrays.stream(persons).mapToInt((person) -> codec.encode(person).length).toArray());
	}

	static SizePercentiles of(int[] lengths) {
		if (lengths.length == 0) {
			throw new IllegalArgumentException("no values to size");
		}
		int[] sorted = lengths.clone();
		Arrays.sort(sorted);
		return new SizePercentiles(sorted.length, Arrays.stream(sorted).average().orElseThrow(), percentile(sorted, 50),
				percentile(sorted, 99));
	}

	private static int percentile(int[] sorted, int percent) {
		return sorted[(int) Math.ceil(percent / 100.0 * sorted.length) - 1];
	}

}
