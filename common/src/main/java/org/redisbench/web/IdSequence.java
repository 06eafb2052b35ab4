package org.redisbench.web;

import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Hands out consecutive ids in blocks, so concurrent requests never share an id. Ids start at 1; within a range
 * ({@code bench.id-range}) they wrap back to 1 after its last, so that the store's keyspace stops growing once every
 * id was written. A range is a multiple of the block, so that no block runs past its end.
 */
class IdSequence {

	private final AtomicLong last = new AtomicLong();

	private final OptionalLong range;

	/** Ids without end, as published. */
	IdSequence() {
		this(OptionalLong.empty());
	}

	IdSequence(OptionalLong range) {
		this.range = range;
	}

	/** Reserves the next {@code count} ids and returns the first of them. */
	long reserve(int count) {
		long taken = this.last.getAndAdd(count);
		return (this.range.isPresent() ? taken % this.range.getAsLong() : taken) + 1;
	}

	void reset() {
		this.last.set(0);
	}

}
