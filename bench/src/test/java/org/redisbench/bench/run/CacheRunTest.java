package org.redisbench.bench.run;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.stream.Collectors;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.redisbench.bench.BenchProcess;

import static org.assertj.core.api.Assertions.assertThat;
import static org.redisbench.bench.run.MatrixRunTest.CONCURRENCY;
import static org.redisbench.bench.run.MatrixRunTest.REQUESTS;

/**
 * The cache scenario at smoke size, two of its compressions: Redis reaches its maxmemory and evicts, every person
 * has a TTL of 5 to 10 minutes, and the report's cache table has a row per configuration.
 */
@Tag("end-to-end")
class CacheRunTest {

	@TempDir
	static Path folder;

	private static BenchProcess bench;

	private static int status;

	private static RunOutput run;

	@BeforeAll
	static void runTheCacheScenario() {
		// As every run of the tests but the published procedure's (scripts/lib/check.sh).
		bench = BenchProcess.logTo(folder.resolve("cache.log")).quickApps();
		run = new RunOutput(folder.resolve("cache"));
		// Sampled every 0.2 s: its /check of 500 requests lasts under a second, one sample at the default 1 s, and a
		// hit rate needs two.
		status = bench.run("--cache-scenario", "--compression", "none,zstd-dict", "-n", String.valueOf(REQUESTS),
				"--noop-requests", "50", "-c", String.valueOf(CONCURRENCY), "--warmup", "0", "--redis-bench-requests",
				"1000", "--sample-interval", "0.2", "--output", run.path().toString());
	}

	@Test
	void exitsZero() {
		assertThat(status).as(bench.output()).isZero();
	}

	/** The report's table of every variant ends the run on the terminal, with where the rest is. */
	@Test
	void theHeadlineIsPrinted() {
		assertThat(bench.output()).contains("## Configurations compared")
			.contains("Every figure, chart and check: " + run.path().resolve("report.md"));
	}

	@Test
	void theTtlIsRecorded() {
		assertThat(RunOutput.read(run.path().resolve("raw/env/over-time.env")).lines()).contains("ttl=300s-600s");
	}

	/**
	 * /add overflowed maxmemory (allkeys-lru) and evicted, and every key Redis kept expires, on average between 5
	 * and 10 minutes from the end of /add.
	 */
	@ParameterizedTest
	@ValueSource(strings = { "none", "zstd-dict" })
	void redisEvictedAtItsLimitAndEveryKeptPersonExpiresIn5To10Minutes(String compression) {
		Map<String, String> info = RunOutput.read(run.rep("string-per-key-" + compression + "-single-lru")
			.resolve("add.after.info.txt")).lines()
			.map(String::strip)
			.filter((line) -> line.contains(":") && !line.startsWith("#"))
			.collect(Collectors.toMap((line) -> line.substring(0, line.indexOf(':')),
					(line) -> line.substring(line.indexOf(':') + 1), (first, second) -> first));
		assertThat(info).as("INFO after /add").containsEntry("maxmemory_policy", "allkeys-lru");
		assertThat(Long.parseLong(info.get("evicted_keys"))).as("evicted_keys").isPositive();
		Map<String, Long> db0 = Arrays.stream(info.get("db0").split(","))
			.map((pair) -> pair.split("=", 2))
			.collect(Collectors.toMap((pair) -> pair[0], (pair) -> Long.parseLong(pair[1])));
		assertThat(db0.get("expires")).as("db0's keys with a TTL, of %s", db0).isEqualTo(db0.get("keys"));
		assertThat(db0.get("avg_ttl")).as("db0's mean TTL in ms").isGreaterThan(250_000L).isLessThanOrEqualTo(600_000L);
	}

	@ParameterizedTest
	@ValueSource(strings = { "none", "zstd-dict" })
	void theReportsCacheTableHasItsRowTheLimitReached(String compression) {
		assertThat(RunOutput.read(run.file("report.md"))).containsPattern("(?m)^\\| string-per-key-" + compression
				+ "-single-lru-c" + CONCURRENCY + " \\| [0-9.]+ MiB \\| [0-9.]+ MB \\| [0-9.]+ s \\|");
	}

	@Test
	void checksHitRateIsDrawnOverTime() {
		assertThat(run.file("over-time-check-hit-rate.png")).isNotEmptyFile();
	}

	@Test
	void nothingTheRunStartedIsLeftRunning() {
		run.assertNothingLeftRunning();
	}

}
