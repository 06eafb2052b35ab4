package org.redisbench.bench.openloop;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.redisbench.bench.SettingsForTests;
import org.redisbench.processes.ClockTicks;
import org.redisbench.bench.run.RunContext;
import org.redisbench.bench.run.VariantRun;
import org.redisbench.bench.stores.Node;
import org.redisbench.bench.stores.Topology;
import org.redisbench.bench.warmup.StringAppRun;
import org.redisbench.bench.run.WatchedApp;
import org.redisbench.openloop.rules.StepFigures;
import org.redisbench.testsupport.RedisServerExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Open-loop steps on the string app: the generator's jar as the open-loop build makes it, at a few requests a second.
 */
@Tag("end-to-end")
class OpenLoopStepsTest {

	@RegisterExtension
	static final RedisServerExtension REDIS = new RedisServerExtension();

	private static StringAppRun app;

	@TempDir
	Path folder;

	/** The stall's pauses opened and closed around each step, and the resets before it. */
	private final List<String> around = new ArrayList<>();

	@BeforeAll
	static void startApp() {
		app = StringAppRun.start(REDIS.server());
	}

	@AfterAll
	static void stopApp() {
		app.stop();
	}

	@Test
	void theGeneratorAccountsTheCpuOfWhatTheRunStarted() {
		String ticks = String.valueOf(ClockTicks.perSecond());
		String bench = "bench=" + ProcessHandle.current().pid();
		Node node = new Node("127.0.0.1", 7000);
		Topology single = new Topology(Topology.SINGLE, List.of(node), true, List.of(200L));
		assertThat(StepRunner.accounts(OptionalLong.of(100), single, List.of(300L, 301L))).containsExactly(
				"--clock-ticks", ticks, "--cpu", "app=100", "--cpu", "redis=200", "--cpu", "proxy=300", "--cpu",
				"proxy=301", "--cpu", bench);
		Topology cluster = new Topology("cluster3", List.of(node, node, node), true, List.of(201L, 202L, 203L));
		assertThat(StepRunner.accounts(OptionalLong.of(100), cluster, List.of())).containsExactly("--clock-ticks",
				ticks, "--cpu", "app=100", "--cpu", "redis=201", "--cpu", "redis=202", "--cpu", "redis=203", "--cpu",
				bench);
		Topology memcached = new Topology(Topology.MEMCACHED, List.of(node), true, List.of(204L));
		assertThat(StepRunner.accounts(OptionalLong.of(100), memcached, List.of())).containsExactly("--clock-ticks",
				ticks, "--cpu", "app=100", "--cpu", "memcached=204", "--cpu", bench);
		Topology named = new Topology(Topology.SINGLE, List.of(node), false, List.of());
		assertThat(StepRunner.accounts(OptionalLong.empty(), named, List.of())).containsExactly("--clock-ticks", ticks, "--cpu",
				bench);
	}

	@Test
	void theRunsOpenLoopSettingsAreRecordedAsBashWroteThem() throws IOException {
		assertThat(OpenLoopSteps.wanted(SettingsForTests.of(Map.of()))).isFalse();
		assertThat(OpenLoopSteps.wanted(SettingsForTests.of(Map.of(), "--slo", "p99=20ms"))).isTrue();
		RunContext context = app.context(this.folder, SettingsForTests.of(Map.of("BENCH_STEP_LEAD_IN", "1"),
				"--rates", "100,ab", "--slo", "p99.9=2.5ms", "--step-seconds", "5"));

		OpenLoopSteps.record(context);

		assertThat(context.raw().resolve("env/open-loop.env")).hasContent("""
				# scripts/bench.sh open-loop settings
				rates=100,ab
				slo=p99.9=2.5ms
				step_seconds=5
				step_lead_in_seconds=1
				slo_start=50
				slo_precision_percent=10
				slo_max=20000
				slo_searches=2
				path=/add
				java_opts=-Xms256m -Xmx512m -XX:TieredStopAtLevel=1 -XX:+UseSerialGC
				redis_stall_ms=0
				""");
	}

	@Test
	void abRateIsTheRateOfAddRoundedHalfToEvenAsAwkPrintsIt() throws IOException {
		assertThat(StepRunner.abRate(this.folder)).isEmpty();
		Files.writeString(this.folder.resolve("add.ab.txt"), "Requests per second:    1234.50 [#/sec] (mean)\n");
		assertThat(StepRunner.abRate(this.folder)).hasValue(1234);
		Files.writeString(this.folder.resolve("add.ab.txt"), "Requests per second:    1235.51 [#/sec] (mean)\n");
		assertThat(StepRunner.abRate(this.folder)).hasValue(1236);
		Files.writeString(this.folder.resolve("add.ab.txt"), "Requests per second:    0.20 [#/sec] (mean)\n");
		assertThat(StepRunner.abRate(this.folder)).isEmpty();
	}

	/** --rates 20,ab: ab's /add of this repetition achieved 30/s. */
	@Test
	void aStepAtEachRateOnAnEmptyStoreWithTheStallAroundIt() throws IOException {
		RunContext context = app.context(this.folder, SettingsForTests.of(Map.of("BENCH_STEP_LEAD_IN", "0"),
				"--rates", "20,ab", "--step-seconds", "2"));
		VariantRun run = app.variantRun(context);
		Files.writeString(run.dir().resolve("add.ab.txt"), "Requests per second:    30.10 [#/sec] (mean)\n");

		steps(context).run(run, app.watched(), List.of());

		Path step = run.dir().resolve("open-loop/rates-01-r20.env");
		StepFigures figures = StepFigures.parse(Files.readString(step));
		assertThat(figures.sent()).isEqualTo(40);
		assertThat(figures.cpuMsPerRequest()).containsOnlyKeys("app", "redis", "bench", StepFigures.GENERATOR);
		assertThat(run.dir().resolve("open-loop/rates-01-r20.env.hgrm")).isNotEmptyFile();
		assertThat(run.dir().resolve("open-loop/rates-01-r20.log")).exists();
		assertThat(StepFigures.parse(Files.readString(run.dir().resolve("open-loop/rates-02-r30.env"))).sent())
			.isEqualTo(60);
		assertThat(this.around).containsExactly("reset", "stall", "unstall", "reset", "stall", "unstall");
		String label = run.label() + " rate 20/s";
		assertThat(app.log()).contains(label + ": 20 requests/s on /add for 0+2 s, open loop")
			.contains(label + ": " + figures.describe());
	}

	/** p99 under 2 s at 10/s and 20/s, the most it may try: the search is over after two steps. */
	@Test
	void aSearchRunsTheStepsTheRulesAskForAndRecordsItsResult() throws IOException {
		RunContext context = app.context(this.folder, SettingsForTests.of(Map.of("BENCH_STEP_LEAD_IN", "0",
				"BENCH_SLO_START", "10", "BENCH_SLO_MAX", "20", "BENCH_SLO_PRECISION", "100", "BENCH_SLO_SEARCHES", "1"),
				"--slo", "p99=2000ms", "--step-seconds", "2"));
		VariantRun run = app.variantRun(context);

		steps(context).run(run, app.watched(), List.of());

		assertThat(run.dir().resolve("open-loop/slo1-01-r10.env")).isNotEmptyFile();
		assertThat(run.dir().resolve("open-loop/slo1-02-r20.env")).isNotEmptyFile();
		assertThat(run.dir().resolve("slo1.env")).hasContent("""
				objective=p99=2000ms
				percentile=p99
				bound_ms=2000
				capacity_rps=20
				lowest_missed_rps=0
				steps=2
				max_rps=20
				""");
		assertThat(app.log()).contains(run.label() + " p99=2000ms search 1 step 2: 20/s: achieved ")
			.contains(run.label() + ": search 1: p99=2000ms met up to 20 requests/s");
	}

	/** A generator that cannot start: the rates stop, and the search ends without a result. */
	@Test
	void aGeneratorThatFailsStopsTheStepsWithoutAResult() {
		RunContext context = app.context(this.folder, SettingsForTests.of(Map.of("BENCH_SLO_SEARCHES", "1",
				"BENCH_OPEN_LOOP_JAVA_OPTS", "-XX:+NoSuchOption"), "--rates", "20,30", "--slo", "p99=20ms"));
		VariantRun run = app.variantRun(context);

		steps(context).run(run, app.watched(), List.of());

		assertThat(run.dir().resolve("open-loop/rates-02-r30.log")).doesNotExist();
		assertThat(run.dir().resolve("slo1.env")).doesNotExist();
		assertThat(app.log()).contains(run.label() + " rate 20/s: the open-loop generator failed (exit 1); see "
				+ run.dir().resolve("open-loop/rates-01-r20.log"))
			.contains(run.label() + ": search 1: stopped at step 1, without a result");
		assertThat(this.around).containsExactly("reset", "stall", "unstall", "reset", "stall", "unstall");
	}

	@Test
	void noStepForAnAppThatExited() {
		RunContext context = app.context(this.folder, SettingsForTests.of(Map.of(), "--rates", "20"));
		VariantRun run = app.variantRun(context);

		steps(context).run(run, new WatchedApp(OptionalLong.of(1), () -> false), List.of());

		assertThat(run.dir().resolve("open-loop")).doesNotExist();
		assertThat(app.log()).contains(run.label() + ": open-loop steps skipped: the app exited; see "
				+ run.dir().resolve("app.log"));
	}

	private StepRunner steps(RunContext context) {
		return new StepRunner(context, (run, label) -> {
			this.around.add("reset");
			app.freshIds(run, label);
		}, (topology) -> {
			this.around.add("stall");
			return () -> this.around.add("unstall");
		}, (topology) -> Optional::empty);
	}

}
