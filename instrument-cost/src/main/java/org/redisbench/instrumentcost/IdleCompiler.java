package org.redisbench.instrumentcost;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;

import org.redisbench.tooloutput.ProcStat;

/**
 * A wait for a JVM's JIT compiler to go idle before a phase is measured, so that the phase's CPU is serving, not
 * compiling: idle once its compiler threads used at most one clock tick in a second (an idle app's compiler uses
 * about one in four seconds). The compiler threads are read in /proc, by their names, which keep 15 characters
 * ({@code C2 CompilerThre}). bench.sh keeps its own in scripts/lib/jit.sh.
 */
final class IdleCompiler {

	private static final Duration STEP = Duration.ofSeconds(1);

	private static final long IDLE_TICKS = 1;

	private IdleCompiler() {
	}

	/**
	 * Whether the compiler of the JVM {@code pid} went idle within {@code timeout}; false when it did not, or when
	 * the process is gone.
	 */
	static boolean await(long pid, Duration timeout) throws InterruptedException {
		long deadline = System.nanoTime() + timeout.toNanos();
		long current = ticks(pid);
		while (System.nanoTime() < deadline && ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
			Thread.sleep(STEP.toMillis());
			long previous = current;
			current = ticks(pid);
			if (current - previous <= IDLE_TICKS) {
				return true;
			}
		}
		return false;
	}

	/**
	 * The CPU clock ticks of the JVM's compiler threads so far; a thread that ends between the listing and the
	 * reading is left out, and a process that is gone has none.
	 */
	static long ticks(long pid) {
		try (Stream<Path> tasks = Files.list(Path.of("/proc", Long.toString(pid), "task"))) {
			List<String> stats = tasks.filter(IdleCompiler::isCompiler).map(IdleCompiler::stat)
				.filter((stat) -> !stat.isEmpty())
				.toList();
			return ProcStat.threadTicks(String.join("\n", stats));
		}
		catch (IOException gone) {
			return 0;
		}
	}

	private static boolean isCompiler(Path task) {
		return read(task.resolve("comm")).strip().matches("C[12] CompilerThre.*");
	}

	private static String stat(Path task) {
		return read(task.resolve("stat"));
	}

	private static String read(Path file) {
		try {
			return Files.readString(file);
		}
		catch (IOException ended) {
			return "";
		}
	}

}
