package org.redisbench.benchrun;

import java.util.Locale;

/**
 * One warm-up round as bench measured it, and whether the warm-up ends with it: the rule bench follows and the report
 * explains, in one place. A round ends the warm-up quiet once the app's compiler says it is done: the compilations it
 * finished during the round and those still queued or under way at its end come to at most the run's number per 1,000
 * of the round's requests. When the compiler cannot be read (a JVM without performance data or attach), the compiler
 * threads' share of the app's CPU during the round's ab phases decides instead. Else the warm-up ends with the round
 * that sends its last requests, or once its time bound has passed; an app bench did not start cannot be watched, so
 * one round is all it gets.
 * <p>
 * bench's warm-up asks it at each round's end: {@link #ending} says whether the warm-up ends there, {@link #line}
 * gives the round's line of warmup.txt (run-results' {@code Warmup} reads it), {@code ended=...} on it when the
 * warm-up ends there.
 *
 * @param round 1 for the first round
 * @param requests the round's requests, on all its paths
 * @param appTicks the app's CPU clock ticks during the round's ab phases; {@code null} when not watched
 * @param jitTicks those of its JIT compiler threads
 * @param compiles the compilations the app's compiler finished during the round; {@code null} when it could not be
 *        read at the round's start or end
 * @param elapsedSeconds the seconds since the warm-up's first round started
 * @param compiler the app's compiler at the round's end; {@code null} when it could not be read
 */
public record WarmupRound(int round, long requests, Long appTicks, long jitTicks, Long compiles, long elapsedSeconds,
		CompilerState compiler) {

	/** Why a warm-up ended. */
	public enum Ending {

		/** The compiler finished, and had left, (almost) nothing more: the measured phases run compiled code. */
		QUIET,

		/** The round that sent the warm-up's last requests ({@code --warmup-rounds} times {@code -w}) still compiled more. */
		ROUNDS,

		/** The warm-up's time bound ({@code --warmup-seconds}, 20 s with {@code --quick}) passed first. */
		SECONDS,

		/** An app bench did not start: its compiler cannot be watched. */
		UNWATCHED;

		public String label() {
			return name().toLowerCase(Locale.ROOT);
		}

		public static Ending parse(String label) {
			return valueOf(label.toUpperCase(Locale.ROOT));
		}

	}

	/**
	 * The limits a round is held to.
	 *
	 * @param compilesPerThousand a round whose compilations, finished and left, come to at most this many per 1,000
	 *        requests is quiet
	 * @param jitSharePercent when the compiler cannot be read: a round whose compiler threads took less of the app's
	 *        CPU is quiet
	 * @param maxSeconds no round starts after this many seconds; 0: no bound
	 */
	public record Limits(double compilesPerThousand, double jitSharePercent, long maxSeconds) {
	}

	/** The share of the app's CPU its compiler took, in %; {@code null} when not watched. */
	Double jitSharePercent() {
		if (this.appTicks == null) {
			return null;
		}
		return this.appTicks > 0 ? 100.0 * this.jitTicks / this.appTicks : 0.0;
	}

	/**
	 * The compilations finished during the round and those left at its end, per 1,000 of its requests: what the
	 * round's requests still cost the compiler. {@code null} when the compiler could not be read.
	 */
	Double compilesPerThousand() {
		if (this.compiles == null || this.compiler == null) {
			return null;
		}
		return 1000.0 * (this.compiles + this.compiler.pending()) / Math.max(1, this.requests);
	}

	/**
	 * Why the warm-up ends after this round; {@code null} when it goes on.
	 *
	 * @param last whether the round sent the last of the warm-up's requests
	 */
	public Ending ending(Limits limits, boolean last) {
		Double share = jitSharePercent();
		if (share == null) {
			return Ending.UNWATCHED;
		}
		Double compiling = compilesPerThousand();
		boolean quiet = compiling != null ? compiling <= limits.compilesPerThousand() : share < limits.jitSharePercent();
		if (quiet) {
			return Ending.QUIET;
		}
		if (limits.maxSeconds() > 0 && this.elapsedSeconds >= limits.maxSeconds()) {
			return Ending.SECONDS;
		}
		return last ? Ending.ROUNDS : null;
	}

	/** warmup.txt's line for this round, {@code ended=} last when the warm-up ends here. */
	public String line(Ending ending) {
		Double share = jitSharePercent();
		Double compiling = compilesPerThousand();
		return "round=" + this.round + " requests=" + this.requests + " jit_share="
				+ (share == null ? "unknown" : String.format(Locale.ROOT, "%.1f", share)) + " elapsed_s="
				+ this.elapsedSeconds
				+ (this.compiler == null ? " compiled=unknown pending=unknown"
						: " compiled=" + this.compiler.compiled() + " pending=" + this.compiler.pending())
				+ " compiles=" + (this.compiles == null ? "unknown" : this.compiles) + " compiles_per_1000="
				+ (compiling == null ? "unknown" : String.format(Locale.ROOT, "%.2f", compiling))
				+ (ending == null ? "" : " ended=" + ending.label());
	}

}
