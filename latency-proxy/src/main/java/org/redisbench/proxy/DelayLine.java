package org.redisbench.proxy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

/**
 * Holds chunks until they are due and hands each to its flow on time, from a thread of its own: one per
 * direction. Sub-millisecond delays need a precise wake-up, and a timed sleep is late by tens of
 * microseconds, so the thread sleeps until {@code spin} before the due time and spins for the rest.
 */
final class DelayLine implements AutoCloseable {

	/** By due time (as {@link System#nanoTime()} compares), then in the order they were read. */
	private static final Comparator<Chunk> BY_DUE_TIME = (a, b) -> (a.due() != b.due())
			? Long.compare(a.due() - b.due(), 0) : Long.compare(a.order(), b.order());

	private final PriorityQueue<Chunk> queue = new PriorityQueue<>(BY_DUE_TIME);

	private final long spinNanos;

	private final Thread thread;

	private volatile boolean running = true;

	DelayLine(String name, long spinNanos, Consumer<Throwable> onDeath) {
		this.spinNanos = spinNanos;
		this.thread = new Thread(this::run, name);
		this.thread.setDaemon(true);
		this.thread.setUncaughtExceptionHandler((thread, cause) -> onDeath.accept(cause));
		this.thread.start();
	}

	void add(Chunk chunk) {
		boolean first;
		synchronized (this.queue) {
			this.queue.add(chunk);
			first = this.queue.peek() == chunk;
		}
		if (first) {
			LockSupport.unpark(this.thread);
		}
	}

	@Override
	public void close() {
		this.running = false;
		LockSupport.unpark(this.thread);
	}

	private void run() {
		lowerTimerSlack();
		List<Chunk> due = new ArrayList<>();
		while (this.running) {
			long wait = takeDue(due);
			if (due.isEmpty()) {
				if (wait == Long.MAX_VALUE) {
					LockSupport.park(this);
				}
				else if (wait > this.spinNanos) {
					LockSupport.parkNanos(this, wait - this.spinNanos);
				}
				else {
					Thread.onSpinWait();
				}
				continue;
			}
			for (Chunk chunk : due) {
				chunk.flow().deliverScheduled(chunk);
			}
			due.clear();
		}
	}

	/** Moves every chunk due by now into {@code due}; returns the nanoseconds until the next, if none is. */
	private long takeDue(List<Chunk> due) {
		long now = System.nanoTime();
		synchronized (this.queue) {
			Chunk next;
			while ((next = this.queue.peek()) != null && next.due() - now <= 0) {
				due.add(this.queue.poll());
			}
			return (next != null) ? next.due() - now : Long.MAX_VALUE;
		}
	}

	/**
	 * Linux lets a timed sleep end up to the thread's timer slack late (50 µs by default) to batch wake-ups.
	 * Measured on a shared 2-core VM at load 8: median overshoot of a 225 µs park 79 µs with the default
	 * slack, 37 µs with 1 ns. Best effort: where /proc does not allow it, the spin covers the difference.
	 */
	private static void lowerTimerSlack() {
		try {
			Path task = Files.readSymbolicLink(Path.of("/proc/thread-self")).getFileName();
			Files.writeString(Path.of("/proc", task.toString(), "timerslack_ns"), "1");
		}
		catch (IOException | UnsupportedOperationException | SecurityException ex) {
			// Not Linux, or not allowed: the spin margin absorbs the later wake-up.
		}
	}

}
