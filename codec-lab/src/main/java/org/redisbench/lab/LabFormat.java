package org.redisbench.lab;

import java.util.Locale;

import org.redisbench.estimates.Estimate;

/** The one way the report prints a figure. */
final class LabFormat {

	static final String NONE = "–";

	private LabFormat() {
	}

	/** Three significant digits or more, with thousands separated. */
	static String number(double value) {
		return String.format(Locale.ROOT, pattern(value), value);
	}

	/** "480.0 ± 12.0": the error to the score's decimals; the score alone when JMH gave no interval. */
	static String estimate(Estimate estimate) {
		if (estimate == null) {
			return NONE;
		}
		String score = number(estimate.score());
		return estimate.hasInterval()
				? score + " ± " + String.format(Locale.ROOT, pattern(estimate.score()), estimate.error()) : score;
	}

	private static String pattern(double value) {
		double magnitude = Math.abs(value);
		return (magnitude >= 1000) ? "%,.0f" : (magnitude >= 100) ? "%.1f" : (magnitude >= 1) ? "%.2f" : "%.3f";
	}

	static String optional(Double value) {
		return (value != null) ? number(value) : NONE;
	}

}
