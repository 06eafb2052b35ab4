package org.redisbench.compare;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * What differed between the runs, from what each recorded of itself (raw/env/): the commit, the machine and its
 * tools, every setting. A reader needs it before any figure: a change is the code's only when nothing else changed.
 *
 * @param differing what any run had otherwise than the base, with each run's value (empty where a run does not say)
 * @param same the commit, machine and tools where all runs agree
 * @param settingsSame how many other settings all runs share, not listed
 */
record Differences(List<Fact> differing, List<Fact> same, int settingsSame) {

	/** What compare.md and report.html say when nothing differed. */
	static final String NOTHING = "Nothing the runs recorded of themselves: the same commit, machine, tools and "
			+ "settings.";

	/** A label and each run's value of it, in the runs' order. */
	record Fact(String what, List<String> values) {
	}

	/** The facts listed when the runs agree on them: what a reader checks first. */
	private static final Set<String> LISTED_WHEN_SAME = Set.of("commit", "host", "CPU", "Cores", "Memory", "Kernel",
			"JDK", "Redis");

	static Differences of(List<RunFolder> runs) {
		Set<String> labels = new LinkedHashSet<>();
		runs.forEach(run -> labels.addAll(run.facts().keySet()));
		List<Fact> differing = new ArrayList<>();
		List<Fact> same = new ArrayList<>();
		int settingsSame = 0;
		for (String label : labels) {
			List<String> values = runs.stream().map(run -> run.facts().getOrDefault(label, "")).toList();
			if (values.stream().anyMatch(value -> !Objects.equals(value, values.get(0)))) {
				differing.add(new Fact(label, values));
			}
			else if (LISTED_WHEN_SAME.contains(label)) {
				same.add(new Fact(label, values));
			}
			else {
				settingsSame++;
			}
		}
		return new Differences(List.copyOf(differing), List.copyOf(same), settingsSame);
	}

}
