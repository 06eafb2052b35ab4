package org.redisbench.valueformat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class InstancePoolTest {

	/** A pooled instance that knows whether it is lent out. */
	private static final class Lendable {

		final AtomicBoolean lent = new AtomicBoolean();

	}

	@Test
	void lendsAFreedInstanceAgainAndMakesANewOneOnlyWhenNoneIsFree() {
		AtomicInteger made = new AtomicInteger();
		InstancePool<Lendable> pool = new InstancePool<>(() -> {
			made.incrementAndGet();
			return new Lendable();
		});
		Lendable first = pool.obtain();
		Lendable second = pool.obtain();
		assertNotSame(first, second);
		pool.free(first);
		assertSame(first, pool.obtain());
		assertEquals(2, made.get());
	}

	@Test
	void neverLendsOneInstanceToTwoCallersAtOnce() throws Exception {
		int threads = 8;
		AtomicInteger made = new AtomicInteger();
		InstancePool<Lendable> pool = new InstancePool<>(() -> {
			made.incrementAndGet();
			return new Lendable();
		});
		CountDownLatch start = new CountDownLatch(1);
		ExecutorService executor = Executors.newFixedThreadPool(threads);
		try {
			List<Future<Integer>> sharedLoans = new ArrayList<>();
			for (int t = 0; t < threads; t++) {
				sharedLoans.add(executor.submit(() -> {
					start.await();
					int shared = 0;
					for (int i = 0; i < 20_000; i++) {
						Lendable instance = pool.obtain();
						if (!instance.lent.compareAndSet(false, true)) {
							shared++;
						}
						Thread.onSpinWait();
						instance.lent.set(false);
						pool.free(instance);
					}
					return shared;
				}));
			}
			start.countDown();
			for (Future<Integer> loans : sharedLoans) {
				assertEquals(0, loans.get(60, TimeUnit.SECONDS));
			}
		}
		finally {
			executor.shutdownNow();
		}
		assertTrue(made.get() >= 1 && made.get() <= threads, made.get() + " instances made for " + threads + " threads");
	}

	@Test
	void refusesNull() {
		assertThrows(NullPointerException.class, () -> new InstancePool<Lendable>(() -> null).obtain());
		assertThrows(NullPointerException.class, () -> new InstancePool<>(Lendable::new).free(null));
	}

}
