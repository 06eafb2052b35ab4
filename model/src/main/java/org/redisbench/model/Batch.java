package org.redisbench.model;

/** What one request carries, as published: the apps' {@code bench.batch-size} default and the report's arithmetic. */
public final class Batch {

	/** Persons one {@code /add} writes and one {@code /check} verifies. */
	public static final int SIZE = 100;

	private Batch() {
	}

}
