package org.redisbench.benchrun;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;

import org.redisbench.tooloutput.ProcStat;

/**
 * A JVM's JIT compiler threads as /proc shows them, by their names, which keep 15 characters
 * ({@code C2 CompilerThre}), and a wait for them to go idle before a phase is measured, so that the phase's CPU is
 * serving, not compiling: idle once they used at most one clock tick in a second (an idle app's compiler uses about
 * one in four seconds). A thread that ends between the listing and the reading is left out; a process that is gone
 * has none.
 */
public final class CompilerThreads {

	private static final Duration STEP = Duration.ofSeconds(1);

	private static final long IDLE_TICKS = 1;

	private CompilerThreads() {
	}

	/** The outcome of a wait: whether the compiler went idle, and the whole seconds waited. */
	public record IdleWait(boolean idle, long seconds) {
	}

	/**
	 * Waits until the compiler of the JVM {@code pid} is idle, at most {@code timeout}; not idle when the time ran
	 * out or the process is gone.
	 */
	public static IdleWait awaitIdle(long pid, Duration timeout) {
		long start = System.nanoTime();
		long deadline = start + timeout.toNanos();
		long current = ticks(pid);
		try {
			while (System.nanoTime() < deadline && ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
				Thread.sleep(STEP.toMillis());
				long previous = current;
				current = ticks(pid);
				if (current - previous <= IDLE_TICKS) {
					return new IdleWait(true, seconds(start));
				}
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		return new IdleWait(false, seconds(start));
	}

	/** The CPU clock ticks of the JVM's compiler threads so far. */
	public static long ticks(long pid) {
		return ProcStat.threadTicks(statLines(pid));
	}

	/**
	 * The /proc stat lines of the JVM's compiler threads, one a line, so that a report can tell the CPU a phase
	 * spent compiling from what it spent serving; empty for a process that is gone.
	 */
	public static String statLines(long pid) {
		try (Stream<Path> tasks = Files.list(Path.of("/proc", Long.toString(pid), "task"))) {
			List<String> stats = tasks.sorted().filter(CompilerThreads::isCompiler).map((task) -> read(task.resolve("stat")))
				.filter((stat) -> !stat.isEmpty())
				.toList();
			return String.join("", stats);
		}
		catch (IOException gone) {
			return "";
		}
	}

	private static boolean isCompiler(Path task) {
		return read(task.resolve("comm")).strip().matches("C[12] CompilerThre.*");
	}

	private static String read(Path file) {
		try {
			return Files.readString(file);
		}
		catch (IOException ended) {
			return "";
		}
	}

	private static long seconds(long start) {
		return Duration.ofNanos(System.nanoTime() - start).toSeconds();
	}

}
