package org.redisbench.openloop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.redisbench.openloop.rules.StepFigures;

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

	@TempDir
	Path dir;

	private long now;

	@Test
	void aStallShowsInEveryRequestThatArrivedDuringIt() throws IOException {
		Step step = new Step("http://127.0.0.1:1/add", RATE, 2, 1, () -> this.now);
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
		Step step = new Step("http://127.0.0.1:1/add", RATE, 2, 0, () -> this.now);
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
		Step step = new Step("http://127.0.0.1:1/add", RATE, 1, 0, () -> this.now);
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

	/** The step's file read back, its histogram written beside it. */
	private StepFigures write(Step step) throws IOException {
		Path env = this.dir.resolve("step.env");
		Path histogram = this.dir.resolve("step.hgrm");
		step.write(env, histogram);
		assertTrue(Files.readString(histogram).contains("#[Max"), "the histogram's percentile table");
		return StepFigures.parse(Files.readString(env));
	}

}
