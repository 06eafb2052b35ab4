package org.redisbench.faults;

import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The most frequent failure text of a phase, so the table says why requests failed. Texts that differ only in
 * the person they name or in a long number (an id, a port, a size) count as one.
 */
final class Cause {

	/** As wide as the table's last column may be. */
	static final int WIDTH = 70;

	private static final Pattern PERSON = Pattern.compile("person [0-9]+: ");

	private static final Pattern LONG_NUMBER = Pattern.compile("[0-9]{4,}");

	private Cause() {
	}

	static String normalise(String failure) {
		return LONG_NUMBER.matcher(PERSON.matcher(failure).replaceFirst("")).replaceAll("N");
	}

	/** Empty when nothing failed with a text; of equally frequent texts the first in alphabetical order. */
	static String mostFrequent(List<LoggedRequest> requests) {
		Map<String, Long> counts = requests.stream()
			.map(LoggedRequest::failure)
			.filter(failure -> !failure.isEmpty())
			.map(Cause::normalise)
			.collect(Collectors.groupingBy(Function.identity(), TreeMap::new, Collectors.counting()));
		return counts.entrySet()
			.stream()
			.max(Map.Entry.<String, Long>comparingByValue()
				.thenComparing(Map.Entry.comparingByKey(Comparator.reverseOrder())))
			.map(entry -> entry.getKey().substring(0, Math.min(WIDTH, entry.getKey().length())))
			.orElse("");
	}

}
