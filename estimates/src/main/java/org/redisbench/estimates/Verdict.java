package org.redisbench.estimates;

import java.util.Locale;

/**
 * How one configuration's time compares with a baseline's. A difference is claimed only where the two 99.9%
 * confidence intervals do not overlap; {@code ratio} is subject over baseline.
 */
public record Verdict(Kind kind, double ratio) {

	public enum Kind {

		FASTER, SLOWER, INDISTINGUISHABLE,

		/** JMH gave no interval (fewer than 3 measurement iterations), so nothing can be claimed. */
		NO_INTERVAL

	}

	public static Verdict of(Estimate subject, Estimate baseline) {
		double ratio = subject.score() / baseline.score();
		if (!subject.hasInterval() || !baseline.hasInterval()) {
			return new Verdict(Kind.NO_INTERVAL, ratio);
		}
		if (subject.overlaps(baseline)) {
			return new Verdict(Kind.INDISTINGUISHABLE, ratio);
		}
		return new Verdict(subject.score() < baseline.score() ? Kind.FASTER : Kind.SLOWER, ratio);
	}

	/** Short, for a table: "faster, 0.47×", "indistinguishable here". */
	public String cell() {
		return switch (this.kind) {
			case FASTER -> String.format(Locale.ROOT, "faster, %.2f×", this.ratio);
			case SLOWER -> String.format(Locale.ROOT, "slower, %.2f×", this.ratio);
			case INDISTINGUISHABLE -> "indistinguishable here";
			case NO_INTERVAL -> "no interval";
		};
	}

}
