package org.redisbench.bench.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.redisbench.bench.BenchProcess;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.redisbench.bench.run.RunOutput.positive;
import static org.redisbench.bench.run.RunOutput.read;

/**
 * test-bench's small run (once, for every check of the class): both apps measured with no failed request, warmed up in
 * two rounds, sampled over time, profiled, a report written, and nothing left running. The apps start as the
 * published procedure starts them, java -jar with both compilers; the other end-to-end runs start them through their
 * class-data-sharing archives, with the quick compiler only. The run waits 1 s for an idle compiler, so that the wait
 * itself stays tested.
 */
@Tag("end-to-end")
class PublishedRunTest {

	private static final int REQUESTS = 2000;

	private static final int CONCURRENCY = 50;

	private static final List<String> PHASES = List.of("noop", "add", "check");

	/** Kept when a check fails, for its files. */
	@TempDir(cleanup = CleanupMode.ON_SUCCESS)
	static Path folder;

	private static BenchProcess bench;

	private static int status;

	private static RunOutput out;

	@BeforeAll
	static void run() {
		bench = BenchProcess.logTo(folder.resolve("bench.out"))
			.with("APP_CLASS_SHARING", "no")
			.with("APP_JIT", "full")
			.with("BENCH_JIT_IDLE_TIMEOUT", "1");
		out = new RunOutput(folder.resolve("run"));
		// Samples every 0.2 s: a /noop phase of 2,000 requests ends within a second on a quiet machine, and at the
		// default 1 s it had one sample a source, so no rate, and the steady-state line counted 5 sampled phases, not
		// 6 (CI at 4a47882, 2026-11-26).
		status = bench.run("-n", String.valueOf(REQUESTS), "-c", String.valueOf(CONCURRENCY), "--warmup", "500",
				"--warmup-rounds", "2", "--warmup-compiles", "0", "--repetitions", "1", "--redis-bench-requests",
				"20000", "--sample-interval", "0.2", "--output", out.path().toString());
	}

	@Test
	void exitsZero() {
		assertThat(status).as(bench.output()).isZero();
	}

	@Test
	void summaryJsonIsAnArray() {
		assertThat(out.summary().isArray()).as("summary.json is an array").isTrue();
		assertThat(out.summary().size()).as("summary.json's records").isPositive();
	}

	@ParameterizedTest
	@CsvSource({ "string, add", "string, check", "string, noop", "kryo, add", "kryo, check", "kryo, noop" })
	void oneValidRecordWithEveryRequestAnswered2xx(String app, String phase) {
		List<JsonNode> records = out.records((record) -> app.equals(record.path("app").asString())
				&& phase.equals(record.path("phase").asString()));
		assertThat(records).as("%s %s: records", app, phase).hasSize(1);
		JsonNode record = records.get(0);
		assertThat(record.path("valid").asBoolean() && record.path("failed_requests").asLong(-1) == 0
				&& record.path("non_2xx").asLong(-1) == 0 && record.path("complete_requests").asLong() == REQUESTS)
			.as("%s %s: valid, every one of %d requests answered 2xx: %s", app, phase, REQUESTS, record)
			.isTrue();
	}

	@ParameterizedTest
	@ValueSource(strings = { "string", "kryo" })
	void addStoresAHundredPersonsARequestAndMeasuresTheirBytes(String app) {
		JsonNode add = add(app);
		assertThat(add.path("dbsize").asLong() == REQUESTS * 100L && positive(add, "bytes_per_person")
				&& positive(add, "value_bytes") && positive(add, "app_cpu_ms_per_request"))
			.as("%s add: DBSIZE is requests x 100, bytes per person and value size measured: %s", app, add)
			.isTrue();
	}

	@ParameterizedTest
	@ValueSource(strings = { "string", "kryo" })
	void addReadsTheJitCompilerThreadsWithinTheAppsCpu(String app) {
		JsonNode add = add(app);
		assertThat(add.path("jit_cpu_ms_per_request").isNumber())
			.as("%s add: its JIT compiler threads read around the phase: %s", app, add).isTrue();
		assertThat(add.path("jit_cpu_ms_per_request").asDouble())
			.as("%s add: the JIT's CPU within the app's: %s", app, add)
			.isLessThanOrEqualTo(add.path("app_cpu_ms_per_request").asDouble());
	}

	@ParameterizedTest
	@ValueSource(strings = { "string", "kryo" })
	void redisBenchmarkMeasuresTheSetAndGetCeilings(String app) {
		assertThat(out.records((record) -> app.equals(record.path("app").asString())
				&& Set.of("redis-set", "redis-get").contains(record.path("phase").asString())
				&& record.path("valid").asBoolean() && positive(record, "requests_per_second")))
			.as("%s: redis-benchmark SET and GET ceilings, valid: %s", app, out.summary())
			.hasSize(2);
	}

	@Test
	void summaryCsvHasAHeaderAndOneLinePerRecord() throws IOException {
		assertThat(Files.readAllLines(out.file("summary.csv"))).hasSize(out.summary().size() + 1);
	}

	@Test
	void reportIsNotEmpty() {
		assertThat(out.file("report.md")).isNotEmptyFile();
	}

	/**
	 * Two rounds (no share is under 0%), each on every endpoint, its JIT share, its seconds and the app's compiler
	 * (compilations finished, more in the second round, and pending) read.
	 */
	@ParameterizedTest
	@ValueSource(strings = { "string", "kryo" })
	void warmsUpInTwoRoundsOnEveryEndpointReadingTheCompiler(String app) {
		Path rep = out.rep(app + "-per-key-none-single");
		for (int round = 1; round <= 2; round++) {
			for (String path : PHASES) {
				assertThat(rep.resolve("warmup" + round + "-" + path + ".ab.txt")).isNotEmptyFile();
			}
		}
		List<String> rounds = read(rep.resolve("warmup.txt")).lines().toList();
		assertThat(rounds).as("%s warmup.txt", app).hasSize(2);
		long compiled = 0;
		for (int round = 1; round <= 2; round++) {
			String[] fields = rounds.get(round - 1).split("\\s+");
			assertThat(fields).as("%s warm-up round %d: its fields", app, round).hasSizeGreaterThanOrEqualTo(7);
			assertThat(fields[0]).isEqualTo("round=" + round);
			assertThat(fields[1]).matches("requests=[0-9]+");
			assertThat(fields[2]).matches("jit_share=[0-9.]+");
			assertThat(fields[3]).matches("elapsed_s=[0-9]+");
			assertThat(fields[4]).matches("compiled=[0-9]+");
			assertThat(fields[5]).matches("pending=[0-9]+");
			assertThat(fields[6]).matches("compiles=[0-9]+");
			long now = Long.parseLong(fields[4].substring("compiled=".length()));
			assertThat(now).as("%s: compilations finished by round %d, more than before", app, round)
				.isGreaterThan(compiled);
			compiled = now;
		}
	}

	@Test
	void reportSaysHowEachWarmUpEnded() {
		assertThat(read(out.file("report.md")))
			.containsPattern("(?m)^\\| kryo-per-key-none-single-c[0-9]* \\| 1 \\| 2 \\| [0-9]* \\| [0-9.]* \\| "
					+ "[0-9]* \\| [0-9]* \\| 0 of 1 \\|");
	}

	@Test
	void reportMarksBesideItsFiguresAVariantWhoseWarmUpWasNotQuiet() {
		assertThat(read(out.file("report.md")))
			.containsPattern("(?m)^\\| kryo \\| per-key \\| .* \\| \\*\\*1 of 1 not quiet\\*\\* \\(rounds\\), "
					+ "2 rounds, [0-9]* s \\|$");
	}

	@Test
	void reportComparesWithThePublishedFigures() {
		assertThat(read(out.file("report.md"))).contains("published Kryo");
	}

	@ParameterizedTest
	@ValueSource(strings = { "requests-per-second", "bytes-per-person", "cpu-per-request" })
	void chartDrawn(String chart) {
		assertThat(out.file(chart + ".png")).isNotEmptyFile();
	}

	/** The store's INFO and the app's scrapes were sampled during the phase, each sampler's CPU read as it stopped. */
	@ParameterizedTest
	@ValueSource(strings = { "noop", "add", "check" })
	void stringPhaseSampledWithItsCost(String phase) {
		Path rep = out.rep("string-per-key-none-single");
		String cost = read(rep.resolve(phase + ".samples.cost.txt"));
		assertThat(read(rep.resolve(phase + ".samples.info.txt"))).as("an INFO sample")
			.containsPattern("(?m)^# Server");
		assertThat(cost).as("%s.samples.cost.txt", phase)
			.containsPattern("(?m)^redis-cli=[0-9]+$")
			.containsPattern("(?m)^curl=[0-9]+$")
			.containsPattern("(?m)^started=[0-9.]+$")
			.containsPattern("(?m)^ended=[0-9.]+$");
		assertThat(read(rep.resolve(phase + ".samples.prometheus.txt"))).as("the app's scrapes")
			.containsPattern("(?m)^# sample end")
			.containsPattern("(?m)^process_cpu_time_ns_total ");
	}

	@ParameterizedTest
	@ValueSource(strings = { "add-store-ops", "add-memory", "add-network-out", "add-app-requests", "check-hit-rate",
			"noop-app-requests" })
	void overTimeChartDrawn(String chart) {
		assertThat(out.file("over-time-" + chart + ".png")).isNotEmptyFile();
	}

	@Test
	void overTimeCsvHasTheStoresAndTheAppsPoints() {
		assertThat(read(out.file("over-time.csv"))).containsPattern(",add,[0-9.]*,store-ops,")
			.containsPattern(",add,[0-9.]*,app-requests,");
	}

	@Test
	void reportHasTheSteadyStateLine() {
		assertThat(read(out.file("report.md"))).containsPattern("(?m)^Steady state: [0-9]+ of 6 sampled phases steady, "
				+ "[0-9]+ not steady.*, [0-9]+ too short to tell\\.$");
	}

	@Test
	void reportSaysWhatSamplingCost() {
		assertThat(read(out.file("report.md"))).containsPattern(
				"(?m)^Sampling cost: on /add and /check at most [0-9.]+% of the app.s CPU and [0-9.]+% of");
	}

	@Test
	void nothingLeftRunning() {
		out.assertNothingLeftRunning();
	}

	@Test
	void privateRedisFolderRemoved() {
		out.assertPrivateRedisFolderRemoved();
	}

	/**
	 * async-profiler left the kryo app's stacks and flame graph of each phase, and the phase's run without it its
	 * CPU.
	 */
	@ParameterizedTest
	@ValueSource(strings = { "noop", "add", "check" })
	void kryoPhaseProfiled(String phase) {
		Path profiles = out.file("profiles/kryo-per-key-none-single");
		assertThat(profiles.resolve(phase + ".html")).isNotEmptyFile();
		assertThat(read(profiles.resolve(phase + ".collapsed")).lines()
			.mapToLong((line) -> Long.parseLong(line.substring(line.lastIndexOf(' ') + 1)))
			.sum()).as("%s.collapsed: samples", phase).isPositive();
		assertThat(profiles.resolve(phase + ".unprofiled.before.proc-stat.txt")).isNotEmptyFile();
		assertThat(profiles.resolve(phase + ".unprofiled.after.proc-stat.txt")).isNotEmptyFile();
	}

	/**
	 * The kryo variant's split in report.md: the codec's ms of the request's, flame graph links, the phases side by
	 * side, a share a line in ms and % (a dash for none: 500 requests per-key give the codec a few samples at most),
	 * /noop's connections and no codec.
	 */
	@Test
	void reportSplitsEachProfiledPhasesCpuIntoShares() {
		assertThat(read(out.file("report.md")))
			.containsPattern("(?m)^\\*\\*kryo, per-key, none, single, c[0-9]+\\*\\*: the codec [0-9.]+ ms of [0-9.]+ "
					+ "on /add, [0-9.]+ ms of [0-9.]+ on /check; flame graphs "
					+ "\\[noop\\]\\(profiles/kryo-per-key-none-single/noop.html\\) · \\[add\\]")
			.containsPattern("(?m)^\\| \\| /noop \\| /add \\| /check \\|$")
			.containsPattern(
					"(?m)^\\| app CPU ms a request, without the profiler \\| [0-9.]+ \\| [0-9.]+ \\| [0-9.]+ \\|$")
			.containsPattern("(?m)^\\| connections: accept, close \\| [0-9.]+ · [0-9.]+% \\|")
			.containsPattern("(?m)^\\| codec \\| – \\| ([0-9.]+ · [0-9.]+%|–) \\| ([0-9.]+ · [0-9.]+%|–) \\|$");
	}

	/** The app's own metrics say its heap could grow to 512 MiB, the runner's default, no more. */
	@Test
	void appsRanWithTheDefaultHeap() {
		assertThat(read(out.rep("kryo-per-key-none-single").resolve("add.after.prometheus.txt")).lines()
			.filter((line) -> line.matches("jvm_memory_max_bytes\\{[^}]*area=\"heap\"[^}]*id=\"G1 Old Gen\".*"))
			.findFirst()
			.map((line) -> Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1))))
			.as("the G1 Old Gen's max bytes")
			.contains(512.0 * 1024 * 1024);
	}

	@Test
	void settingsRecordTheAppsJvmOptions() {
		assertThat(out.setting("java_opts")).isEqualTo("-Xms512m -Xmx512m");
	}

	@Test
	void settingsSayTheAppsStartedFromTheirJarsWithBothCompilers() {
		assertThat(out.setting("app_class_sharing") + "/" + out.setting("app_jit")).isEqualTo("no/full");
	}

	@Test
	void settingsListTheDefaultVariantsInOrder() {
		assertThat(out.setting("variants") + "/" + out.setting("topologies") + "/" + out.setting("cluster_masters"))
			.isEqualTo("string-per-key-none-single,kryo-per-key-none-single/single/0");
	}

	@ParameterizedTest
	@ValueSource(strings = { "string", "kryo" })
	void variantEnvOfTheDefaultVariant(String app) {
		assertThat(out.variantEnv(app + "-per-key-none-single")).isEqualTo("app=" + app + " mode=per-key "
				+ "compression=none topology=single masters=1 redis_rtt=0 app_rtt=0 concurrency=" + CONCURRENCY
				+ " redis_settings=default layout=string-per-key");
	}

	@ParameterizedTest
	@ValueSource(strings = { "string", "kryo" })
	void everyPhaseAnsweredWithPrometheusScrapedAroundIt(String app) {
		out.assertMeasured(app + "-per-key-none-single", REQUESTS);
	}

	private static JsonNode add(String app) {
		return out.records((record) -> app.equals(record.path("app").asString())
				&& "add".equals(record.path("phase").asString()))
			.stream()
			.findFirst()
			.orElseThrow(() -> new AssertionError("no " + app + " add record in " + out.summary()));
	}

}
