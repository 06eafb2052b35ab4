package org.redisbench.lab;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.redisbench.valueformat.Compression;
import org.redisbench.codecs.Availability;
import org.redisbench.codecs.PersonCodec;
import org.redisbench.commandline.CommandLines;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The report step (LabSteps report) on JMH output and sizes written here: kryo decodes clearly faster than
 * fastjson2 without compression, and within the error with zstd-dict.
 */
class LabReportTest {

	@TempDir
	static Path directory;

	private static Path output;

	private static String report;

	@BeforeAll
	static void writeReport() throws IOException {
		List<String> runs = new ArrayList<>();
		for (Operation operation : Operation.values()) {
			runs.add(jmhRun(operation, "fastjson2", "none", 1000, 30));
			runs.add(jmhRun(operation, "kryo", "none", 480, 12));
			runs.add(jmhRun(operation, "fastjson2", "zstd-dict", 1500, 300));
			runs.add(jmhRun(operation, "kryo", "zstd-dict", 1400, 250));
		}
		Path jmh = Files.writeString(directory.resolve("jmh.json"), "[" + String.join(",", runs) + "]");
		Path sizes = Files.writeString(directory.resolve("sizes.json"), """
				{"redisVersion": "7.0.15", "memAllocator": "jemalloc-5.3.0", "rows": [
				  {"codec": "fastjson2", "compression": "none", "persons": 100, "valueBytesMean": 151.5,
				   "valueBytesP50": 152, "valueBytesP99": 153, "keys": 1000, "redisBytesPerKey": 232.4},
				  {"codec": "kryo", "compression": "none", "persons": 100, "valueBytesMean": 84.9,
				   "valueBytesP50": 85, "valueBytesP99": 85, "keys": 1000, "redisBytesPerKey": 168.2},
				  {"codec": "kryo", "compression": "zstd-dict", "persons": 100, "keys": 1000,
				   "failure": "java.lang.IllegalStateException: broken"}
				]}""");
		Path run = Files.writeString(directory.resolve("run.env"),
				"date=2026-11-23T20:00:00+00:00\ncommit=abc1234\ncommand=scripts/codec-lab.sh --codecs x=y\n");
		output = directory.resolve("out");
		assertEquals(CommandLines.OK, CommandLines.execute(new LabSteps(), "report", "--codecs", "fastjson2,kryo",
				"--compression", "none,zstd-dict", "--jmh", jmh.toString(), "--sizes", sizes.toString(), "--run",
				run.toString(), "--out", output.toString()));
		report = Files.readString(output.resolve(LabReport.FILE));
	}

	@Test
	void aDifferenceIsNamedWhereTheIntervalsDoNotOverlap() {
		assertTrue(report.contains("- none: kryo decodes and verifies a person faster than fastjson2: "
				+ "480.0 ± 12.0 vs 1,000 ± 30 ns (0.48×)."), report);
	}

	@Test
	void overlappingIntervalsAreIndistinguishable() {
		assertTrue(report.contains("- zstd-dict: kryo vs fastjson2, decode+verify: indistinguishable here"),
				report);
		assertFalse(report.contains("zstd-dict: kryo decodes"), report);
	}

	@Test
	void everyConfigurationHasARowSayingWhetherItRan() {
		assertTrue(report.contains("| kryo | zstd-dict | failed: java.lang.IllegalStateException: broken |"),
				report);
		assertTrue(report.contains("| kryo | none | available | " + PersonCodec.KRYO.configuration()
				+ " | 480.0 ± 12.0 |"), report);
		assertTrue(report.contains("| 84.90 | 85 | 85 | 168.2 |"), report);
	}

	@Test
	void anUnavailableCodecKeepsItsRowSayingWhy() {
		CodecSetup setup = new CodecSetup(PersonCodec.FST, Compression.ZSTD);
		LabRow row = new LabRow(setup, new Availability.Unavailable("needs --add-opens"), Map.of(), null);
		String alone = LabReport.render(Map.of(), null, new SizeLab.Results("7.0.15", "libc", List.of()),
				List.of(row), List.of());
		assertTrue(alone.contains("| fst | zstd | unavailable: needs --add-opens | "), alone);
		assertTrue(alone.contains("| – | – | – | – | – | – | – | – | – | – |"), alone);
	}

	@Test
	void theRunIsRecorded() {
		assertTrue(report.contains("at commit abc1234"), report);
		assertTrue(report.contains("JMH 1.37, average time: 1 fork"), report);
		assertTrue(report.contains("Command: `scripts/codec-lab.sh --codecs x=y`"), report);
	}

	@Test
	void csvAndJsonHoldEveryConfiguration() throws IOException {
		JsonNode json = JsonMapper.builder().build().readTree(output.resolve(LabFiles.JSON).toFile());
		assertEquals(4, json.path("rows").size());
		JsonNode kryo = json.path("rows").get(2);
		assertEquals("kryo", kryo.path("codec").asString());
		assertEquals(480.0, kryo.path("decode_person_ns").asDouble());
		assertEquals(12.0, kryo.path("decode_person_ns_error").asDouble());
		assertEquals("abc1234", json.path("run").path("commit").asString());
		List<String> csv = Files.readAllLines(output.resolve(LabFiles.CSV));
		assertEquals(5, csv.size());
		assertTrue(csv.get(3).startsWith("kryo,none,true,,,"), csv.get(3));
	}

	@Test
	void chartsAreDrawn() {
		for (Operation operation : Operation.values()) {
			assertTrue(Files.isRegularFile(output.resolve(LabCharts.nanosFile(operation))), operation.name());
		}
		assertTrue(Files.isRegularFile(output.resolve(LabCharts.REDIS_BYTES)));
	}

	/** One entry of JMH's JSON, as JMH 1.37 writes it, with the gc profiler's allocation. */
	private static String jmhRun(Operation operation, String codec, String compression, double score, double error) {
		return String.format(Locale.ROOT, """
				{"jmhVersion": "1.37", "benchmark": "org.redisbench.lab.CodecBenchmark.%s", "mode": "avgt",
				 "threads": 1, "forks": 1, "jvm": "/usr/bin/java", "jvmArgs": [], "jdkVersion": "17.0.15",
				 "vmName": "OpenJDK 64-Bit Server VM", "vmVersion": "17.0.15+6", "warmupIterations": 2,
				 "warmupTime": "1 s", "warmupBatchSize": 1, "measurementIterations": 5, "measurementTime": "1 s",
				 "measurementBatchSize": 1, "params": {"codec": "%s", "compression": "%s"},
				 "primaryMetric": {"score": %s, "scoreError": %s, "scoreConfidence": [0, 0], "scoreUnit": "ns/op"},
				 "secondaryMetrics": {"gc.alloc.rate.norm": {"score": 312.0, "scoreError": "NaN",
				   "scoreConfidence": [0, 0], "scoreUnit": "B/op"}}}""", operation.method(), codec, compression,
				score, error);
	}

}
