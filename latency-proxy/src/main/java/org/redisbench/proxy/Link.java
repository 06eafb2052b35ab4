package org.redisbench.proxy;

import java.util.concurrent.ThreadLocalRandom;

/**
 * One direction of the emulated network, shared by every connection: when a piece of data read now reaches
 * the other end. Like {@code netem}'s {@code rate} with {@code delay}, a piece first waits for the link to
 * have sent everything before it, then takes its own transmission time, then the propagation delay.
 * <p>
 * Used only by the thread that reads from the sockets.
 */
final class Link {

	private static final long NANOS_PER_SECOND = 1_000_000_000L;

	private final long delayNanos;

	private final long jitterNanos;

	private final long bitsPerSecond;

	/** When the link will have sent everything handed to it so far (with a rate limit only). */
	private long idleAt = System.nanoTime();

	Link(ProxySettings settings) {
		this.delayNanos = settings.delayNanos();
		this.jitterNanos = settings.jitterNanos();
		this.bitsPerSecond = settings.bitsPerSecond();
	}

	/** Whether data may go straight through: no delay, no jitter, no rate. */
	boolean isTransparent() {
		return this.delayNanos == 0 && this.jitterNanos == 0 && this.bitsPerSecond == 0;
	}

	/** The {@link System#nanoTime()} at which {@code bytes} read at {@code now} arrive at the other end. */
	long arrival(long now, int bytes) {
		long sent = now;
		if (this.bitsPerSecond > 0) {
			long start = (this.idleAt - now > 0) ? this.idleAt : now;
			// bytes is at most one read buffer, so this cannot overflow.
			sent = start + bytes * 8L * NANOS_PER_SECOND / this.bitsPerSecond;
			this.idleAt = sent;
		}
		long delay = this.delayNanos;
		if (this.jitterNanos > 0) {
			delay = Math.max(0, delay + ThreadLocalRandom.current().nextLong(-this.jitterNanos, this.jitterNanos + 1));
		}
		return sent + delay;
	}

}
