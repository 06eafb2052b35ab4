package org.redisbench.store;

import java.time.Duration;

/** Bounds a whole request, since each Redis command's own timeout alone would add up over a batch. */
record Deadline(long startNanos, Duration timeout) {

	static Deadline in(Duration timeout) {
		return new Deadline(System.nanoTime(), timeout);
	}

	boolean passed() {
		return remainingMillis() <= 0;
	}

	/** Whole milliseconds left, as a socket timeout takes them; 0 or less once passed. */
	long remainingMillis() {
		return (this.timeout.toNanos() - (System.nanoTime() - this.startNanos)) / 1_000_000;
	}

	Reply.NoReply passedReply() {
		return new Reply.NoReply(Reply.NoReply.Why.DEADLINE_PASSED,
				"request exceeded " + this.timeout.toMillis() + " ms");
	}

}
