package org.redisbench.openloop.rules;

import java.math.BigDecimal;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a step must do to count at a rate, as {@code --slo p99=20ms} gives it: answer every request it sent without
 * error, at that percentile strictly under the bound.
 *
 * @param percentile p50, p90, p99 or p99.9
 * @param boundMs the bound, in ms
 */
public record Objective(String percentile, double boundMs) {

	/** The percentiles a step gives ({@link StepFigures#percentileMs}). */
	public static final List<String> PERCENTILES = List.of("p50", "p90", "p99", "p99.9");

	private static final Pattern TEXT = Pattern.compile("(p[0-9.]+)=([0-9]+(?:\\.[0-9]+)?)ms");

	public Objective {
		if (!PERCENTILES.contains(percentile)) {
			throw new IllegalArgumentException("an objective's percentile is one of " + PERCENTILES + ", was "
					+ percentile);
		}
	}

	/** {@code p99=20ms}: p50, p90, p99 or p99.9, then a bound in ms. */
	public static Objective parse(String text) {
		Matcher matcher = TEXT.matcher(text);
		if (!matcher.matches() || !PERCENTILES.contains(matcher.group(1))) {
			throw new IllegalArgumentException(
					"an objective is p50, p90, p99 or p99.9 = a bound in ms, e.g. p99=20ms; was '" + text + "'");
		}
		return new Objective(matcher.group(1), Double.parseDouble(matcher.group(2)));
	}

	/** Whether the step met it: it sent requests, had no error, and its percentile was under the bound. */
	public boolean meets(StepFigures step) {
		Double latency = step.percentileMs(this.percentile);
		return step.sent() != null && step.sent() > 0 && step.errors() != null && step.errors() == 0
				&& latency != null && latency < this.boundMs;
	}

	/** The bound in ms as --slo writes it: 20, 2.5. */
	public String boundText() {
		return BigDecimal.valueOf(this.boundMs).stripTrailingZeros().toPlainString();
	}

	/** As --slo takes it: {@code p99=20ms}. */
	@Override
	public String toString() {
		return this.percentile + "=" + boundText() + "ms";
	}

}
