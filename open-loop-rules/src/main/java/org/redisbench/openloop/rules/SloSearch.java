package org.redisbench.openloop.rules;

import java.util.List;
import java.util.OptionalLong;

/**
 * The --slo search for the highest rate a second meeting an {@link Objective}: from {@code start} the rate doubles
 * until a step misses, then the gap between the highest rate met and the lowest missed is halved until it is within
 * {@code precisionPercent} % of the former; no rate above {@code max} is tried. A first rate missed gives a capacity
 * of 0. It decides only: bench.sh runs each step, on an empty store and an idle JIT compiler, and asks for the next.
 */
public record SloSearch(long start, long max, long precisionPercent) {

	public SloSearch {
		if (start < 1 || max < start || precisionPercent < 1) {
			throw new IllegalArgumentException("a search starts from 1/s, at most at its max, with a precision from "
					+ "1 %; was start " + start + ", max " + max + ", precision " + precisionPercent);
		}
	}

	/** A step the search ran: its rate a second, and whether it met the objective. */
	public record Tried(long rate, boolean met) {
	}

	/**
	 * The rate to try after these steps, or none when the search is over. Rates are whole requests a second, so a gap
	 * of 1 is as narrow as it gets.
	 */
	public OptionalLong next(List<Tried> steps) {
		if (steps.isEmpty()) {
			return OptionalLong.of(this.start);
		}
		long met = capacity(steps);
		long missed = lowestMissed(steps);
		if (missed == 0) {
			return met >= this.max ? OptionalLong.empty() : OptionalLong.of(Math.min(met * 2, this.max));
		}
		long middle = (met + missed) / 2;
		boolean wide = (missed - met) * 100 > met * this.precisionPercent;
		return met > 0 && wide && middle > met ? OptionalLong.of(middle) : OptionalLong.empty();
	}

	/** The highest rate met; 0 when none was. */
	public static long capacity(List<Tried> steps) {
		return steps.stream().filter(Tried::met).mapToLong(Tried::rate).max().orElse(0);
	}

	/** The lowest rate missed; 0 when none was. */
	public static long lowestMissed(List<Tried> steps) {
		return steps.stream().filter(s -> !s.met()).mapToLong(Tried::rate).min().orElse(0);
	}

}
