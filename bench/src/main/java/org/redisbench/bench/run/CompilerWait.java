package org.redisbench.bench.run;

import java.util.OptionalLong;

import org.redisbench.benchrun.CompilerThreads;
import org.redisbench.benchrun.CompilerThreads.IdleWait;

/**
 * The wait for the app's JIT compiler to go idle before a phase, so that what earlier phases gave it to compile is
 * not billed to this one (BENCH_JIT_IDLE_TIMEOUT at most). An app the run did not start has no process to watch:
 * nothing to wait for.
 */
public final class CompilerWait {

	private CompilerWait() {
	}

	/** The wait itself: idle, and the seconds it took; idle at once without a process of the run's. */
	public static IdleWait await(RunContext context, VariantRun run) {
		OptionalLong pid = run.appPid();
		if (pid.isEmpty() || !run.appAlive()) {
			return new IdleWait(true, 0);
		}
		return CompilerThreads.awaitIdle(pid.getAsLong(), context.settings().jitIdleTimeout());
	}

	/** Waits, and says so in the log when the compiler was still busy at the end. */
	public static void settle(RunContext context, VariantRun run, String label) {
		IdleWait wait = await(context, run);
		if (!wait.idle()) {
			context.log().line(label + ": the JIT compiler was still busy after " + wait.seconds()
					+ " s; measuring anyway");
		}
	}

}
