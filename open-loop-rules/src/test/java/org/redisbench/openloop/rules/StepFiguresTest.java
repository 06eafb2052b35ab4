package org.redisbench.openloop.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class StepFiguresTest {

	private static final StepFigures STEP = new StepFigures(400.0, 10L, 2L, 4000L, 3L, 398.5, 1.25, 4.0, 14.0, 182.5,
			202.0, 0.5, 6.0, 0.1234);

	@Test
	void theFileReadsBackAsWritten() {
		String text = STEP.text();
		assertEquals("""
				offered_rps=400.000
				seconds=10
				lead_in_seconds=2
				sent=4000
				errors=3
				achieved_rps=398.500
				p50_ms=1.250
				p90_ms=4.000
				p99_ms=14.000
				p99.9_ms=182.500
				max_ms=202.000
				lag_p99_ms=0.500
				lag_max_ms=6.000
				client_cpu_cores=0.123
				""", text);
		assertEquals(STEP.p999Ms(), StepFigures.parse(text).p999Ms());
		assertEquals(STEP.text(), StepFigures.parse(text).text());
	}

	@Test
	void aFigureNotGivenIsNull() {
		StepFigures step = StepFigures.parse("# a comment\nerrors=2\n\np99_ms=\n");
		assertEquals(2L, step.errors());
		assertNull(step.p99Ms());
		assertNull(step.sent());
		assertEquals("errors=2\n", step.text());
	}

	@Test
	void eachProcesssCpuARequestReadsBackInTheOrderWritten() {
		Map<String, Double> cpu = new LinkedHashMap<>();
		cpu.put("app", 0.2914);
		cpu.put("redis", 0.05);
		cpu.put(StepFigures.GENERATOR, 0.0875);
		StepFigures step = withCpu(cpu);
		String text = step.text();
		assertTrue(text.endsWith("""
				client_cpu_cores=0.123
				cpu_ms_per_request_app=0.291
				cpu_ms_per_request_redis=0.050
				cpu_ms_per_request_generator=0.088
				"""), text);
		StepFigures read = StepFigures.parse(text);
		assertEquals(0.291, read.cpuMsPerRequest("app"), 0);
		assertEquals(0.05, read.cpuMsPerRequest("redis"), 0);
		assertEquals(0.088, read.cpuMsPerRequest(StepFigures.GENERATOR), 0);
		assertEquals(List.of("app", "redis", "generator"), List.copyOf(read.cpuMsPerRequest().keySet()));
		assertEquals(text, read.text());
		assertTrue(step.describe().endsWith("; generator 0.12 cores; CPU ms a request: app 0.291, redis 0.050, "
				+ "generator 0.088"), step.describe());
	}

	@Test
	void theSchedulersFiguresReadBackAsWritten() {
		Map<String, Double> waits = new LinkedHashMap<>();
		waits.put("app", 312.25);
		waits.put(StepFigures.GENERATOR, 0.0);
		Map<String, String> cpus = new LinkedHashMap<>();
		cpus.put("app", "1");
		cpus.put("redis", "0");
		cpus.put(StepFigures.GENERATOR, "0-1");
		StepFigures step = new StepFigures(STEP.offeredRps(), STEP.seconds(), STEP.leadInSeconds(), STEP.sent(),
				STEP.errors(), STEP.achievedRps(), STEP.p50Ms(), STEP.p90Ms(), STEP.p99Ms(), STEP.p999Ms(),
				STEP.maxMs(), STEP.lagP99Ms(), STEP.lagMaxMs(), STEP.clientCores(), Map.of(),
				new StepScheduling(cpus, waits, -5L));
		String text = step.text();
		assertTrue(text.endsWith("""
				client_cpu_cores=0.123
				runqueue_ms_per_s_app=312.250
				runqueue_ms_per_s_generator=0.000
				cpus_allowed_app=1
				cpus_allowed_redis=0
				cpus_allowed_generator=0-1
				generator_nice=-5
				"""), text);
		StepScheduling read = StepFigures.parse(text).scheduling();
		assertEquals(step.scheduling(), read);
		assertEquals(List.of("app", "redis", StepFigures.GENERATOR), List.copyOf(read.cpusAllowed().keySet()));
		assertEquals(312.25, read.runQueueMsPerSecond("app"), 0);
		assertNull(read.runQueueMsPerSecond("redis"), "a process without a figure has none, not 0");
		assertTrue(step.describe().endsWith("; run-queue ms a second: app 312.3, generator 0.0"), step.describe());
		assertEquals(StepScheduling.NONE, STEP.scheduling(), "a step written before them");
		assertEquals(StepScheduling.NONE, StepFigures.parse(STEP.text()).scheduling());
	}

	@Test
	void whatTheSlowestRequestsCoincidedWithReadsBackApartFromTheSchedulersOwnWaits() {
		String appended = STEP.text() + """
				runqueue_ms_per_s_app=300.000
				# bench.sh's
				slowest_requests=12
				slowest_from_ms=18.500
				slowest_percent_app_safepoint=25.000
				all_percent_app_safepoint=2.500
				slowest_percent_generator_late=0.000
				all_percent_generator_late=1.000
				slowest_runqueue_ms_per_s_app=800.000
				""";
		StepFigures step = StepFigures.parse(appended);
		SlowestRequests slowest = step.slowest();
		assertEquals(12, slowest.count());
		assertEquals(18.5, slowest.fromMs(), 0);
		assertEquals(List.of(SlowestRequests.APP_SAFEPOINT, SlowestRequests.GENERATOR_LATE),
				List.copyOf(slowest.slowestPercent().keySet()));
		assertEquals(2.5, slowest.allPercent().get(SlowestRequests.APP_SAFEPOINT), 0);
		assertNull(slowest.slowestPercent().get(SlowestRequests.REDIS_LATENCY_EVENT), "not given: none, not 0");
		assertEquals(Map.of("app", 800.0), slowest.runQueueMsPerSecond());
		assertEquals(Map.of("app", 300.0), step.scheduling().runQueueMsPerSecond(),
				"the slowest requests' wait is not a process of the step's own");
		assertEquals(slowest, StepFigures.parse(step.text()).slowest());
		assertTrue(step.describe().endsWith("; run-queue ms a second: app 300.0; slowest 1% / all, %: app_safepoint "
				+ "25.0/2.5, generator_late 0.0/1.0"), step.describe());
		assertFalse(STEP.slowest().given(), "a step written before them");
		assertEquals("", StepFigures.parse(STEP.text()).slowest().text());
	}

	@Test
	void aProcessNotAccountedHasNoCpuFigureNotZero() {
		StepFigures step = StepFigures
			.parse(STEP.text() + "cpu_ms_per_request_generator=0.090\ncpu_ms_per_request_app=\n");
		assertNull(step.cpuMsPerRequest("app"), "an empty value is no figure");
		assertNull(step.cpuMsPerRequest("redis"));
		assertEquals(Map.of(StepFigures.GENERATOR, 0.09), step.cpuMsPerRequest());
		assertEquals(Map.of(), STEP.cpuMsPerRequest());
		assertFalse(STEP.describe().contains("CPU ms"), STEP.describe());
	}

	@Test
	void lagIsWorthSayingOverAMillisecondAndOverATenthOfTheStepsP99() {
		assertFalse(lag(1.0, 5.0).lagged(), "1 ms is not over 1 ms");
		assertTrue(lag(1.001, 5.0).lagged());
		assertFalse(lag(2.0, 20.0).lagged(), "a tenth of the p99 is not over it");
		assertTrue(lag(2.001, 20.0).lagged());
		assertFalse(lag(3.0, 38.0).lagged(), "3 ms beside 38: noise");
		assertTrue(lag(3.0, null).lagged(), "without a p99, over 1 ms is enough");
		assertFalse(lag(null, 1.0).lagged());
	}

	@Test
	void describesTheStepOnOneLineSayingItsLagOnlyWhenItLagged() {
		assertEquals("achieved 399/s, 3 errors, p50 1.25 p90 4 p99 14 p99.9 182.5 max 202 ms; generator 0.12 cores",
				STEP.describe());
		assertTrue(lag(3.5, 14.0).describe().endsWith("; generator 0.20 cores, LAGGED its schedule (p99 3.5 ms late)"),
				lag(3.5, 14.0).describe());
		assertEquals("achieved ?/s, ? errors, p50 ? p90 ? p99 ? p99.9 ? max ? ms; generator ? cores",
				StepFigures.parse("").describe());
	}

	private static StepFigures withCpu(Map<String, Double> cpu) {
		return new StepFigures(STEP.offeredRps(), STEP.seconds(), STEP.leadInSeconds(), STEP.sent(), STEP.errors(),
				STEP.achievedRps(), STEP.p50Ms(), STEP.p90Ms(), STEP.p99Ms(), STEP.p999Ms(), STEP.maxMs(),
				STEP.lagP99Ms(), STEP.lagMaxMs(), STEP.clientCores(), cpu);
	}

	private static StepFigures lag(Double lagP99Ms, Double p99Ms) {
		return new StepFigures(100.0, 10L, 2L, 1000L, 0L, 100.0, 1.0, 2.0, p99Ms, 50.0, 60.0, lagP99Ms, 9.0, 0.2);
	}

}
