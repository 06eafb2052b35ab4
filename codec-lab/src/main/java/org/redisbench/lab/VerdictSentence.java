package org.redisbench.lab;

import java.util.Locale;

import org.redisbench.estimates.Estimate;
import org.redisbench.estimates.Verdict;

/** A verdict said as a sentence of the lab's report, naming the operation the two codecs were timed on. */
final class VerdictSentence {

	private VerdictSentence() {
	}

	/** "kryo decodes and verifies a person faster than fastjson2: 480 ± 12 vs 1,020 ± 30 ns (0.47×)". */
	static String of(Verdict verdict, String subject, String baseline, Operation operation, Estimate subjectNanos,
			Estimate baselineNanos) {
		String figures = LabFormat.estimate(subjectNanos) + " vs " + LabFormat.estimate(baselineNanos) + " ns";
		return switch (verdict.kind()) {
			case FASTER, SLOWER -> String.format(Locale.ROOT, "%s %s %s than %s: %s (%.2f×)", subject, operation.does(),
					verdict.kind() == Verdict.Kind.FASTER ? "faster" : "slower", baseline, figures, verdict.ratio());
			case INDISTINGUISHABLE -> String.format(Locale.ROOT,
					"%s vs %s, %s: indistinguishable here, the 99.9%% intervals overlap (%s)", subject, baseline,
					operation.label(), figures);
			case NO_INTERVAL -> String.format(Locale.ROOT,
					"%s vs %s, %s: no verdict, JMH gives no 99.9%% interval for fewer than 3 iterations (%s)", subject,
					baseline, operation.label(), figures);
		};
	}

}
