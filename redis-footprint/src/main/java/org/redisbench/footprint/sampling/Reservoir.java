package org.redisbench.footprint.sampling;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * A uniform sample of at most {@code capacity} items from a stream of unknown length (Vitter's algorithm R):
 * every item seen has the same chance to be kept, and memory is bounded by the capacity, not by the stream.
 */
public final class Reservoir<T> {

	private final int capacity;

	private final Random random;

	private final List<T> kept;

	private long seen;

	private boolean shuffled;

	Reservoir(int capacity, long seed) {
		this.capacity = capacity;
		this.random = new Random(seed);
		this.kept = new ArrayList<>(Math.min(capacity, 1 << 16));
	}

	void offer(T item) {
		this.shuffled = false;
		this.seen++;
		if (this.kept.size() < this.capacity) {
			this.kept.add(item);
			return;
		}
		long slot = (long) (this.random.nextDouble() * this.seen);
		if (slot < this.capacity) {
			this.kept.set((int) slot, item);
		}
	}

	long seen() {
		return this.seen;
	}

	/**
	 * The sample in random order: the reservoir keeps a short stream in its own order (a file's, a SCAN's), and
	 * the advisor splits the sample into halves by position and may train on the first values of a half, each of
	 * which must be a uniform sample too.
	 */
	List<T> kept() {
		if (!this.shuffled) {
			Collections.shuffle(this.kept, this.random);
			this.shuffled = true;
		}
		return this.kept;
	}

}
