package org.redisbench.tooloutput;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

import org.junit.jupiter.api.Test;

class RunQueueWaitsTest {

	@Test
	void everyThreadOfThisJvmIsReadAndAProcessThatDoesNotExistHasNone() {
		long self = ProcessHandle.current().pid();
		try (RunQueueWaits reader = new RunQueueWaits()) {
			Map<Long, Long> waits = reader.of(self).orElseThrow();
			assertTrue(waits.containsKey(self), "the main thread's id is the process's");
			assertTrue(waits.size() > 1, "every thread of a JVM, not the main one only: " + waits.keySet());
			assertTrue(waits.values().stream().allMatch((ns) -> ns >= 0));
			// above Linux's highest pid_max, 2^22
			assertFalse(reader.of(4_194_305 + 1).isPresent());
		}
	}

	/**
	 * The files kept open give what the kernel says now, not what they said when opened: a thread that waits for a CPU
	 * between two reads shows more wait in the second, as a fresh read of its file does; a thread that ended is no
	 * longer counted, and its file is closed.
	 */
	@Test
	void aFileKeptOpenIsReadAnewAndAnEndedThreadIsDropped() throws Exception {
		long self = ProcessHandle.current().pid();
		CountDownLatch started = new CountDownLatch(1);
		CountDownLatch stop = new CountDownLatch(1);
		long[] tid = new long[1];
		Thread sleeper = new Thread(() -> {
			tid[0] = ProcScheduling.currentThreadId().orElseThrow();
			started.countDown();
			awaitQuietly(stop);
		});
		sleeper.start();
		started.await();
		try (RunQueueWaits reader = new RunQueueWaits()) {
			assertTrue(reader.of(self).orElseThrow().containsKey(tid[0]));
			long mine = ProcScheduling.currentThreadId().orElseThrow();
			long before = reader.of(self).orElseThrow().get(mine);
			// More runnable threads than CPUs, each spinning for a while: this one waits on a run queue.
			Thread[] spinners = new Thread[2 * Runtime.getRuntime().availableProcessors()];
			for (int i = 0; i < spinners.length; i++) {
				spinners[i] = new Thread(() -> spin(300_000_000L));
				spinners[i].start();
			}
			spin(300_000_000L);
			for (Thread spinner : spinners) {
				spinner.join();
			}
			long after = reader.of(self).orElseThrow().get(mine);
			String fresh = Files.readString(Path.of("/proc", Long.toString(self), "task", Long.toString(mine), "schedstat"));
			assertTrue(after > before, "waited more: " + before + " then " + after);
			assertTrue(ProcScheduling.waitNs(fresh) >= after, "no more than a fresh read says: " + fresh);
			stop.countDown();
			sleeper.join();
			awaitGone(Path.of("/proc", Long.toString(self), "task", Long.toString(tid[0])));
			assertFalse(reader.of(self).orElseThrow().containsKey(tid[0]), "the ended thread is left out");
		}
		finally {
			stop.countDown();
		}
	}

	/**
	 * join() returns once the Java thread is done, while its kernel task still exits (CI at ff628dc read it listed
	 * after join); the test is about a thread the kernel no longer lists.
	 */
	private static void awaitGone(Path task) throws InterruptedException {
		long end = System.nanoTime() + 5_000_000_000L;
		while (Files.exists(task) && System.nanoTime() < end) {
			Thread.sleep(10);
		}
		assertFalse(Files.exists(task), "the kernel still lists the thread 5 s after join: " + task);
	}

	private static void spin(long ns) {
		long end = System.nanoTime() + ns;
		while (System.nanoTime() < end) {
			Thread.onSpinWait();
		}
	}

	private static void awaitQuietly(CountDownLatch latch) {
		try {
			latch.await();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	@Test
	void nothingIsLeftOpenOnceClosed() throws Exception {
		long self = ProcessHandle.current().pid();
		long before = openFiles();
		RunQueueWaits reader = new RunQueueWaits();
		int threads = reader.of(self).orElseThrow().size();
		assertTrue(openFiles() >= before + threads - 2, "a file open a thread: " + threads);
		reader.close();
		long after = openFiles();
		assertTrue(Math.abs(after - before) <= 2, "closed again: " + before + " open before, " + after + " after");
	}

	private static long openFiles() throws Exception {
		try (var files = Files.list(Path.of("/proc/self/fd"))) {
			return files.count();
		}
	}

}
