package org.redisbench.lab;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.redisbench.estimates.Estimate;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** What JMH wrote with {@code -rf json}, per operation and configuration. */
final class JmhResults {

	/** Time per operation, and bytes allocated per operation ({@code null} without JMH's gc profiler). */
	record Measured(Estimate nanos, Estimate allocated) {
	}

	/** How JMH ran: the figures a reader needs to judge the intervals. */
	record Settings(String jmhVersion, String jdkVersion, String vmName, String vmVersion, String jvm,
			List<String> jvmArgs, int forks, int threads, int warmupIterations, String warmupTime,
			int measurementIterations, String measurementTime) {
	}

	private record Key(Operation operation, String codec, String compression) {
	}

	static final String ALLOCATED = "gc.alloc.rate.norm";

	private final Map<Key, Measured> measured = new HashMap<>();

	private Settings settings;

	static JmhResults read(Path file) {
		JmhResults results = new JmhResults();
		for (JsonNode run : JsonMapper.builder().build().readTree(file.toFile())) {
			String benchmark = run.path("benchmark").asString();
			Operation operation = Operation.byMethod(benchmark.substring(benchmark.lastIndexOf('.') + 1));
			JsonNode params = run.path("params");
			JsonNode allocated = run.path("secondaryMetrics").path(ALLOCATED);
			results.measured.put(
					new Key(operation, params.path("codec").asString(), params.path("compression").asString()),
					new Measured(estimate(run.path("primaryMetric")), allocated.isMissingNode() ? null : estimate(allocated)));
			if (results.settings == null) {
				results.settings = settings(run);
			}
		}
		return results;
	}

	/** {@code null} when JMH did not measure it. */
	Measured get(Operation operation, CodecSetup setup) {
		return this.measured.get(new Key(operation, setup.codec().id(), setup.compression().toString()));
	}

	/** {@code null} when JMH measured nothing. */
	Settings settings() {
		return this.settings;
	}

	/** A metric's score and error, as JMH wrote them: also {@link DetectionCost}'s. */
	static Estimate estimate(JsonNode metric) {
		return new Estimate(number(metric.path("score")), number(metric.path("scoreError")));
	}

	/** JMH writes NaN, which JSON lacks, as the string "NaN". */
	private static double number(JsonNode node) {
		return node.isNumber() ? node.doubleValue() : Double.NaN;
	}

	private static Settings settings(JsonNode run) {
		return new Settings(run.path("jmhVersion").asString(), run.path("jdkVersion").asString(),
				run.path("vmName").asString(), run.path("vmVersion").asString(), run.path("jvm").asString(),
				run.path("jvmArgs").valueStream().map(JsonNode::asString).toList(), run.path("forks").asInt(),
				run.path("threads").asInt(), run.path("warmupIterations").asInt(), run.path("warmupTime").asString(),
				run.path("measurementIterations").asInt(), run.path("measurementTime").asString());
	}

}
