package org.redisbench.bench.app;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.redisbench.bench.BenchProcess;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The run's distance and concurrency dimensions at a tiny size: one app, per-key, Redis directly, behind a latency
 * proxy adding nothing (0ms) and one adding 1 ms, ab at concurrency 1 and 5. Every variant is valid and kept apart (no
 * proxy is not a proxy adding 0 ms), the report has its Distance, proxy cost and Concurrency sections, and 1 ms per
 * round trip makes per-key /add slower, as 100 round trips a request should. Options the run cannot honour are
 * refused.
 */
@Tag("end-to-end")
class DistanceRunTest {

	@TempDir
	static Path folder;

	private static BenchProcess bench;

	private static int status;

	private static Path out;

	@BeforeAll
	static void run() {
		out = folder.resolve("run");
		bench = BenchProcess.logTo(folder.resolve("bench.out")).quickApps();
		// 40 requests a phase: per-key at 1 ms and -c 1 answers about 8 a second (100 round trips each), so a phase
		// takes 5 s, and the slowdown checked below is about 20x, far from its 5x.
		status = bench.run("--no-profile", "-n", "40", "-w", "10", "-r", "1", "--apps", "kryo", "--modes", "per-key",
				"--redis-rtt", "0,0ms,1ms", "-c", "1,5", "--noop-requests", "50", "--redis-bench-requests", "1000", "-o",
				out.toString());
	}

	static Stream<Arguments> refused() {
		return Stream.of(Arguments.of("a round trip that is no duration", List.of("--redis-rtt", "abc"), "abc"),
				Arguments.of("a round trip to a cluster", List.of("--redis-rtt", "1ms", "--cluster", "3"), "--cluster"),
				Arguments.of("a concurrency of 0", List.of("--concurrency", "1,0"), "'0'"));
	}

	@ParameterizedTest(name = "{0} exits 2")
	@MethodSource
	void refused(String what, List<String> args, String saying, @TempDir Path log) {
		BenchProcess refused = BenchProcess.logTo(log.resolve("refused.log"));
		assertThat(refused.run(args.toArray(String[]::new))).as(refused.output()).isEqualTo(2);
		assertThat(refused.output()).as("why it is refused").contains(saying);
	}

	@Test
	void threeRoundTripsAndTwoConcurrenciesExitZeroEveryRunValid() {
		assertThat(status).as(bench.output()).isZero();
	}

	@Test
	void sixVariantsNamedByWhatTheRunVaries() throws IOException {
		try (Stream<Path> variants = Files.list(out.resolve("raw"))) {
			assertThat(variants.map((variant) -> variant.getFileName().toString())
				.filter((name) -> name.matches("kryo-per-key-none-single.*-c[15]")))
				.containsExactlyInAnyOrder("kryo-per-key-none-single-c1", "kryo-per-key-none-single-c5",
						"kryo-per-key-none-single-redis0ms-c1", "kryo-per-key-none-single-redis0ms-c5",
						"kryo-per-key-none-single-redis1ms-c1", "kryo-per-key-none-single-redis1ms-c5");
		}
	}

	@Test
	void eachVariantEnvNamesItsRedisRoundTripAndConcurrency() throws IOException {
		assertThat(Files.readAllLines(out.resolve("raw/kryo-per-key-none-single-redis1ms-c5/variant.env")))
			.contains("redis_rtt=1ms", "concurrency=5");
	}

	// What the proxy itself costs: the proxy adding nothing beside no proxy.
	@ParameterizedTest(name = "the report has its {0} section")
	@ValueSource(strings = { "## Distance to Redis", "## Concurrency", "## What the proxy itself costs" })
	void theReportHasItsSection(String heading) throws IOException {
		assertThat(Files.readAllLines(out.resolve("report.md"))).as("report.md")
			.anyMatch((line) -> line.startsWith(heading));
	}

	@Test
	void summaryJsonTellsAProxyAddingNothingFromNone() {
		assertThat(summary("add").filter((run) -> run.get("redis_rtt_ms").asDouble() == 0)
			.map((run) -> run.get("redis_proxied").asBoolean())).as("redis_proxied of /add at 0 ms").contains(true, false);
	}

	@Test
	void perKeyAddAtOneMillisecondIsOverFiveTimesSlowerThanOnLoopback() {
		// 100 round trips a request.
		List<JsonNode> add = summary("add").filter((run) -> run.get("concurrency").asInt() == 1).toList();
		double near = add.stream()
			.filter((run) -> run.get("redis_rtt_ms").asDouble() == 0 && !run.get("redis_proxied").asBoolean())
			.findFirst()
			.orElseThrow()
			.get("requests_per_second")
			.asDouble();
		double far = add.stream()
			.filter((run) -> run.get("redis_rtt_ms").asDouble() == 1)
			.findFirst()
			.orElseThrow()
			.get("requests_per_second")
			.asDouble();
		assertThat(far).as("/add's requests a second at 1 ms, against %s on loopback", near).isLessThan(near / 5);
	}

	/** summary.json's records of {@code phase}, in its order. */
	private static Stream<JsonNode> summary(String phase) {
		JsonNode runs = JsonMapper.builder().build().readTree(out.resolve("summary.json").toFile());
		return runs.valueStream().filter((run) -> run.get("phase").asString().equals(phase));
	}

}
