package org.redisbench.tooloutput;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The samples of one scrape in the Prometheus text exposition format ({@code /actuator/prometheus}):
 * {@code name{label="value",...} value [timestamp]} lines, {@code #} comments ignored.
 */
public final class PrometheusText {

	public record Sample(String name, Map<String, String> labels, double value) {
	}

	private final List<Sample> samples;

	private PrometheusText(List<Sample> samples) {
		this.samples = samples;
	}

	/**
	 * A scrape with a malformed line reads as empty: cut short or not Prometheus text at all, none of its sums
	 * could be trusted.
	 */
	public static PrometheusText parse(String text) {
		List<Sample> samples = new ArrayList<>();
		for (String line : text.split("\\R")) {
			String trimmed = line.strip();
			if (!trimmed.isEmpty() && !trimmed.startsWith("#")) {
				Sample sample = sample(trimmed);
				if (sample == null) {
					return new PrometheusText(List.of());
				}
				samples.add(sample);
			}
		}
		return new PrometheusText(List.copyOf(samples));
	}

	public boolean isEmpty() {
		return this.samples.isEmpty();
	}

	/** The sum of every series named {@code name} whose labels include {@code labels}; {@code null} if there is none. */
	public Double sum(String name, Map<String, String> labels) {
		Double total = null;
		for (Sample sample : this.samples) {
			if (sample.name().equals(name) && sample.labels().entrySet().containsAll(labels.entrySet())) {
				total = (total == null ? 0 : total) + sample.value();
			}
		}
		return total;
	}

	/** The largest of the series named {@code name} whose labels include {@code labels}; {@code null} if there is none. */
	public Double max(String name, Map<String, String> labels) {
		Double largest = null;
		for (Sample sample : this.samples) {
			if (sample.name().equals(name) && sample.labels().entrySet().containsAll(labels.entrySet())) {
				largest = largest == null ? sample.value() : Math.max(largest, sample.value());
			}
		}
		return largest;
	}

	/**
	 * How much the series named {@code name} whose labels include {@code labels} grew since {@code before}. A series
	 * first seen since (no request to that path before) counts from zero; {@code null} when this scrape lacks it or
	 * a counter went down, which means the app restarted in between and the figure is lost.
	 */
	public Double growthSince(PrometheusText before, String name, Map<String, String> labels) {
		Double to = sum(name, labels);
		Double from = before.sum(name, labels);
		double growth = to == null ? -1 : to - (from == null ? 0 : from);
		return growth < 0 ? null : growth;
	}

	/** {@code null} when the line is no sample. */
	private static Sample sample(String line) {
		int end = 0;
		while (end < line.length() && line.charAt(end) != '{' && !Character.isWhitespace(line.charAt(end))) {
			end++;
		}
		Map<String, String> labels = new LinkedHashMap<>();
		int at = end < line.length() && line.charAt(end) == '{' ? labels(line, end + 1, labels) : end;
		if (end == 0 || at < 0) {
			return null;
		}
		Double value = value(line.substring(at).strip().split("\\s+")[0]);
		return value == null ? null : new Sample(line.substring(0, end), labels, value);
	}

	/** Reads {@code label="value",...} up to the closing brace: the index after it, or -1 if there is none. */
	private static int labels(String line, int at, Map<String, String> labels) {
		while (at < line.length()) {
			char next = line.charAt(at);
			if (next == '}') {
				return at + 1;
			}
			if (next == ',' || next == ' ') {
				at++;
				continue;
			}
			int equals = line.indexOf("=\"", at);
			if (equals < 0) {
				return -1;
			}
			StringBuilder value = new StringBuilder();
			int i = equals + 2;
			for (; i < line.length() && line.charAt(i) != '"'; i++) {
				char c = line.charAt(i);
				if (c == '\\' && i + 1 < line.length()) {
					char escaped = line.charAt(++i);
					value.append(escaped == 'n' ? '\n' : escaped);
				}
				else {
					value.append(c);
				}
			}
			if (i >= line.length()) {
				return -1;
			}
			labels.put(line.substring(at, equals).strip(), value.toString());
			at = i + 1;
		}
		return -1;
	}

	private static Double value(String text) {
		return switch (text) {
			case "+Inf" -> Double.POSITIVE_INFINITY;
			case "-Inf" -> Double.NEGATIVE_INFINITY;
			case "NaN" -> Double.NaN;
			default -> text.matches("[-+]?(\\d+\\.?\\d*|\\.\\d+)([eE][-+]?\\d+)?") ? Double.valueOf(text) : null;
		};
	}

}
