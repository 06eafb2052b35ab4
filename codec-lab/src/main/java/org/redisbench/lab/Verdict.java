package org.redisbench.lab;

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

	/** "kryo decodes and verifies a person faster than fastjson2: 480 ± 12 vs 1,020 ± 30 ns (0.47×)". */
	String sentence(String subject, String baseline, Operation operation, Estimate subjectNanos,
			Estimate baselineNanos) {
		String figures = LabFormat.estimate(subjectNanos) + " vs " + LabFormat.estimate(baselineNanos) + " ns";
		return switch (this.kind) {
			case FASTER, SLOWER -> String.format(Locale.ROOT, "%s %s %s than %s: %s (%.2f×)", subject, operation.does(),
					this.kind == Kind.FASTER ? "faster" : "slower", baseline, figures, this.ratio);
			case INDISTINGUISHABLE -> String.format(Locale.ROOT,
					"%s vs %s, %s: indistinguishable here, the 99.9%% intervals overlap (%s)", subject, baseline,
					operation.label(), figures);
			case NO_INTERVAL -> String.format(Locale.ROOT,
					"%s vs %s, %s: no verdict, JMH gives no 99.9%% interval for fewer than 3 iterations (%s)", subject,
					baseline, operation.label(), figures);
		};
	}

}
