package org.redisbench.report;

import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * Where the app keeps a person in Redis, bench.sh's {@code --layouts} and the apps' {@code bench.layout} (common's
 * {@code org.redisbench.store.Layout}). It decides what counts the persons a phase wrote: in hash buckets DBSIZE
 * counts buckets, so bench.sh lists the HLEN of every bucket around /add ({@code <phase>.before|after.hlen.txt}).
 */
public enum Layout {

	/** {@code person_<id>}, a key per person, as published: DBSIZE counts the persons. */
	STRING_PER_KEY("string-per-key", "a key per person, as published", "DBSIZE"),

	/** Field {@code <id>} of the hash {@code persons:{<id / 100>}}: the HLEN of its buckets count the persons. */
	HASH_BUCKET("hash-bucket", "100 persons a hash", "persons in hash buckets (HLEN summed)");

	/** What a Redis meant for hash buckets sets {@code hash-max-listpack-value} to, so that a bucket stays a listpack. */
	static final int LISTPACK_VALUE_BYTES = 512;

	private final String label;

	private final String description;

	private final String personCount;

	Layout(String label, String description, String personCount) {
		this.label = label;
		this.description = description;
		this.personCount = personCount;
	}

	/** A layout as bench.sh writes it into variant.env. */
	static Layout parse(String label) {
		return Arrays.stream(values())
			.filter(layout -> layout.label.equals(label))
			.findFirst()
			.orElseThrow(() -> new IllegalArgumentException("unknown layout '" + label + "', one of: "
					+ Arrays.stream(values()).map(Layout::label).collect(Collectors.joining(", "))));
	}

	/** As bench.sh and the apps name it: {@code string-per-key}, {@code hash-bucket}. */
	public String label() {
		return this.label;
	}

	/** What it is, for a reader: {@code 100 persons a hash}. */
	String description() {
		return this.description;
	}

	/** What counts the persons on a Redis of this layout, as a verdict names it. */
	String personCount() {
		return this.personCount;
	}

	/** As published: what the other layouts are compared with, and left out of names and labels. */
	boolean isPublished() {
		return this == STRING_PER_KEY;
	}

}
