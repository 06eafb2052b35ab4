package org.redisbench.benchrun;

import java.util.Locale;

/**
 * One warm-up round as bench.sh measured it, and whether the warm-up ends with it: the rule bench.sh follows and
 * the report explains, in one place. A round ends the warm-up once its ab phases together spent less than the
 * run's share of the app's CPU compiling; else after the last round allowed, or once the warm-up's time bound
 * has passed; an app bench.sh did not start cannot be watched, so one round is all it gets.
 * <p>
 * bench's warm-up asks it at each round's end: {@link #ending} says whether the warm-up ends there, {@link #line}
 * gives the round's line of warmup.txt (run-results' {@code Warmup} reads it), {@code ended=...} on it when the
 * warm-up ends there. The app's compiler state ({@link CompilerState}) is read at the round's end, so that the
 * record says whether the compiler was done, not only how busy it was.
 *
 * @param round 1 for the first round
 * @param appTicks the app's CPU clock ticks during the round's ab phases; {@code null} when not watched
 * @param jitTicks those of its JIT compiler threads
 * @param idle whether every wait for an idle compiler before a phase ended idle
 * @param waitedSeconds the seconds those waits took
 * @param elapsedSeconds the seconds since the warm-up's first round started
 * @param compiler the app's compiler at the round's end; {@code null} when it could not be read
 */
public record WarmupRound(int round, Long appTicks, long jitTicks, boolean idle, long waitedSeconds,
		long elapsedSeconds, CompilerState compiler) {

	/** Why a warm-up ended. */
	public enum Ending {

		/** Compiling fell under the share: the measured phases run on compiled code. */
		QUIET,

		/** The last round allowed ({@code --warmup-rounds}) still compiled more. */
		ROUNDS,

		/** The warm-up's time bound ({@code --warmup-seconds}, 20 s with {@code --quick}) passed first. */
		SECONDS,

		/** An app bench.sh did not start: its compiler cannot be watched. */
		UNWATCHED;

		public String label() {
			return name().toLowerCase(Locale.ROOT);
		}

		public static Ending parse(String label) {
			return valueOf(label.toUpperCase(Locale.ROOT));
		}

	}

	/** The share of the app's CPU its compiler took, in %; {@code null} when not watched. */
	Double jitSharePercent() {
		if (this.appTicks == null) {
			return null;
		}
		return this.appTicks > 0 ? 100.0 * this.jitTicks / this.appTicks : 0.0;
	}

	/** Why the warm-up ends after this round; {@code null} when it goes on. */
	public Ending ending(double shareLimitPercent, int maxRounds, long maxSeconds) {
		Double share = jitSharePercent();
		if (share == null) {
			return Ending.UNWATCHED;
		}
		if (share < shareLimitPercent) {
			return Ending.QUIET;
		}
		if (maxSeconds > 0 && this.elapsedSeconds >= maxSeconds) {
			return Ending.SECONDS;
		}
		return this.round >= maxRounds ? Ending.ROUNDS : null;
	}

	/** warmup.txt's line for this round, {@code ended=} last when the warm-up ends here. */
	public String line(Ending ending) {
		Double share = jitSharePercent();
		return "round=" + this.round + " jit_share="
				+ (share == null ? "unknown" : String.format(Locale.ROOT, "%.1f", share)) + " idle="
				+ (this.appTicks == null ? "unknown" : this.idle ? "yes" : "no") + " waited_s=" + this.waitedSeconds
				+ " elapsed_s=" + this.elapsedSeconds
				+ (this.compiler == null ? " compiled=unknown pending=unknown"
						: " compiled=" + this.compiler.compiled() + " pending=" + this.compiler.pending())
				+ (ending == null ? "" : " ended=" + ending.label());
	}

}
