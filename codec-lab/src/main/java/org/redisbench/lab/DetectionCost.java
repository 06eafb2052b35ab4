package org.redisbench.lab;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.redisbench.estimates.Estimate;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * What reading two formats costs a decode, from {@link ReadBothBenchmark}'s JMH JSON, two ways: the reading-both
 * decode's time over the plain decoder's, and the detection's own time (its benchmark's, less that of reading a
 * value's first byte) over the plain decoder's; each with the bounds the 99.9% intervals allow, and whether they
 * settle the bound of {@value #BOUND_PERCENT}% (docs/migrate.md).
 *
 * @param migration {@code FROM>TO}, as the benchmark names it
 * @param values {@code new} or {@code old}
 * @param plain ns per decode without {@code bench.read-also}
 * @param readingBoth ns per decode with it
 * @param detection ns per detection alone
 * @param firstByte ns per read of a value's first byte, with the same harness around it
 */
public record DetectionCost(String migration, String values, Estimate plain, Estimate readingBoth, Estimate detection,
		Estimate firstByte) {

	/** What telling the formats apart may cost, in percent of a decode. */
	static final int BOUND_PERCENT = 2;

	/** Reading both over plain: 1 plus the cost. */
	public Ratio decodes() {
		return new Ratio(this.readingBoth, this.plain);
	}

	/**
	 * The detection's own time: the detection's less the first byte's, its interval as wide as both together (each
	 * bound the worst the two allow).
	 */
	public Estimate detectionOwn() {
		return new Estimate(this.detection.score() - this.firstByte.score(), this.detection.error() + this.firstByte.error());
	}

	/** The detection's own time over a plain decode: the cost. */
	public Ratio detectionShare() {
		return new Ratio(detectionOwn(), this.plain);
	}

	/**
	 * One time over another, with the least and greatest ratios their intervals allow.
	 *
	 * @param numerator its time
	 * @param denominator the time it is taken over
	 */
	public record Ratio(Estimate numerator, Estimate denominator) {

		public double value() {
			return this.numerator.score() / this.denominator.score();
		}

		/** The numerator at its lowest (a time is never below 0) over the denominator at its highest. */
		public double lower() {
			return Math.max(0, this.numerator.lower()) / this.denominator.upper();
		}

		/** The numerator at its highest over the denominator at its lowest; infinite where that reaches 0. */
		public double upper() {
			return (this.denominator.lower() > 0) ? this.numerator.upper() / this.denominator.lower()
					: Double.POSITIVE_INFINITY;
		}

		public boolean hasInterval() {
			return this.numerator.hasInterval() && this.denominator.hasInterval();
		}

		/** Whether the bounds settle the ratio against {@code limit}: under it, over it, or neither. */
		String verdict(double limit, String limitName) {
			if (!hasInterval()) {
				return "no interval";
			}
			if (upper() < limit) {
				return "under " + limitName;
			}
			return (lower() > limit) ? "over " + limitName : "not settled: the interval spans " + limitName;
		}

		/** "1.010 (1.005–1.015)", the bounds left out without an interval. */
		String cell() {
			return String.format(Locale.ROOT, "%.3f", value()) + (hasInterval()
					? String.format(Locale.ROOT, " (%.3f–%.3f)", lower(), upper()) : "");
		}

	}

	/** Whether reading both costs a decode under the bound, over it, or neither. */
	String decodesVerdict() {
		return decodes().verdict(1 + BOUND_PERCENT / 100.0, BOUND_PERCENT + "%");
	}

	/** Whether the detection alone costs under the bound of a decode, over it, or neither. */
	String detectionVerdict() {
		return detectionShare().verdict(BOUND_PERCENT / 100.0, BOUND_PERCENT + "%");
	}

	/** Every migration x values JMH measured all four of, in the order of the file. */
	static List<DetectionCost> read(Path jmhJson) {
		Map<String, Map<String, Estimate>> byConfiguration = new HashMap<>();
		List<String> order = new ArrayList<>();
		for (JsonNode run : JsonMapper.builder().build().readTree(jmhJson.toFile())) {
			String benchmark = run.path("benchmark").asString();
			JsonNode params = run.path("params");
			String configuration = params.path("migration").asString() + " " + params.path("values").asString();
			if (!byConfiguration.containsKey(configuration)) {
				order.add(configuration);
			}
			byConfiguration.computeIfAbsent(configuration, (key) -> new HashMap<>())
				.put(benchmark.substring(benchmark.lastIndexOf('.') + 1), JmhResults.estimate(run.path("primaryMetric")));
		}
		return order.stream().filter((configuration) -> byConfiguration.get(configuration).size() == 4).map((configuration) -> {
			String[] words = configuration.split(" ");
			Map<String, Estimate> measured = byConfiguration.get(configuration);
			return new DetectionCost(words[0], words[1], measured.get("plain"), measured.get("readingBoth"),
					measured.get("detect"), measured.get("firstByte"));
		}).toList();
	}

	/** A markdown table, a row a migration and values; ratios with their bounds in brackets. */
	static String table(List<DetectionCost> costs) {
		StringBuilder table = new StringBuilder("| migration | values | plain decode ns | reading both ns | ratio | "
				+ BOUND_PERCENT + "% | detection ns | first byte ns | detection's own / plain | " + BOUND_PERCENT
				+ "% |\n|---|---|---:|---:|---:|---|---:|---:|---:|---|\n");
		for (DetectionCost cost : costs) {
			table.append(String.join(" | ", "| " + cost.migration, cost.values, LabFormat.estimate(cost.plain),
					LabFormat.estimate(cost.readingBoth), cost.decodes().cell(), cost.decodesVerdict(),
					LabFormat.estimate(cost.detection), LabFormat.estimate(cost.firstByte), cost.detectionShare().cell(),
					cost.detectionVerdict() + " |\n"));
		}
		return table.toString();
	}

}
