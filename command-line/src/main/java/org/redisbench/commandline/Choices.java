package org.redisbench.commandline;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A list option's value read one way: comma-separated items each among those known, or {@code all} for every one,
 * none given twice (the same candidate run twice under one name would count twice).
 */
public final class Choices {

	public static final String ALL = "all";

	private Choices() {
	}

	/** @throws Refusal naming the option and the known items, for an unknown, repeated or missing item */
	public static List<String> of(String option, String value, Iterable<String> candidates) {
		List<String> known = new ArrayList<>();
		candidates.forEach(known::add);
		if (value.strip().equals(ALL)) {
			return known;
		}
		List<String> items = Arrays.stream(value.split(",")).map(String::strip).filter((item) -> !item.isEmpty()).toList();
		if (items.isEmpty()) {
			throw new Refusal(option + " names nothing (one of: " + String.join(",", known) + ", or all)");
		}
		Set<String> seen = new HashSet<>();
		for (String item : items) {
			if (!known.contains(item)) {
				throw new Refusal("unknown " + option.replaceFirst("^-+", "") + " '" + item + "' (one of: "
						+ String.join(",", known) + ", or all)");
			}
			if (!seen.add(item)) {
				throw new Refusal(option + ": '" + item + "' given twice");
			}
		}
		return items;
	}

}
