package org.redisbench.openloop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.redisbench.openloop.rules.StepFigures;
import org.redisbench.openloop.rules.StepRequest;
import org.redisbench.tooloutput.ProcStat;

/**
 * A step's figures from arrivals and answers at times a test sets: each request is timed from when it was due, so
 * a stall shows in every request that arrived during it, and a late generator shows as lag and in the latencies.
 */
class StepTest {

	/** 100 a second: one request due every 10 ms. */
	private static final double RATE = 100;

	private static final long PERIOD_NS = 10_000_000;

	private static final long MS = 1_000_000;

	/** Any nanoTime; not 0, which Step reads as "not answered". */
	private static final long BASE = 1_000_000_000_000L;

	/** The epoch's µs at {@link #BASE}: 2026-12-06 18:00 UTC. */
	private static final long EPOCH_US = 1_796_580_000_000_000L;

	@TempDir
	Path dir;

	private long now;

	@Test
	void aStallShowsInEveryRequestThatArrivedDuringIt() throws IOException {
		Step step = step(2, 1);
		// The lead-in's 100 requests are not counted.
		for (int i = 0; i < 100; i++) {
			this.now = BASE + i * PERIOD_NS;
			assertEquals(-1, step.arrive());
		}
		long start = BASE + 100 * PERIOD_NS;
		for (int k = 0; k < 200; k++) {
			this.now = start + k * PERIOD_NS;
			int counted = step.arrive();
			assertEquals(k, counted);
			// The app answers in 2 ms, except that from 500 to 700 ms nothing is answered until 700 ms.
			long due = k * PERIOD_NS;
			long answered = (due >= 500 * MS && due < 700 * MS ? 700 * MS : due) + 2 * MS;
			this.now = start + answered;
			step.answer(counted, false);
		}

		StepFigures figures = write(step);
		assertEquals(200, figures.sent());
		assertEquals(0, figures.errors());
		assertEquals(100, figures.achievedRps(), 0);
		assertEquals(2.0, figures.p50Ms(), 0.01);
		// 20 of the 200 arrived in the stall: the first waited 202 ms, the last 12.
		assertEquals(202.0, figures.maxMs(), 0.2);
		assertEquals(182.0, figures.p99Ms(), 0.2);
		assertEquals(0, figures.lagP99Ms(), 0);
	}

	@Test
	void aLateGeneratorIsLagAndCountsInTheLatencies() throws IOException {
		Step step = step(2, 0);
		for (int k = 0; k < 200; k++) {
			// Every tenth request sent 5 ms late; each answered 1 ms after it was sent.
			this.now = BASE + k * PERIOD_NS + (k % 10 == 5 ? 5 * MS : 0);
			int counted = step.arrive();
			this.now += MS;
			step.answer(counted, false);
		}

		StepFigures figures = write(step);
		assertEquals(5.0, figures.lagP99Ms(), 0.01);
		assertEquals(1.0, figures.p50Ms(), 0.01);
		assertEquals(6.0, figures.maxMs(), 0.01);
	}

	@Test
	void errorsAndUnansweredRequestsAreErrorsAndNotAchieved() throws IOException {
		Step step = step(1, 0);
		for (int k = 0; k < 100; k++) {
			this.now = BASE + k * PERIOD_NS;
			int counted = step.arrive();
			this.now += MS;
			if (k % 10 == 0) {
				step.answer(counted, true);
			}
			else if (k % 10 != 1) {
				step.answer(counted, false);
			}
			// k % 10 == 1: never answered
		}
		// One answer after the step's second: not achieved within it.
		this.now = BASE + 99 * PERIOD_NS + 2_000 * MS;
		step.answer(99, false);

		StepFigures figures = write(step);
		assertEquals(100, figures.sent());
		assertEquals(20, figures.errors());
		assertEquals(79, figures.achievedRps(), 0);
		assertTrue(figures.maxMs() >= 2_000, figures.toString());
	}

	@Test
	void eachCountedRequestIsALineOfItsDueTimeOnTheEpochsClockItsLatencyLagAndFailure() throws IOException {
		Step step = step(1, 1);
		for (int i = 0; i < 100; i++) {
			this.now = BASE + i * PERIOD_NS;
			step.arrive();
		}
		long start = BASE + 100 * PERIOD_NS;
		for (int k = 0; k < 100; k++) {
			// the 3rd sent 4 ms late, the 5th failed, the 7th never answered; each answered 2 ms after it was sent
			this.now = start + k * PERIOD_NS + (k == 2 ? 4 * MS : 0);
			int counted = step.arrive();
			this.now += 2 * MS;
			if (k != 6) {
				step.answer(counted, k == 4);
			}
		}

		StepFigures figures = write(step);
		List<StepRequest> requests = StepRequest
			.parse(Files.readString(this.dir.resolve("step.env.requests")));
		assertEquals(figures.sent(), requests.size());
		assertTrue(Files.readString(this.dir.resolve("step.env.requests")).startsWith(StepRequest.HEADER + "\n"));
		long dueUs = EPOCH_US + 1_000_000;
		assertEquals(new StepRequest(dueUs, OptionalLong.of(2_000), 0, false), requests.get(0));
		assertEquals(new StepRequest(dueUs + 20_000, OptionalLong.of(6_000), 4_000, false), requests.get(2));
		assertEquals(new StepRequest(dueUs + 40_000, OptionalLong.of(2_000), 0, true), requests.get(4));
		assertEquals(new StepRequest(dueUs + 60_000, OptionalLong.empty(), 0, true), requests.get(6));
		assertEquals(dueUs + 990_000, requests.get(99).dueUs());
	}

	@Test
	void cpuARequestIsEachProcesssCpuInTheCountedSecondsOverTheAnswersWithoutErrorInThem() throws IOException {
		Map<Long, ProcStat> proc = new HashMap<>(Map.of(11L, new ProcStat(1_000, 5), 12L, new ProcStat(100, 6), 13L,
				new ProcStat(200, 7), 14L, new ProcStat(50, 8), 15L, new ProcStat(60, 9)));
		long[] generatorNs = { 5_000_000_000L };
		CpuAccount cpu = new CpuAccount(
				List.of(process("app=11"), process("redis=12"), process("redis=13"), process("gone=14"),
						process("restarted=15")),
				CpuAccount.USER_HZ, pid -> Optional.ofNullable(proc.get(pid)), () -> generatorNs[0]);
		List<Runnable> timers = new ArrayList<>();
		Step step = new Step("http://127.0.0.1:1/add", RATE, 2, 1, () -> this.now, this::epochMicros, cpu,
				(delayNs, action) -> {
					assertEquals(2_000_000_000L, delayNs, "the counted seconds");
					timers.add(action);
				});
		for (int i = 0; i < 100; i++) {
			this.now = BASE + i * PERIOD_NS;
			step.arrive();
			// the lead-in's CPU is not counted
			proc.put(11L, new ProcStat(1_000 + i, 5));
		}
		proc.put(11L, new ProcStat(1_000, 5));
		long start = BASE + 100 * PERIOD_NS;
		for (int k = 0; k < 200; k++) {
			this.now = start + k * PERIOD_NS;
			int counted = step.arrive();
			assertEquals(k == 0 ? 1 : timers.size(), timers.size(), "one reading more, the counted seconds later");
			// answered in 2 ms, but from the 191st on after the counted seconds; the 6th is an error
			this.now = k <= 190 ? this.now + 2 * MS : start + 2_500 * MS;
			step.answer(counted, k == 5);
		}
		// 190 answers without error within the counted seconds, and these seconds of CPU in them
		this.now = start + 2_000 * MS;
		proc.put(11L, new ProcStat(1_000 + 380, 5));
		proc.put(12L, new ProcStat(100 + 95, 6));
		proc.put(13L, new ProcStat(200 + 95, 7));
		proc.remove(14L);
		proc.put(15L, new ProcStat(1, 2_000));
		generatorNs[0] += 380 * MS;
		timers.get(0).run();
		// what comes after them, the draining answers and Gatling's shutdown, is not
		proc.put(11L, new ProcStat(9_000, 5));
		generatorNs[0] += 9_000 * MS;
		this.now = start + 3_000 * MS;

		StepFigures figures = write(step);
		Map<String, Double> perRequest = figures.cpuMsPerRequest();
		assertEquals(List.of("app", "redis", StepFigures.GENERATOR), List.copyOf(perRequest.keySet()),
				"gone and restarted have no figure; redis is both nodes'");
		assertEquals(3_800.0 / 190, perRequest.get("app"), 0.001);
		assertEquals(1_900.0 / 190, perRequest.get("redis"), 0.001);
		assertEquals(380.0 / 190, perRequest.get(StepFigures.GENERATOR), 0.001);
		assertEquals(0.19, figures.clientCores(), 0.001);
		assertEquals(95, figures.achievedRps(), 0);
	}

	@Test
	void withoutATimerTheCountedSecondsEndWhenTheFiguresAreWritten() throws IOException {
		long[] generatorNs = { 0 };
		Step step = new Step("http://127.0.0.1:1/add", RATE, 1, 0, () -> this.now, this::epochMicros,
				new CpuAccount(List.of(process("app=11")), CpuAccount.USER_HZ, pid -> Optional.empty(),
						() -> generatorNs[0]),
				(delayNs, action) -> {
				});
		for (int k = 0; k < 100; k++) {
			this.now = BASE + k * PERIOD_NS;
			step.answer(step.arrive(), false);
		}
		this.now = BASE + 1_000 * MS;
		generatorNs[0] = 500 * MS;

		StepFigures figures = write(step);
		assertEquals(Map.of(StepFigures.GENERATOR, 5.0), figures.cpuMsPerRequest(), "app's /proc unreadable: none");
		assertEquals(0.5, figures.clientCores(), 0.001);
	}

	private static CpuAccount.Process process(String text) {
		return CpuAccount.Process.parse(text);
	}

	/** A step at RATE on the test's clock, accounting no process but the generator, whose CPU stands still. */
	private Step step(int seconds, int leadIn) {
		return new Step("http://127.0.0.1:1/add", RATE, seconds, leadIn, () -> this.now, this::epochMicros,
				new CpuAccount(List.of(), CpuAccount.USER_HZ, pid -> Optional.empty(), () -> 0), (delayNs, action) -> {
				});
	}

	/** The epoch's µs on the test's clock: {@link #EPOCH_US} at {@link #BASE}. */
	private long epochMicros() {
		return EPOCH_US + (this.now - BASE) / 1_000;
	}

	/** The step's file read back, its histogram and requests written beside it. */
	private StepFigures write(Step step) throws IOException {
		Path env = this.dir.resolve("step.env");
		Path histogram = this.dir.resolve("step.hgrm");
		step.write(env, histogram, this.dir.resolve("step.env.requests"));
		assertTrue(Files.readString(histogram).contains("#[Max"), "the histogram's percentile table");
		return StepFigures.parse(Files.readString(env));
	}

}
