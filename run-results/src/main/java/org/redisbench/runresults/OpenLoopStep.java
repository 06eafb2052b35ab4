package org.redisbench.runresults;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.redisbench.openloop.rules.StepFigures;

/**
 * One open-loop step of scripts/bench.sh (module open-loop): requests arriving at {@code offered} a second for the
 * step's seconds, each timed from its intended send time, and what came of them.
 *
 * @param search which of the repetition's --slo searches ran it, from 1; 0 for a step of --rates
 * @param order its place among the steps of its search (or of --rates) in the repetition, from 1
 */
public record OpenLoopStep(int repetition, int search, int order, double offered, StepFigures figures) {

	/** bench.sh's file name: {@code rates-01-r200.env}, {@code slo2-03-r400.env}. */
	private static final Pattern NAME = Pattern.compile("(?:rates|slo(\\d+))-(\\d+)-r(\\d+)\\.env");

	/** The step a file of that name holds, or {@code null} for any other file. */
	public static OpenLoopStep parse(int repetition, String fileName, String text) {
		Matcher name = NAME.matcher(fileName);
		if (!name.matches()) {
			return null;
		}
		return new OpenLoopStep(repetition, name.group(1) == null ? 0 : Integer.parseInt(name.group(1)),
				Integer.parseInt(name.group(2)), Double.parseDouble(name.group(3)), StepFigures.parse(text));
	}

	public boolean searched() {
		return this.search > 0;
	}

	/** The search that ran it, as the report names it: {@code r1 s2}, repetition 1's second. */
	public String searchKey() {
		return searchKey(this.repetition, this.search);
	}

	public static String searchKey(int repetition, int search) {
		return "r" + repetition + " s" + search;
	}

}
