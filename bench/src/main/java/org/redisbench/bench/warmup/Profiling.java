package org.redisbench.bench.warmup;

import org.redisbench.bench.run.RunContext;
import org.redisbench.bench.run.VariantRun;

/**
 * Where a variant's app CPU goes: after the measured phases of its first repetition, each profiled phase runs twice
 * more, as it is and under async-profiler (loaded with jcmd JVMTI.agent_load; the native library the bench-run
 * build unpacks), into {@code profiles/<variant>/}: {@code <phase>.collapsed}, {@code .html}, {@code .event}, and
 * for both runs {@code .ab.txt} and {@code .before|after.proc-stat.txt}. Off with --no-profile, for an app the run
 * did not start, and on a platform the build ships no library for.
 */
public final class Profiling {

	/** Finds the profiler's library for this machine; a {@code Failure} when the build did not unpack it. */
	public Profiling(RunContext context) {
		throw new UnsupportedOperationException("H4");
	}

	/** Whether profiles are taken (--profile, and a library for this platform). */
	public boolean on() {
		throw new UnsupportedOperationException("H4");
	}

	/** The profiler's version, as settings.env records it. */
	public String version() {
		throw new UnsupportedOperationException("H4");
	}

	/** The variant's profiles; {@code run} is its first repetition. */
	public void profile(VariantRun run) {
		throw new UnsupportedOperationException("H4");
	}

}
