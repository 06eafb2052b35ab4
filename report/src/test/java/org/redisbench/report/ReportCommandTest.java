package org.redisbench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.redisbench.commandline.CommandLines;
import org.redisbench.html.HtmlReport;
import org.redisbench.html.IndexPage;
import org.redisbench.report.charts.Charts;
import org.redisbench.tooloutput.Resources;
import org.redisbench.runresults.Rtt;
import org.redisbench.runresults.RunFixture;
import org.redisbench.runresults.Variant;
import picocli.CommandLine;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class ReportCommandTest {

	@TempDir
	Path temp;

	@Test
	void writesSummariesReportAndCharts() throws IOException {
		Path out = RunFixture.copy(this.temp);
		assertEquals(0, ReportCommand.write(out));
		JsonNode json = JsonMapper.builder().build().readTree(out.resolve("summary.json").toFile());
		assertEquals(10, json.size());
		JsonNode add = json.get(1);
		assertEquals("string", add.get("app").asString());
		assertEquals("add", add.get("phase").asString());
		assertEquals(434.73, add.get("requests_per_second").asDouble());
		assertTrue(add.get("valid").asBoolean());
		assertTrue(add.get("invalid_reason").isNull());
		for (String field : List.of("app", "mode", "compression", "topology", "phase", "repetition", "requests", "concurrency", "requests_per_second",
				"time_per_request_ms", "time_per_request_all_ms", "p50_ms", "p90_ms", "p99_ms", "failed_requests",
				"non_2xx", "used_memory_bytes", "dbsize", "bytes_per_person", "value_bytes", "net_in_bytes_per_request",
				"net_out_bytes_per_request", "app_cpu_ms_per_request", "valid")) {
			assertTrue(add.has(field), "summary.json has " + field);
		}
		List<String> csv = Files.readAllLines(out.resolve("summary.csv"));
		assertEquals(11, csv.size());
		assertTrue(csv.get(0).startsWith("app,mode,compression,topology,phase,repetition,requests,concurrency,"));
		assertTrue(csv.get(2).startsWith("string,per-key,none,single,add,1,2000,50,2000,434.73,"), csv.get(2));
		String report = Files.readString(out.resolve("report.md"));
		assertTrue(report.contains("| write QPS (`/add`, 100 persons each) | 399.18 | 381.06 | 434.7 | 380.9 | -12.4% |"),
				report);
		assertTrue(report.contains("10 runs measured (variant × phase × repetition), 10 valid."));
		assertTrue(report.contains("| CPU | AMD EPYC |"));
		assertTrue(report.contains("compare the apps in the published setup: mode/compression/topology per-key/none/single, c50."));
		assertTrue(report.contains("one run: no spread"));
		assertTrue(report.contains("Not measured: this run has no Prometheus scrapes"), report);
		assertFalse(report.contains("## Single node and cluster"), "no cluster variant, no cluster section");
		assertFalse(report.contains("Redis layouts in this run"), "a key per person only, as published");
		for (String chart : List.of(Charts.REQUESTS_PER_SECOND, Charts.BYTES_PER_PERSON, Charts.CPU_PER_REQUEST)) {
			assertTrue(Files.size(out.resolve(chart)) > 1000, chart);
			assertTrue(report.contains("](" + chart + ")"), chart);
		}
	}

	@Test
	void theJitCompilersShareOfAPhaseIsReportedAndAnAppStillCompilingIsNamed() throws IOException {
		Path out = RunFixture.copy(this.temp);
		// kryo's /add used 757 ticks of CPU for 2000 requests (3.785 ms each); of them its compiler threads 150.
		Files.writeString(out.resolve("raw/kryo/rep1/add.before.proc-jit.txt"), """
				29070 (C2 CompilerThre) S 1 1 1 0 -1 4194368 1 0 0 0 500 20 0 0 20 0 81 0 5 1000 10
				29071 (C1 CompilerThre) S 1 1 1 0 -1 4194368 1 0 0 0 100 5 0 0 20 0 81 0 5 1000 10
				""");
		Files.writeString(out.resolve("raw/kryo/rep1/add.after.proc-jit.txt"), """
				29070 (C2 CompilerThre) S 1 1 1 0 -1 4194368 1 0 0 0 640 20 0 0 20 0 81 0 5 1000 10
				29071 (C1 CompilerThre) S 1 1 1 0 -1 4194368 1 0 0 0 110 5 0 0 20 0 81 0 5 1000 10
				""");
		assertEquals(0, ReportCommand.write(out));
		JsonNode json = JsonMapper.builder().build().readTree(out.resolve("summary.json").toFile());
		List<Double> jit = new ArrayList<>();
		json.forEach((record) -> jit.add(record.get("jit_cpu_ms_per_request").isNull() ? null
				: record.get("jit_cpu_ms_per_request").asDouble()));
		assertEquals(1, jit.stream().filter((ms) -> ms != null).count(), jit.toString());
		assertTrue(jit.contains(0.75), jit.toString());
		String report = Files.readString(out.resolve("report.md"));
		assertTrue(report.contains("In 1 of the 1 app phases the JIT compiler took more than a tenth of the app's CPU"),
				report);
	}

	@Test
	void invalidRunsAreListedAndNotAveraged() throws IOException {
		Path out = RunFixture.copy(this.temp);
		Files.writeString(out.resolve("raw/kryo/rep1/add.ab.txt"), Resources.raw("ab-add-redis-down.txt"));
		assertEquals(ReportCommand.SOME_RUNS_INVALID, ReportCommand.write(out));
		String report = Files.readString(out.resolve("report.md"));
		assertTrue(report.contains("**1 invalid run is listed under *Every run* and left out of every median.**"));
		assertTrue(report.contains("| kryo-per-key-none-single-c50 | add | 1 | 854.2 |"), report);
		assertTrue(report.contains("**no, not averaged**: 200 of 2000 requests completed; 200 non-2xx responses"), report);
		// The kryo /add median is gone: no figure rather than one from a run that failed.
		assertTrue(report.contains("| write QPS (`/add`, 100 persons each) | 399.18 | 381.06 | 434.7 | – | – |"), report);
	}

	@Test
	void withoutThePublishedSetupTheAppsAreComparedInTheFirstSetupRun() throws IOException {
		Path out = RunFixture.matrix(this.temp, new Variant("string", "pipeline", "lz4", "single", 1),
				new Variant("kryo", "per-key", "lz4", "single", 1), new Variant("kryo", "pipeline", "lz4", "single", 1));
		assertEquals(0, ReportCommand.write(out));
		String report = Files.readString(out.resolve("report.md"));
		assertTrue(report.contains("This run has no per-key/none/single variant with a key per person and without added "
				+ "distance, the published setup: "
				+ "the sections up to *Charts* compare the apps in the first setup it ran instead, "
				+ "mode/compression/topology pipeline/lz4/single, c200."),
				report);
		// string and kryo of pipeline/lz4 are compared; kryo per-key/lz4 is not the baseline
		assertTrue(report.contains("| figure | string | kryo | Kryo vs string | beyond spread? |"), report);
		assertTrue(report.contains("| write QPS (`/add`, 100 persons each) | 399.18 | 381.06 | 434.7 | 380.9 | -12.4% |"),
				report);
	}

	@Test
	void aMatrixRunComparesEveryVariantAndTheClusterWithTheSingleRedis() throws IOException {
		Variant single = Variant.published("kryo");
		Variant cluster = new Variant("kryo", "per-key", "none", "cluster3", 3);
		Path out = RunFixture.matrix(this.temp, Variant.published("string"), single, cluster);
		assertEquals(0, ReportCommand.write(out));
		String report = Files.readString(out.resolve("report.md"));
		assertTrue(report.contains("| kryo | per-key | none | string-per-key | cluster3 | 0 · 0 | 200 | 380.9 | 418.9 | 511.5 | 85.96 | 3.79 | 2.81 |"),
				report);
		// the real scrapes: 5 /add, then 5 /check (one a 404), per HTTP request
		assertTrue(report.contains("| kryo | per-key | none | single | 0 · 0 | 200 | /add | 27.42 | 1.48 | 16.21 | 9.73 | 3.79 |"), report);
		assertTrue(report.contains("| pipelined /add requests/s ≥ 6× per-key | – | – | not measured: run has no pipeline "
				+ "variant |"), report);
		assertTrue(report.contains("| kryo | per-key | none | cluster3 | Redis bytes per person | 170.5 | 511.5 | +200.0% |"),
				report);
		assertTrue(report.contains("### Masters of kryo-per-key-none-cluster3-c200 after /add"), report);
		assertTrue(report.contains("| 2 127.0.0.1:30002 | 66,666 | 34.69 MiB |"), report);
		assertTrue(report.contains("| **sum** | 200,000 | 104.07 MiB |"), report);
		for (String chart : List.of(Charts.VARIANTS_REQUESTS_PER_SECOND, Charts.VARIANTS_BYTES_PER_PERSON,
				"time-split-add.png", "time-split-check.png")) {
			assertTrue(Files.size(out.resolve(chart)) > 1000, chart);
			assertTrue(report.contains("](" + chart + ")"), chart);
		}
		JsonNode add = JsonMapper.builder().build().readTree(out.resolve("summary.json").toFile()).get(11);
		assertEquals("cluster3", add.get("topology").asString());
		assertEquals(27.42, add.get("server_ms_per_request").asDouble(), 0.01);
		assertEquals(9.73, add.get("rest_ms_per_request").asDouble(), 0.01);
	}

	@Test
	void aRunOfBothLayoutsSaysSoCountsPersonsInBucketsAndWhatTheyNeed() throws IOException {
		Variant buckets = RunFixture.inHashBuckets(Variant.published("kryo"));
		Path out = RunFixture.matrix(this.temp, Variant.published("string"), Variant.published("kryo"), buckets);
		RunFixture.writeBuckets(out.resolve("raw").resolve(buckets.name()).resolve("rep1"), 200000);
		Path settings = out.resolve("raw/env/settings.env");
		Files.writeString(settings, Files.readString(settings) + "layouts=string-per-key,hash-bucket\n");
		assertEquals(0, ReportCommand.write(out));
		String report = Files.readString(out.resolve("report.md"));
		assertTrue(report.contains("Redis layouts in this run: `string-per-key` (a key per person, as published), "
				+ "`hash-bucket` (100 persons a hash)."), report);
		assertTrue(report.contains("| per-key; none; string-per-key,hash-bucket; single |"), report);
		assertTrue(report.contains("| kryo | per-key | none | string-per-key | single | 0 · 0 | 200 | 380.9 | 418.9 | 170.5 |"),
				report);
		assertTrue(report.contains("| kryo | per-key | none | hash-bucket | single | 0 · 0 | 200 | 380.9 | 418.9 | 170.5 |"),
				report);
		assertTrue(report.contains("the layout needs `hash-max-listpack-value 512`"), report);
		assertTrue(report.contains("A bucket of 100 persons expires, and is evicted, as a whole"), report);
		// the apps are compared with a key per person, as published
		assertTrue(report.contains("| figure | string | kryo | Kryo vs string | beyond spread? |"), report);
		JsonNode add = JsonMapper.builder().build().readTree(out.resolve("summary.json").toFile()).get(11);
		assertEquals("add", add.get("phase").asString());
		assertEquals("hash-bucket", add.get("layout").asString());
		assertEquals(200000, add.get("persons_written").asLong());
		assertEquals(2001, add.get("dbsize").asLong());
	}

	@Test
	void anyAppStandsBesideStringAndKryoAndSweepsGetTheirSectionsAndCharts() throws IOException {
		List<Variant> variants = new ArrayList<>();
		for (int concurrency : List.of(1, 10)) {
			for (double rtt : List.of(0.0, 1.0)) {
				for (String app : List.of("string", "kryo", "jackson")) {
					variants.add(Variant.published(app).withRedisRtt(Rtt.of(rtt)).withConcurrency(concurrency));
				}
			}
		}
		Path out = RunFixture.matrix(this.temp, variants.toArray(Variant[]::new));
		assertEquals(0, ReportCommand.write(out));
		String report = Files.readString(out.resolve("report.md"));
		// jackson has the string app's outputs in the fixture
		assertTrue(report.contains("| figure | string | kryo | jackson | Kryo vs string | beyond spread? | jackson vs string "
				+ "| beyond spread? |"), report);
		assertTrue(report.contains("| requests/s, /add | 434.7 | 380.9 | 434.7 | -12.4% | one run: no spread | +0.0% | "
				+ "one run: no spread |"), report);
		assertTrue(report.contains("| write QPS (`/add`, 100 persons each) | 399.18 | 381.06 | 434.7 | 380.9 | -12.4% | 434.7 |"),
				report);
		assertTrue(report.contains("## Distance to Redis"), report);
		assertTrue(report.contains("## Concurrency"), report);
		for (String sweep : List.of("distance", "concurrency")) {
			for (String phase : List.of("add", "check")) {
				for (String measure : List.of("requests-per-second", "p99")) {
					String chart = String.format(Charts.SWEEP, sweep, phase, measure);
					assertTrue(Files.size(out.resolve(chart)) > 1000, chart);
					assertTrue(report.contains("](" + chart + ")"), chart);
				}
			}
		}
	}

	@Test
	void aVariantTheRunNeverStartedIsNamedAndFailsTheExitStatus() throws IOException {
		Path out = RunFixture.matrix(this.temp, Variant.published("string"));
		Path settings = out.resolve("raw/env/settings.env");
		Files.writeString(settings, Files.readString(settings).replace("variants=string-per-key-none-single-c200",
				"variants=string-per-key-none-single-c200,kryo-per-key-none-single-c200"));
		assertEquals(ReportCommand.SOME_RUNS_INVALID, ReportCommand.write(out));
		String report = Files.readString(out.resolve("report.md"));
		assertTrue(report.contains("**The run stopped before these variants of settings.env, which have no results: "
				+ "kryo-per-key-none-single-c200.**"), report);
		assertTrue(report.contains("5 runs measured (variant × phase × repetition), 5 valid."), report);
	}

	/**
	 * {@code redis-bench report RUN} on the stored run: the report's tables from raw/ alone, the same when it reads
	 * the run again over the files it wrote, and the index of the runs beside it rewritten where there is one.
	 */
	@Test
	void theCommandReReportsAStoredRunAndRewritesTheIndexBesideIt() throws IOException {
		Path run = RunFixture.copy(this.temp.resolve("stored"));
		Files.writeString(this.temp.resolve(IndexPage.FILE), "an index of before");

		assertThat(CommandLines.execute(new ReportCommand(), run.toString())).isZero();
		String first = Files.readString(run.resolve(Report.FILE));
		assertThat(first).contains(
				"| write QPS (`/add`, 100 persons each) | 399.18 | 381.06 | 434.7 | 380.9 | -12.4% |");
		assertThat(run.resolve(HtmlReport.FILE)).isNotEmptyFile();
		assertThat(this.temp.resolve(IndexPage.FILE)).content().contains("stored").doesNotContain("an index of before");

		assertThat(CommandLines.execute(new ReportCommand(), run.toString())).isZero();
		assertThat(run.resolve(Report.FILE)).hasContent(first);
	}

	@Test
	void theCommandExitsThreeWhenTheReportListsInvalidRuns() throws IOException {
		Path run = RunFixture.copy(this.temp.resolve("stored"));
		Files.writeString(run.resolve("raw/kryo/rep1/add.ab.txt"), Resources.raw("ab-add-redis-down.txt"));

		assertThat(CommandLines.execute(new ReportCommand(), run.toString())).isEqualTo(ReportCommand.SOME_RUNS_INVALID);
		assertThat(this.temp.resolve(IndexPage.FILE)).as("no index where none was, outside results/").doesNotExist();
	}

	@Test
	void aFolderThatIsNoRunIsRefusedInOneLine() throws IOException {
		Path empty = Files.createDirectories(this.temp.resolve("empty"));
		StringWriter err = new StringWriter();
		CommandLine line = CommandLines.of(new ReportCommand());
		line.setErr(new PrintWriter(err, true));

		assertThat(line.execute(empty.toString())).isEqualTo(CommandLines.REFUSED);
		assertThat(line.execute()).isEqualTo(CommandLines.REFUSED);

		assertThat(err.toString().lines()).containsExactly(
				"report: " + empty + " is not a run folder of scripts/bench.sh: it has no raw/ (report --help for usage)",
				"report: Missing required parameter: 'RUN' (report --help for usage)");
		assertThat(empty).isEmptyDirectory();
	}

}
