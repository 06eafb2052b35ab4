package org.redisbench.bench.stores;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
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
 * The run's stores and Redis settings at a tiny size: the kryo app, per-key, on the private Redis at its defaults, with
 * AOF everysec and with an allkeys-lru maxmemory the run overflows, and on a private memcached. Every run is valid (a
 * person evicted under lru is measured, not failed), the report has its Redis and Memcached and Redis settings
 * sections, memcached's bytes per person come from its slabs, and nothing is left running. Settings the run cannot
 * honour are refused. Needs memcached.
 */
@Tag("end-to-end")
class StoresRunTest {

	private static final Pattern MEMCACHED_PID = Pattern.compile("private memcached on .* \\(pid (\\d+),");

	@TempDir
	static Path folder;

	private static BenchProcess bench;

	private static int status;

	private static Path out;

	@BeforeAll
	static void run() {
		out = folder.resolve("run");
		bench = BenchProcess.logTo(folder.resolve("bench.out")).quickApps();
		status = bench.run("--no-profile", "-n", "200", "-c", "20", "-w", "100", "-r", "1", "--apps", "kryo", "--store",
				"redis,memcached", "--redis-settings", "default,aof-everysec,lru", "--noop-requests", "100",
				"--redis-bench-requests", "1000", "-o", out.toString());
	}

	static Stream<Arguments> refused() {
		return Stream.of(Arguments.of("a store there is not", Map.of(), List.of("--store", "redis,nosuch"), "nosuch"),
				Arguments.of("lru on a Redis the run does not start", Map.of(),
						List.of("--redis-settings", "default,lru", "--redis-host", "127.0.0.1", "--allow-flush"),
						"--redis-settings"),
				Arguments.of("memcached with a round trip", Map.of(), List.of("--store", "memcached", "--redis-rtt", "1ms"),
						"memcached"),
				Arguments.of("a BENCH_RDB_SAVE that is no save rule", Map.of("BENCH_RDB_SAVE", "often"),
						List.of("--redis-settings", "rdb"), "BENCH_RDB_SAVE"));
	}

	@ParameterizedTest(name = "{0} exits 2")
	@MethodSource
	void refused(String what, Map<String, String> environment, List<String> args, String saying, @TempDir Path log) {
		BenchProcess refused = BenchProcess.logTo(log.resolve("refused.log"));
		environment.forEach(refused::with);
		assertThat(refused.run(args.toArray(String[]::new))).as(refused.output()).isEqualTo(2);
		assertThat(refused.output()).as("why it is refused").contains(saying);
	}

	@Test
	void redisAtThreeSettingsAndMemcachedExitZeroEveryRunValid() {
		assertThat(status).as(bench.output()).isZero();
	}

	@ParameterizedTest(name = "variant kryo-per-key-none-{0} ran")
	@ValueSource(strings = { "single", "single-aof-everysec", "single-lru", "memcached" })
	void eachVariantRan(String variant) {
		assertThat(out.resolve("raw/kryo-per-key-none-" + variant + "/variant.env")).isRegularFile();
	}

	@Test
	void variantEnvNamesItsRedisSettings() throws IOException {
		assertThat(Files.readAllLines(out.resolve("raw/kryo-per-key-none-single-lru/variant.env")))
			.contains("redis_settings=lru");
	}

	@ParameterizedTest(name = "the report has its {0} section")
	@ValueSource(strings = { "## Redis and Memcached", "## What Redis's settings cost" })
	void theReportHasItsSection(String heading) throws IOException {
		assertThat(Files.readAllLines(out.resolve("report.md"))).as("report.md")
			.anyMatch((line) -> line.startsWith(heading));
	}

	@Test
	void memcachedAddStoredAllPersonsEachInMoreBytesThanItsValue() {
		JsonNode add = figures("memcached", "default", "add");
		assertThat(add.get("valid").asBoolean()).as("valid: %s", add).isTrue();
		// 200 requests of 100 persons.
		assertThat(add.get("dbsize").asLong()).as("dbsize").isEqualTo(20_000);
		assertThat(add.get("bytes_per_person").asDouble()).as("bytes_per_person, from memcached's slabs")
			.isGreaterThan(add.get("value_bytes").asDouble());
	}

	@Test
	void memcachedsTimeSplitHasItsIo() {
		assertThat(figures("memcached", "default", "check").get("redis_ms_per_request").asDouble())
			.as("redis_ms_per_request of memcached /check")
			.isPositive();
	}

	@Test
	void lruAddIsValidWithPersonsEvictedAndMissing() {
		JsonNode add = figures("single", "lru", "add");
		assertThat(add.get("valid").asBoolean()).as("valid: %s", add).isTrue();
		assertThat(add.get("evicted_keys").asLong()).as("evicted_keys").isPositive();
		assertThat(add.get("missing_persons").asLong()).as("missing_persons").isEqualTo(add.get("evicted_keys").asLong());
	}

	@Test
	void lruCheckIsValidItsNotFoundsCountedAsPersonsGone() {
		JsonNode check = figures("single", "lru", "check");
		assertThat(check.get("valid").asBoolean()).as("valid: %s", check).isTrue();
		assertThat(check.get("not_found_responses").asLong()).as("not_found_responses").isPositive();
	}

	@Test
	void aofEverysecAddIsValidNothingEvicted() {
		JsonNode add = figures("single", "aof-everysec", "add");
		assertThat(add.get("valid").asBoolean()).as("valid: %s", add).isTrue();
		assertThat(add.get("evicted_keys").asLong()).as("evicted_keys").isZero();
	}

	@Test
	void thePrivateMemcachedIsStopped() throws IOException {
		Matcher started = MEMCACHED_PID.matcher(Files.readString(out.resolve("raw/bench.log")));
		assertThat(started.find()).as("raw/bench.log names the private memcached's pid").isTrue();
		assertThat(ProcessHandle.of(Long.parseLong(started.group(1))).map(ProcessHandle::isAlive))
			.as("memcached pid %s alive", started.group(1))
			.isNotEqualTo(Optional.of(true));
	}

	/** summary.json's first record of the variant's phase. */
	private static JsonNode figures(String topology, String redisSettings, String phase) {
		JsonNode runs = JsonMapper.builder().build().readTree(out.resolve("summary.json").toFile());
		return runs.valueStream()
			.filter((run) -> run.get("topology").asString().equals(topology)
					&& run.get("redis_settings").asString().equals(redisSettings)
					&& run.get("phase").asString().equals(phase))
			.findFirst()
			.orElseThrow(() -> new AssertionError("no " + phase + " run on " + topology + " " + redisSettings));
	}

}
