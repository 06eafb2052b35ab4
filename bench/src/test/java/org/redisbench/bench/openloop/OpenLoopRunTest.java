package org.redisbench.bench.openloop;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.redisbench.bench.BenchProcess;
import org.redisbench.openloop.rules.Objective;
import org.redisbench.openloop.rules.SloSearch;
import org.redisbench.openloop.rules.SloSteps;
import org.redisbench.runresults.KeyValues;
import org.redisbench.tooloutput.AbOutput;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The open-loop mode of a whole run at smoke size: the published app (string, per-key) with Redis paused 200 ms once
 * a second during /add (--redis-stall), a --rates step at the rate ab's /add achieved, and a --slo search between
 * 20/s and 40/s. The step sent its whole schedule, the stall shows in its latencies, the search ran the steps the
 * rules asked for and recorded their result, the step gives the CPU a request of the app, the Redis and the generator
 * the run started, and the report ranks the variant as the published app with its latency-against-throughput charts
 * and its CPU a request. Bad open-loop options are BenchCommandTest's (exit 2 before anything starts); the generator's
 * bad arguments, module open-loop's OpenLoopGeneratorTest.
 */
@Tag("end-to-end")
class OpenLoopRunTest {

	private static final String VARIANT = "string-per-key-none-single";

	// 2 counted seconds a step, two of the 200 ms pauses in them, whose requests wait up to 200 ms.
	// Precision 100%: 20/s met and 40/s missed ends the search too, so it takes 1 or 2 steps.
	private static final String SLO = "p99=2000ms";

	private static final long START = 20;

	private static final long MAX = 40;

	private static final long PRECISION = 100;

	@TempDir
	Path folder;

	@Test
	void aStepAtAbsRateAndASearchUnderAStalledRedisAreMeasuredAndReported() throws IOException {
		BenchProcess bench = BenchProcess.logTo(this.folder.resolve("bench.out"))
			.with("BENCH_STEP_LEAD_IN", "1")
			.with("BENCH_SLO_SEARCHES", "1")
			.with("BENCH_SLO_START", String.valueOf(START))
			.with("BENCH_SLO_MAX", String.valueOf(MAX))
			.with("BENCH_SLO_PRECISION", String.valueOf(PRECISION))
			// empty is unset: the generator's JVM options are the run's default, checked below
			.with("BENCH_OPEN_LOOP_JAVA_OPTS", "");
		Path out = this.folder.resolve("run");
		int status = bench.run("--no-profile", "-n", "200", "-c", "5", "-w", "100", "-r", "1", "--apps", "string",
				"--modes", "per-key", "--redis-bench-requests", "1000", "--redis-stall", "200", "--rates", "ab", "--slo",
				SLO, "--step-seconds", "2", "-o", out.toString());
		assertThat(status).as(bench.output()).isZero();
		Path rep = out.resolve("raw/" + VARIANT + "/rep1");

		// the rate as the run takes it: ab's requests a second, rounded half to even as awk's printf did
		Double abRps = AbOutput.parse(Files.readString(rep.resolve("add.ab.txt"))).requestsPerSecond();
		assertThat(abRps).as("ab's /add rate").isNotNull();
		long abRate = (long) Math.rint(abRps);
		Path step = rep.resolve("open-loop/rates-01-r" + abRate + ".env");
		assertThat(step).as("the step ran at the rate ab's /add achieved (%d/s)", abRate).isNotEmptyFile();
		Map<String, String> figures = KeyValues.parse(Files.readString(step)).asMap();
		// Whether its requests got answers in time depends on the machine's load as much as on the app: only counted.
		assertThat(figures).as("the step sent its whole schedule, 2 s of it, and counted its errors")
			.containsEntry("sent", String.valueOf(abRate * 2))
			.hasEntrySatisfying("errors", (errors) -> assertThat(errors).matches("[0-9]+"));
		assertThat(Double.parseDouble(figures.get("max_ms")))
			.as("a request arriving in a 200 ms pause of Redis waited for it: max at least 100 ms")
			.isGreaterThanOrEqualTo(100);
		assertThat(Files.readAllLines(Path.of(step + ".hgrm")))
			.as("the step's histogram is written, percentiles to 100%")
			.anyMatch((line) -> line.startsWith("#[Max"));
		for (String process : List.of("app", "redis", "generator")) {
			assertThat(figures.get("cpu_ms_per_request_" + process))
				.as("the step gives the CPU ms a request of the %s the run started, above 0", process)
				.matches("[0-9]+\\.[0-9]+")
				.satisfies((ms) -> assertThat(Double.parseDouble(ms)).isPositive());
		}
		// The run's own JVM waits out the step: its CPU a request is there, often 0.0 at this size.
		assertThat(figures.get("cpu_ms_per_request_bench"))
			.as("the step gives the CPU ms a request of the run's own JVM")
			.matches("[0-9]+\\.[0-9]+");
		assertThat(figures.keySet().stream().filter((name) -> name.startsWith("cpu_ms_per_request_")))
			.as("the step gives no CPU of a process it was not told of")
			.hasSize(4);

		// The rules asked again, of the steps the search ran: they must call it over, with the result the run recorded.
		Path asked = this.folder.resolve("slo1.env");
		SloSteps.Verdict verdict = new SloSteps(Objective.parse(SLO), new SloSearch(START, MAX, PRECISION))
			.after(searchSteps(rep), asked);
		assertThat(verdict).as("the search ran the steps the rules asked for").isInstanceOf(SloSteps.Over.class);
		Path recorded = rep.resolve("slo1.env");
		assertThat(asked).as("the run recorded the search's result (%s)", verdict).hasSameTextualContentAs(recorded);
		long capacity = KeyValues.parse(Files.readString(recorded)).getLong("capacity_rps");

		String openLoop = Files.readString(out.resolve("raw/env/open-loop.env"));
		assertThat(openLoop.lines()).as("the run recorded its open-loop settings").contains("slo=" + SLO);
		assertThat(openLoop.lines()).as("the generator's JVM ran with the serial collector by default, as recorded")
			.anyMatch((line) -> line.startsWith("java_opts=") && line.contains("-XX:+UseSerialGC"));

		String report = Files.readString(out.resolve("report.md"));
		assertThat(report.lines()).as("the report has the open-loop table with ab's row")
			.anyMatch((line) -> line.startsWith("| " + VARIANT + " | ab -c 5, closed loop |"));
		String ratio = capacity > 0 ? "1.00" : "–";
		assertThat(report).as("the report ranks the published app, %s of itself", ratio)
			.contains("| 1 | " + VARIANT + " | " + capacity + " | " + ratio + " |");
		assertThat(report).as("the report gives app · redis · bench · generator CPU ms a request at the capacity")
			.contains("| CPU ms a request at capacity: app · redis · bench · generator |");
		assertThat(out.resolve("latency-throughput-p99.png")).as("the latency-against-throughput charts are drawn")
			.isNotEmptyFile();
	}

	/** The search's steps in the order run, as their names sort. */
	private static List<Path> searchSteps(Path rep) throws IOException {
		try (Stream<Path> files = Files.list(rep.resolve("open-loop"))) {
			return files.filter((file) -> file.getFileName().toString().matches("slo1-.*\\.env")).sorted().toList();
		}
	}

}
