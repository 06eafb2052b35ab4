package org.redisbench.fill;

import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongUnaryOperator;

import org.redisbench.model.Layout;

/**
 * The batches of consecutive ids a fill stores, handed out in turn to its connections: every batch of the range,
 * or a plan's sample of batches spread evenly over it.
 */
final class Batches {

	private final AtomicLong next = new AtomicLong();

	private final long count;

	private final LongUnaryOperator firstOf;

	/** System.nanoTime() after which no batch is handed out; Long.MAX_VALUE: none. */
	private final long deadline;

	private Batches(long count, LongUnaryOperator firstOf, long deadline) {
		this.count = count;
		this.firstOf = firstOf;
		this.deadline = deadline;
	}

	private Batches(long count, LongUnaryOperator firstOf) {
		this(count, firstOf, Long.MAX_VALUE);
	}

	/** The same batches, none handed out after {@code seconds} from now. */
	Batches until(long seconds) {
		return new Batches(this.count, this.firstOf, System.nanoTime() + seconds * 1_000_000_000L);
	}

	static Batches all(FillOptions options) {
		return new Batches(ceilDiv(options.persons(), options.batch()),
				(batch) -> options.firstId() + batch * options.batch());
	}

	/**
	 * Round {@code round} of a sample of {@code options.sample()} persons: every {@code rounds}-th of its batches.
	 * A sampled batch starts on a bucket's first id, so that its buckets are whole, as in a fill of the range, and
	 * its ids have the range's digits, which the values and bucket fields hold.
	 */
	static Batches sampleRound(FillOptions options, int round) {
		long batches = ceilDiv(options.persons(), options.batch());
		long sampled = Math.min(batches, ceilDiv(options.sample(), options.batch()));
		long inRound = ceilDiv(sampled - round, options.rounds());
		return new Batches(Math.max(0, inRound), (k) -> {
			long first = options.firstId() + (round + k * options.rounds()) * batches / sampled * options.batch();
			return Math.max(options.firstId(), first - Math.floorMod(first, Layout.BUCKET_SIZE));
		});
	}

	/** Java 17 has no Math.ceilDiv. */
	private static long ceilDiv(long dividend, long divisor) {
		return -Math.floorDiv(-dividend, divisor);
	}

	/** The first id of the next batch to store, or -1 when none is left. */
	long next() {
		if (this.deadline != Long.MAX_VALUE && System.nanoTime() - this.deadline > 0) {
			return -1;
		}
		long batch = this.next.getAndIncrement();
		return (batch < this.count) ? this.firstOf.applyAsLong(batch) : -1;
	}

}
