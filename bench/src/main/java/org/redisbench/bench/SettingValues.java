package org.redisbench.bench;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;
import java.util.function.Function;

import org.redisbench.commandline.Refusal;

/**
 * The settings' values as given (an option's, else the environment's, else the default), read as the types they
 * are; each refusal names the variable, as bench.sh's checks did, since an option and its variable are one
 * setting.
 */
final class SettingValues {

	private final Map<Setting, String> values;

	SettingValues(Map<Setting, String> values) {
		this.values = values;
	}

	String text(Setting setting) {
		return this.values.get(setting);
	}

	boolean isEmpty(Setting setting) {
		return text(setting).isEmpty();
	}

	/** A whole number, at least {@code least}. */
	int count(Setting setting, int least) {
		String value = text(setting);
		if (!value.matches("[0-9]+")) {
			throw new Refusal(setting.variable() + " must be a whole number, was '" + value + "'");
		}
		int count;
		try {
			count = Integer.parseInt(value);
		}
		catch (NumberFormatException ex) {
			throw new Refusal(setting.variable() + " must be at most " + Integer.MAX_VALUE + ", was " + value);
		}
		if (count < least) {
			throw new Refusal(setting.variable() + " must be at least " + least + ", was " + count);
		}
		return count;
	}

	/** A whole number from {@code least}, or {@code auto}: empty. */
	OptionalInt countOrAuto(Setting setting, int least) {
		return text(setting).equals("auto") ? OptionalInt.empty()
				: OptionalInt.of(count(setting, least));
	}

	/** A number with an optional decimal part. */
	BigDecimal decimal(Setting setting, String refusal) {
		String value = text(setting);
		if (!value.matches("[0-9]+([.][0-9]+)?")) {
			throw new Refusal(refusal + ", was '" + value + "'");
		}
		return new BigDecimal(value);
	}

	/** yes or no. */
	boolean yes(Setting setting) {
		return choice(setting, List.of("yes", "no")).equals("yes");
	}

	String choice(Setting setting, List<String> choices) {
		String value = text(setting);
		if (!choices.contains(value)) {
			throw new Refusal(setting.variable() + " is one of: " + String.join(" ", choices) + "; was '" + value + "'");
		}
		return value;
	}

	/** A comma-separated list, none twice; each item read by {@code read}, which refuses what it cannot read. */
	<T> List<T> list(Setting setting, String what, Function<String, T> read) {
		List<String> items = Arrays.stream(text(setting).split("[, ]")).filter((item) -> !item.isEmpty()).toList();
		if (items.isEmpty()) {
			throw new Refusal("no " + what + " given");
		}
		Set<String> seen = new HashSet<>();
		List<T> result = new ArrayList<>();
		for (String item : items) {
			result.add(read.apply(item));
			if (!seen.add(item)) {
				throw new Refusal(what + " '" + item + "' given twice");
			}
		}
		return List.copyOf(result);
	}

	/** A list of words among {@code known}, by their labels. */
	<T> List<T> words(Setting setting, String what, List<T> known, Function<T, String> label) {
		return list(setting, what, (item) -> known.stream().filter((word) -> label.apply(word).equals(item)).findFirst()
			.orElseThrow(() -> new Refusal("unknown " + what + " '" + item + "' (one of: "
					+ String.join(",", known.stream().map(label).toList()) + ")")));
	}

	/** Words split on white space, as bash's read -ra splits them. */
	List<String> words(Setting setting) {
		return Arrays.stream(text(setting).strip().split("\\s+")).filter((word) -> !word.isEmpty()).toList();
	}

}
