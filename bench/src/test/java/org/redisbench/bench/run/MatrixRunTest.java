package org.redisbench.bench.run;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.redisbench.bench.BenchProcess;
import org.redisbench.processes.AppJars;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A matrix: every variant runs its app in the mode and compression it is named after. One app: modes and
 * compressions live in common, the same code in every app (NamedStoresRunTest's kryo run covers its codec), and both
 * apps took 4 app starts more, about a minute of CI. A java first on the PATH notes every JVM the run starts: besides
 * the apps, at most 4 with the run's own, which is started here from this JVM's java and so is not among them (the
 * -version it records, the one asking the app's java its version when that is not the run's own java).
 */
@Tag("end-to-end")
class MatrixRunTest {

	/** Per phase of each variant: the matrix and cluster runs' size. */
	static final int REQUESTS = 500;

	static final int CONCURRENCY = 50;

	private static final List<String> MODES = List.of("per-key", "pipeline");

	private static final List<String> COMPRESSIONS = List.of("none", "zstd-dict");

	@TempDir
	static Path folder;

	private static BenchProcess bench;

	private static int status;

	private static RunOutput run;

	private static Path jvms;

	@BeforeAll
	static void runTheMatrix() throws IOException {
		jvms = folder.resolve("jvms.txt");
		Path shim = Files.createDirectories(folder.resolve("java-shim"));
		Files.writeString(shim.resolve("java"), "#!/usr/bin/env bash\nprintf '%s\\n' \"$*\" >>'" + jvms
				+ "'\nexec '" + realJava() + "' \"$@\"\n");
		Files.setPosixFilePermissions(shim.resolve("java"), PosixFilePermissions.fromString("rwxr-xr-x"));
		bench = BenchProcess.logTo(folder.resolve("matrix.log"))
			.quickApps()
			.with("PATH", shim + File.pathSeparator + System.getenv("PATH"));
		run = new RunOutput(folder.resolve("matrix"));
		status = bench.run("-n", String.valueOf(REQUESTS), "-c", String.valueOf(CONCURRENCY), "--warmup", "0",
				"--repetitions", "1", "--redis-bench-requests", "5000", "--apps", "string", "--modes",
				"per-key,pipeline", "--compression", "none,zstd-dict", "--no-profile", "--output", run.path().toString());
	}

	/** The first java on this PATH, as the run would have found it without the shim. */
	private static Path realJava() {
		return Stream.of(System.getenv("PATH").split(File.pathSeparator))
			.map((dir) -> Path.of(dir, "java"))
			.filter(Files::isExecutable)
			.findFirst()
			.orElseThrow(() -> new IllegalStateException("no java on the PATH"));
	}

	@Test
	void exitsZero() {
		assertThat(status).as(bench.output()).isZero();
	}

	@Test
	void settingsListTheVariantsInRunOrderWithTheirModesAndCompressions() {
		assertThat(run.setting("variants")).isEqualTo("string-per-key-none-single,string-per-key-zstd-dict-single,"
				+ "string-pipeline-none-single,string-pipeline-zstd-dict-single");
		assertThat(run.setting("modes") + "/" + run.setting("compressions")).as("modes/compressions")
			.isEqualTo("per-key,pipeline/none,zstd-dict");
	}

	@Test
	void theAppStartedThroughItsClassSharingArchiveWithTheQuickCompilerOnly() throws IOException {
		assertThat(run.setting("app_class_sharing") + "/" + run.setting("app_jit")).as("app_class_sharing/app_jit")
			.isEqualTo("yes/c1");
		Path archives = AppJars.of(MatrixRunTest.class).jar("string").resolveSibling("class-sharing");
		try (Stream<Path> files = Files.list(archives)) {
			assertThat(files.map((file) -> file.getFileName().toString()))
				.as("the string app's archives in %s", archives)
				.filteredOn((name) -> name.startsWith("string-") && name.endsWith(".jsa"))
				.hasSize(1);
		}
	}

	@Test
	void summaryHasOneValidRecordPerVariantAndAbPhase() {
		List<JsonNode> records = run.records((record) -> List.of("add", "check", "noop")
			.contains(record.get("phase").asString()));
		assertThat(records).hasSize(12).allSatisfy((record) -> {
			assertThat(record.get("valid").asBoolean()).as("valid: %s", record).isTrue();
			assertThat(record.get("failed_requests").asLong()).as("failed_requests: %s", record).isZero();
			assertThat(record.get("non_2xx").asLong()).as("non_2xx: %s", record).isZero();
			assertThat(record.get("topology").asString()).isEqualTo("single");
		});
	}

	@Test
	void theLogCountsTheVariants() {
		assertThat(run.log()).contains("rep 1/1 variant 4/4 string-pipeline-zstd-dict-single check:");
	}

	@Test
	void everyVariantRanAsNamedAndAnsweredEveryRequest() {
		for (String mode : MODES) {
			for (String compression : COMPRESSIONS) {
				String variant = "string-" + mode + "-" + compression + "-single";
				assertThat(run.variantEnv(variant)).as("%s: variant.env", variant)
					.isEqualTo("app=string mode=" + mode + " compression=" + compression
							+ " topology=single masters=1 redis_rtt=0 app_rtt=0 concurrency=" + CONCURRENCY
							+ " redis_settings=default layout=string-per-key");
				run.assertMeasured(variant, REQUESTS);
			}
		}
	}

	/** zstd with the trained dictionary shrinks every person by far more than a tenth. */
	@ParameterizedTest
	@ValueSource(strings = { "per-key", "pipeline" })
	void zstdDictValuesAreSmallerThanUncompressedOnes(String mode) {
		long none = meanValueBytes("string-" + mode + "-none-single");
		long zstd = meanValueBytes("string-" + mode + "-zstd-dict-single");
		assertThat(zstd).as("%s: zstd-dict's mean value bytes, against %d uncompressed", mode, none).isPositive();
		assertThat(zstd * 10).as("%s: zstd-dict's mean value bytes x 10, against %d uncompressed x 9", mode, none)
			.isLessThan(none * 9);
	}

	/** Socket reads Redis did per /add request: about 100 per-key, a few pipelined. */
	@ParameterizedTest
	@ValueSource(strings = { "none", "zstd-dict" })
	void redisReadAboutOneCommandPerPersonPerKeyAndFewPipelined(String compression) {
		assertThat(readsPerAdd("string-per-key-" + compression + "-single")).as("%s per-key", compression)
			.isGreaterThanOrEqualTo(90);
		assertThat(readsPerAdd("string-pipeline-" + compression + "-single")).as("%s pipelined", compression)
			.isLessThanOrEqualTo(20);
	}

	/**
	 * The same persons, ids 1.. with the same values, cost the same bytes in either mode: the clients' buffers come
	 * out of used_memory as the CLIENT LIST read with INFO had them, not as mem_clients_normal, which trails them.
	 */
	@ParameterizedTest
	@ValueSource(strings = { "none", "zstd-dict" })
	void thePersonsCostTheSameBytesInEitherMode(String compression) {
		for (String mode : MODES) {
			Path rep = run.rep("string-" + mode + "-" + compression + "-single");
			for (String when : List.of("before", "after")) {
				assertThat(RunOutput.read(rep.resolve("add." + when + ".clients.txt")))
					.as("%s %s: CLIENT LIST read with INFO %s /add", mode, compression, when)
					.containsPattern("(?m)^id=");
			}
		}
		double perKey = addBytesPerPerson("per-key", compression);
		double pipeline = addBytesPerPerson("pipeline", compression);
		assertThat(perKey).as("%s: bytes per person per-key", compression).isPositive();
		assertThat(pipeline).as("%s: bytes per person pipelined", compression).isPositive();
		assertThat(Math.abs(perKey - pipeline) * 100)
			.as("%s: bytes per person per-key (%s) and pipelined (%s) within 1%%", compression, perKey, pipeline)
			.isLessThanOrEqualTo(Math.min(perKey, pipeline));
	}

	@Test
	void nothingTheRunStartedIsLeftRunning() {
		run.assertNothingLeftRunning();
	}

	@Test
	void theRunStartedAFewJvmsBesidesItsApps() throws IOException {
		List<String> besidesApps = Files.readAllLines(jvms).stream().filter((line) -> !line.contains("-app.jar")).toList();
		assertThat(besidesApps).as("JVMs the run started besides its apps").hasSizeBetween(1, 3);
	}

	/** The mean of the value sizes sampled after /add, as bash's awk printed it: truncated. */
	private static long meanValueBytes(String variant) {
		return (long) RunOutput.read(run.rep(variant).resolve("add.after.strlen.txt")).lines()
			.mapToLong(Long::parseLong)
			.filter((size) -> size > 0)
			.average()
			.orElse(0);
	}

	private static long readsPerAdd(String variant) {
		Path rep = run.rep(variant);
		return (run.infoSum(rep, "add.after", "total_reads_processed")
				- run.infoSum(rep, "add.before", "total_reads_processed")) / REQUESTS;
	}

	/** Redis bytes per person of /add in the single-Redis, string-per-key variant of the string app. */
	private static double addBytesPerPerson(String mode, String compression) {
		List<JsonNode> add = run.records((record) -> record.get("phase").asString().equals("add")
				&& record.get("app").asString().equals("string") && record.get("mode").asString().equals(mode)
				&& record.get("compression").asString().equals(compression)
				&& record.get("layout").asString().equals("string-per-key")
				&& record.get("topology").asString().equals("single"));
		assertThat(add).as("%s %s /add records", mode, compression).hasSize(1);
		return add.get(0).get("bytes_per_person").asDouble();
	}

}
