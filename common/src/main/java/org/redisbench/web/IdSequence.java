package org.redisbench.web;

import java.util.concurrent.atomic.AtomicLong;

/** Hands out consecutive ids in blocks, so concurrent requests never share an id. Ids start at 1. */
class IdSequence {

	private final AtomicLong last = new AtomicLong();

	/** Reserves the next {@code count} ids and returns the first of them. */
	long reserve(int count) {
		return this.last.getAndAdd(count) + 1;
	}

	void reset() {
		this.last.set(0);
	}

}
