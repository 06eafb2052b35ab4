package org.redisbench.bench.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.redisbench.bench.BenchProcess;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.redisbench.bench.run.MatrixRunTest.CONCURRENCY;
import static org.redisbench.bench.run.MatrixRunTest.REQUESTS;

/**
 * A 3-master cluster besides the single Redis, each with a key per person and with hash buckets, from a shell with
 * REDISCLI_AUTH and SPRING_DATA_REDIS_* of its own: no redis-cli, node or app of the run's sees them.
 */
@Tag("end-to-end")
class ClusterRunTest {

	private static final String CLUSTER_VARIANT = "string-per-key-none-cluster3";

	private static final long PERSONS = REQUESTS * 100L;

	@TempDir
	static Path folder;

	private static BenchProcess bench;

	private static int status;

	private static RunOutput run;

	@BeforeAll
	static void runWithACluster() {
		bench = BenchProcess.logTo(folder.resolve("cluster.log")).quickApps().fromAShellWithRedisSettings();
		run = new RunOutput(folder.resolve("cluster"));
		status = bench.run("-n", String.valueOf(REQUESTS), "-c", String.valueOf(CONCURRENCY), "--warmup", "0",
				"--repetitions", "1", "--redis-bench-requests", "5000", "--apps", "string", "--cluster", "3",
				"--layouts", "string-per-key,hash-bucket", "--no-profile", "--output", run.path().toString());
	}

	@Test
	void exitsZero() {
		assertThat(status).as(bench.output()).isZero();
	}

	@Test
	void settingsNameBothTopologiesBothLayoutsTheMastersAndTheClustersAddress() {
		assertThat(String.join("/", run.setting("variants"), run.setting("topologies"), run.setting("layouts"),
				run.setting("cluster_masters")))
			.as("variants/topologies/layouts/cluster_masters")
			.isEqualTo("string-per-key-none-single,string-per-key-none-hash-bucket-single,string-per-key-none-cluster3,"
					+ "string-per-key-none-hash-bucket-cluster3/single,cluster3/string-per-key,hash-bucket/3");
		assertThat(run.setting("cluster_address")).matches("[^,]+:[0-9]+,[^,]+:[0-9]+,[^,]+:[0-9]+");
	}

	@Test
	void theClusterVariantHadHashMaxListpackValueBackAtRedisDefault() {
		assertThat(run.variantEnv(CLUSTER_VARIANT)).isEqualTo("app=string mode=per-key compression=none "
				+ "topology=cluster3 masters=3 redis_rtt=0 app_rtt=0 concurrency=" + CONCURRENCY
				+ " redis_settings=default layout=string-per-key hash_max_listpack_value=64");
	}

	@Test
	void everyPhaseOfBothKeyPerPersonVariantsAnswered() {
		run.assertMeasured(CLUSTER_VARIANT, REQUESTS);
		run.assertMeasured("string-per-key-none-single", REQUESTS);
	}

	@Test
	void nodesTxtListsTheThreeMasters() {
		assertThat(RunOutput.read(run.rep(CLUSTER_VARIANT).resolve("nodes.txt")).lines().toList())
			.satisfiesExactly((line) -> assertThat(line).matches("1 \\S+:[0-9]+"),
					(line) -> assertThat(line).matches("2 \\S+:[0-9]+"),
					(line) -> assertThat(line).matches("3 \\S+:[0-9]+"));
	}

	@Test
	void infoWithItsClientListAndDbsizePerMasterAroundEveryPhase() {
		Path rep = run.rep(CLUSTER_VARIANT);
		for (String phase : List.of("noop", "add", "check")) {
			for (String when : List.of("before", "after")) {
				for (String kind : List.of("info", "clients", "dbsize")) {
					assertThat(RunOutput.masterFiles(rep, phase + "." + when, kind)).allSatisfy(
							(file) -> assertThat(file).as("per master").isNotEmptyFile());
				}
				assertThat(rep.resolve(phase + "." + when + ".info.txt")).as("a single Redis's file on a cluster")
					.doesNotExist();
			}
		}
	}

	@Test
	void everyMastersInfoSampledDuringAdd() {
		Path rep = run.rep(CLUSTER_VARIANT);
		String cost = RunOutput.read(rep.resolve("add.samples.cost.txt"));
		for (int k = 1; k <= 3; k++) {
			assertThat(RunOutput.read(rep.resolve("add.samples.node" + k + ".info.txt")))
				.as("INFO samples of master %d", k).containsPattern("(?m)^# Server");
			assertThat(cost).as("add.samples.cost.txt").containsPattern("(?m)^redis-cli\\.node" + k + "=[0-9]+$");
		}
		assertThat(RunOutput.read(rep.resolve("add.samples.prometheus.txt"))).as("add.samples.prometheus.txt")
			.containsPattern("(?m)^# sample end")
			.containsPattern("(?m)^process_cpu_time_ns_total ");
		assertThat(cost).as("add.samples.cost.txt")
			.containsPattern("(?m)^curl=[0-9]+$")
			.containsPattern("(?m)^started=[0-9.]+$")
			.containsPattern("(?m)^ended=[0-9.]+$");
	}

	@Test
	void everyMasterHoldsKeysAndTheyAddUpToRequestsTimes100() {
		run.assertKeysSpreadOverMasters(CLUSTER_VARIANT, PERSONS);
	}

	/** One positive size per line: no MOVED redirection notice, no error, no missing key. */
	@Test
	void strlenSampledThroughTheCluster() {
		assertOnlySizes(CLUSTER_VARIANT);
	}

	@Test
	void redisBenchmarkClusterCsvWithSetAndGetCeilings() {
		assertSetAndGetCsv(CLUSTER_VARIANT);
	}

	@Test
	void summarySumsTheMastersDbsizeAfterAdd() {
		List<JsonNode> add = run.records((record) -> record.get("topology").asString().equals("cluster3")
				&& record.get("layout").asString().equals("string-per-key")
				&& record.get("phase").asString().equals("add"));
		assertThat(add).hasSize(1).allSatisfy((record) -> {
			assertThat(record.get("valid").asBoolean()).as("valid: %s", record).isTrue();
			assertThat(record.get("dbsize").asLong()).as("dbsize: %s", record).isEqualTo(PERSONS);
		});
	}

	@Test
	void nothingTheRunStartedIsLeftRunningClusterNodesIncluded() {
		run.assertNothingLeftRunning();
	}

	@Test
	void theClustersFolderIsRemoved() {
		Matcher node = Pattern.compile("cluster node 1 on .*\\(pid [0-9]*, (.*)/[0-9]*\\)$", Pattern.MULTILINE)
			.matcher(run.log());
		assertThat(node.find()).as("the log names cluster node 1's folder").isTrue();
		assertThat(Path.of(node.group(1))).doesNotExist();
	}

	@Test
	void theKeyPerPersonSingleVariantHadHashMaxListpackValueBackAtRedisDefault() {
		assertThat(RunOutput.read(run.path().resolve("raw/string-per-key-none-single/variant.env")).lines())
			.contains("hash_max_listpack_value=64");
	}

	@ParameterizedTest
	@CsvSource({ "single, 1", "cluster3, 3" })
	void hashBucketVariantRanWithHashMaxListpackValue512ReadBackFromRedis(String topology, int masters) {
		assertThat(run.variantEnv("string-per-key-none-hash-bucket-" + topology))
			.isEqualTo("app=string mode=per-key compression=none topology=" + topology + " masters=" + masters
					+ " redis_rtt=0 app_rtt=0 concurrency=" + CONCURRENCY
					+ " redis_settings=default layout=hash-bucket hash_max_listpack_value=512");
	}

	@ParameterizedTest
	@CsvSource({ "single", "cluster3" })
	void hashBucketVariantAnsweredEveryPhase(String topology) {
		run.assertMeasured("string-per-key-none-hash-bucket-" + topology, REQUESTS);
	}

	/**
	 * Every key after /add is a hash bucket of 1 to 100 persons, requests x 100 persons in all: per node, the HLEN
	 * the run saved of each bucket it found, as many as DBSIZE counted keys.
	 */
	@ParameterizedTest
	@CsvSource({ "single", "cluster3" })
	void everyKeyIsABucketOfAtMost100Persons(String topology) throws IOException {
		Path rep = run.rep("string-per-key-none-hash-bucket-" + topology);
		List<Path> hlens;
		try (Stream<Path> files = Files.list(rep)) {
			hlens = files.filter((file) -> file.getFileName().toString().matches("add\\.after.*\\.hlen\\.txt"))
				.sorted()
				.toList();
		}
		assertThat(hlens).as("HLEN files after /add").hasSize(topology.equals("single") ? 1 : 3);
		long persons = 0;
		for (Path hlen : hlens) {
			List<Long> lengths = RunOutput.read(hlen).lines().map(Long::parseLong).toList();
			Path dbsize = hlen.resolveSibling(hlen.getFileName().toString().replace(".hlen.txt", ".dbsize.txt"));
			assertThat(lengths).as(hlen.getFileName().toString()).allMatch((length) -> length >= 1 && length <= 100)
				.hasSize(Integer.parseInt(RunOutput.read(dbsize).strip()));
			persons += lengths.stream().mapToLong(Long::longValue).sum();
		}
		assertThat(persons).as("persons in the buckets").isEqualTo(PERSONS);
	}

	@ParameterizedTest
	@CsvSource({ "single", "cluster3" })
	void hstrlenSampled(String topology) {
		assertOnlySizes("string-per-key-none-hash-bucket-" + topology);
	}

	/** redis-benchmark ran at the mean of the value sizes the run sampled, rounded as the run rounds it. */
	@ParameterizedTest
	@CsvSource({ "single", "cluster3" })
	void redisBenchmarkRanAtTheSampledValueSize(String topology) {
		String variant = "string-per-key-none-hash-bucket-" + topology;
		double mean = RunOutput.read(run.rep(variant).resolve("add.after.strlen.txt")).lines()
			.mapToLong(Long::parseLong)
			.filter((size) -> size > 0)
			.average()
			.orElseThrow();
		assertThat(RunOutput.read(run.rep(variant).resolve("redis-benchmark.args")).lines())
			.contains("value_bytes=" + (long) (mean + 0.5));
		assertSetAndGetCsv(variant);
	}

	@ParameterizedTest
	@CsvSource({ "single", "cluster3" })
	void summaryCountsThePersonsEachInFewerBytesThanWithAKeyOfItsOwn(String topology) {
		List<JsonNode> add = run.records((record) -> record.get("topology").asString().equals(topology)
				&& record.get("phase").asString().equals("add"));
		JsonNode bucket = add.stream().filter((record) -> record.get("layout").asString().equals("hash-bucket"))
			.findFirst()
			.orElseThrow();
		JsonNode key = add.stream().filter((record) -> record.get("layout").asString().equals("string-per-key"))
			.findFirst()
			.orElseThrow();
		assertThat(bucket.get("valid").asBoolean()).as("valid: %s", bucket).isTrue();
		assertThat(bucket.get("persons_written").asLong()).as("persons_written: %s", bucket).isEqualTo(PERSONS);
		assertThat(bucket.get("missing_persons").asLong()).as("missing_persons: %s", bucket).isZero();
		assertThat(bucket.get("bytes_per_person").asDouble()).as("bytes_per_person: %s", bucket)
			.isPositive()
			.isLessThan(key.get("bytes_per_person").asDouble());
	}

	@Test
	void theReportNamesEachVariantsLayout() {
		assertThat(RunOutput.read(run.file("report.md"))).containsPattern("(?m)^\\| string \\| per-key \\| none \\| "
				+ "hash-bucket \\| cluster3 \\|");
	}

	/** One positive size per line, at least 100: no MOVED redirection notice, no error, no missing key. */
	private static void assertOnlySizes(String variant) {
		assertThat(RunOutput.read(run.rep(variant).resolve("add.after.strlen.txt")).lines().toList())
			.as("%s: add.after.strlen.txt", variant)
			.hasSizeGreaterThanOrEqualTo(100)
			.allMatch((line) -> line.matches("[0-9]+") && Long.parseLong(line) > 0);
	}

	/** redis-benchmark's CSV: its header, and SET and GET each at a positive rate. */
	private static void assertSetAndGetCsv(String variant) {
		List<String[]> rows = RunOutput.read(run.rep(variant).resolve("redis-benchmark.csv")).lines()
			.map((line) -> line.replace("\"", "").split(","))
			.toList();
		assertThat(rows).as("%s: redis-benchmark.csv", variant).isNotEmpty();
		assertThat(rows.get(0)[0]).as("%s: redis-benchmark.csv's header", variant).isEqualTo("test");
		assertThat(rows).as("%s: redis-benchmark.csv's SET and GET rows", variant)
			.filteredOn((row) -> (row[0].equals("SET") || row[0].equals("GET")) && row.length > 1
					&& Double.parseDouble(row[1]) > 0)
			.hasSize(2);
	}

}
