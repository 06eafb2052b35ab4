package org.redisbench.lab;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * What reading two formats costs a decode, from {@link ReadBothBenchmark}'s JMH JSON: the reading-both decode's time
 * over the plain decoder's, with the bounds the two 99.9% intervals allow, and whether that settles the bound of
 * {@value #BOUND_PERCENT}% (docs/migrate.md).
 *
 * @param migration {@code FROM>TO}, as the benchmark names it
 * @param values {@code new} or {@code old}
 * @param plain ns per decode without {@code bench.read-also}
 * @param readingBoth ns per decode with it
 */
public record DetectionCost(String migration, String values, Estimate plain, Estimate readingBoth) {

	/** What telling the formats apart may cost, in percent of a decode. */
	static final int BOUND_PERCENT = 2;

	/** Reading both over plain. */
	public double ratio() {
		return this.readingBoth.score() / this.plain.score();
	}

	/** The least ratio the intervals allow: reading both at its lowest over plain at its highest. */
	public double lower() {
		return this.readingBoth.lower() / this.plain.upper();
	}

	/** The greatest: reading both at its highest over plain at its lowest; infinite where plain's reaches 0. */
	public double upper() {
		return (this.plain.lower() > 0) ? this.readingBoth.upper() / this.plain.lower() : Double.POSITIVE_INFINITY;
	}

	/** Whether the intervals settle the cost against the bound: under it, over it, or neither. */
	public String verdict() {
		double bound = 1 + BOUND_PERCENT / 100.0;
		if (!this.plain.hasInterval() || !this.readingBoth.hasInterval()) {
			return "no interval";
		}
		if (upper() < bound) {
			return "under " + BOUND_PERCENT + "%";
		}
		if (lower() > bound) {
			return "over " + BOUND_PERCENT + "%";
		}
		return "not settled: the interval spans " + BOUND_PERCENT + "%";
	}

	/** Every migration x values JMH measured both decoders of, in the order of the file. */
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
		return order.stream()
			.filter((configuration) -> byConfiguration.get(configuration).size() == 2)
			.map((configuration) -> {
				String[] words = configuration.split(" ");
				Map<String, Estimate> both = byConfiguration.get(configuration);
				return new DetectionCost(words[0], words[1], both.get("plain"), both.get("readingBoth"));
			})
			.toList();
	}

	/** A markdown table, a row a migration and values. */
	static String table(List<DetectionCost> costs) {
		StringBuilder table = new StringBuilder(
				"| migration | values | plain ns | reading both ns | ratio | ratio's bounds | " + BOUND_PERCENT
						+ "% |\n|---|---|---:|---:|---:|---|---|\n");
		for (DetectionCost cost : costs) {
			String bounds = (cost.plain.hasInterval() && cost.readingBoth.hasInterval())
					? String.format(Locale.ROOT, "%.3f–%.3f", cost.lower(), cost.upper()) : LabFormat.NONE;
			table.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %.3f | %s | %s |%n", cost.migration, cost.values,
					LabFormat.estimate(cost.plain), LabFormat.estimate(cost.readingBoth), cost.ratio(), bounds,
					cost.verdict()));
		}
		return table.toString();
	}

}
