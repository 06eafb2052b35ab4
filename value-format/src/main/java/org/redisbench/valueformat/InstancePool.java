package org.redisbench.valueformat;

import java.util.Objects;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.Supplier;

/**
 * Instances that are not thread-safe, lent to one caller at a time and kept between loans in a lock-free queue. A
 * new instance is made only when none is free, so there are never more instances than callers that held one at the
 * same time (at most one per request thread). Kryo's own {@code Pool} keeps them in a {@code LinkedBlockingQueue},
 * whose locks 200 request threads taking an instance for each of a request's 100 persons fight over: the lock and
 * the threads it parked and woke were 12% of a pipelined kryo {@code /check}'s app CPU (async-profiler,
 * {@code ab -k -c 200}, commit 9251e81), billed to the codec though no byte was decoded in it.
 */
public final class InstancePool<T> {

	private final Queue<T> free = new ConcurrentLinkedQueue<>();

	private final Supplier<T> factory;

	public InstancePool(Supplier<T> factory) {
		this.factory = Objects.requireNonNull(factory, "factory");
	}

	/** A free instance, or a new one when none is free. */
	public T obtain() {
		T instance = this.free.poll();
		return (instance != null) ? instance : Objects.requireNonNull(this.factory.get(), "the factory made null");
	}

	/** Takes back an instance {@link #obtain()} lent, for the next caller; it must not be used after. */
	public void free(T instance) {
		this.free.offer(Objects.requireNonNull(instance, "instance"));
	}

}
