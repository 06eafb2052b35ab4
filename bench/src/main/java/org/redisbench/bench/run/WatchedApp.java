package org.redisbench.bench.run;

import java.time.Duration;
import java.util.OptionalLong;
import java.util.function.BooleanSupplier;

import org.redisbench.benchrun.CompilerThreads;
import org.redisbench.benchrun.CompilerThreads.IdleWait;

/**
 * What the warm-up, the profiles and the open-loop steps watch of a variant's app: its process when the run started
 * it, and whether it still runs. The run's {@link VariantRun} gives it; a test gives an app of its own.
 *
 * @param pid empty for an app the run did not start
 * @param alive false once an app the run started has exited; always true for one given by its URL
 */
public record WatchedApp(OptionalLong pid, BooleanSupplier alive) {

	public static WatchedApp of(VariantRun run) {
		return new WatchedApp(run.appPid(), run::appAlive);
	}

	public boolean isAlive() {
		return this.alive.getAsBoolean();
	}

	/**
	 * The wait for an idle compiler, so that what earlier phases gave it to compile is not billed to the next
	 * (BENCH_JIT_IDLE_TIMEOUT at most): idle at once without a process of the run's.
	 */
	public IdleWait awaitIdle(Duration timeout) {
		if (this.pid.isEmpty() || !isAlive()) {
			return new IdleWait(true, 0);
		}
		return CompilerThreads.awaitIdle(this.pid.getAsLong(), timeout);
	}

	/** Waits, and says so in the log when the compiler was still busy at the end,. */
	public void settle(RunContext context, String label) {
		IdleWait wait = awaitIdle(context.settings().jitIdleTimeout());
		if (!wait.idle()) {
			context.log().line(label + ": the JIT compiler was still busy after " + wait.seconds()
					+ " s; measuring anyway");
		}
	}

}
