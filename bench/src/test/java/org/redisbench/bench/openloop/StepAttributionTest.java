package org.redisbench.bench.openloop;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.redisbench.bench.stores.LatencyEvents;
import org.redisbench.openloop.rules.RunQueueTick;
import org.redisbench.openloop.rules.StepRequest;
import org.redisbench.tooloutput.RedisLatency;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The lines bench adds to a step's .env: the app's GC pauses between two scrapes, Redis's latency events, what the
 * slowest requests coincided with.
 */
class StepAttributionTest {

	private static final String BEFORE = """
			# HELP jvm_gc_pause_seconds Time spent in GC pause
			jvm_gc_pause_seconds_count{action="end of minor GC",cause="G1 Evacuation Pause",gc="G1 Young Generation"} 10
			jvm_gc_pause_seconds_sum{action="end of minor GC",cause="G1 Evacuation Pause",gc="G1 Young Generation"} 0.050
			""";

	@Test
	void thePausesAreWhatEverySeriesGrewBetweenTheScrapes() {
		String after = BEFORE.replace("} 10", "} 13").replace("} 0.050", "} 0.062")
				+ "jvm_gc_pause_seconds_count{action=\"end of major GC\",cause=\"System.gc()\",gc=\"G1 Old\"} 1\n"
				+ "jvm_gc_pause_seconds_sum{action=\"end of major GC\",cause=\"System.gc()\",gc=\"G1 Old\"} 0.008\n";
		assertThat(StepAttribution.gcLines(Optional.of(BEFORE), Optional.of(after)))
			.isEqualTo("app_gc_pauses=4\napp_gc_pause_ms=20.000\n");
		assertThat(StepAttribution.gcLines(Optional.of(""), Optional.of(BEFORE)))
			.as("an app that had not paused yet: its series come with its first pause")
			.isEqualTo("app_gc_pauses=10\napp_gc_pause_ms=50.000\n");
		assertThat(StepAttribution.gcLines(Optional.of(""), Optional.of(""))).isEqualTo(
				"app_gc_pauses=0\napp_gc_pause_ms=0.000\n");
	}

	@Test
	void aScrapeMissingOrAnAppRestartedGivesNoPauses() {
		assertThat(StepAttribution.gcLines(Optional.empty(), Optional.of(BEFORE))).isEmpty();
		assertThat(StepAttribution.gcLines(Optional.of(BEFORE), Optional.empty())).isEmpty();
		assertThat(StepAttribution.gcLines(Optional.of(BEFORE), Optional.of(BEFORE.replace("} 10", "} 2"))))
			.as("a counter went down").isEmpty();
	}

	@Test
	void redisEventsGiveTheThresholdTheLargestAndEachOnes() {
		Map<String, Long> events = new LinkedHashMap<>();
		events.put("command", 6L);
		events.put("expire-cycle", 9L);
		assertThat(StepAttribution.latencyLines(events)).isEqualTo("""
				redis_latency_threshold_ms=1
				redis_latency_max_ms=9
				redis_latency_max_ms_command=6
				redis_latency_max_ms_expire-cycle=9
				""");
		assertThat(StepAttribution.latencyLines(Map.of())).isEqualTo("""
				redis_latency_threshold_ms=1
				redis_latency_max_ms=0
				""");
	}

	@Test
	void theSlowestRequestsLinesComeFromTheGeneratorsFilesTheAppsSafepointLogAndRedisSpikesSecondBySecond(
			@TempDir Path dir) throws IOException {
		Path step = dir.resolve("slo1-01-r100.env");
		long t0 = 1_796_580_000_000_000L;
		StringBuilder requests = new StringBuilder(StepRequest.HEADER + "\n");
		for (int k = 0; k < 100; k++) {
			// the 11th (30 ms) is the slowest 1%; each due 10 ms after the one before
			requests.append(t0 + k * 10_000).append(' ').append(k == 10 ? 30_000 : 1_000).append(" 0 0\n");
		}
		Files.writeString(Path.of(step + ".requests"), requests);
		Files.writeString(Path.of(step + ".runqueue"), RunQueueTick.HEADER + "\n" + t0 + " " + (t0 + 100_000)
				+ " app 5.000\n" + (t0 + 100_000) + " " + (t0 + 200_000) + " app 40.000\n");
		// a safepoint ending 5 ms into the 11th's wait; the JVM stamps its end in ms
		Path safepoints = dir.resolve("app-safepoints.log");
		Files.writeString(safepoints, "[" + (t0 + 105_000) / 1_000 + "ms] Safepoint \"G1CollectForAllocation\", "
				+ "Time since last: 1 ns, Reaching safepoint: 1 ns, At safepoint: 2000000 ns, Total: 2000000 ns\n");
		// Redis's spike in the second before the step: none of its requests
		LatencyEvents redis = new LatencyEvents(Map.of("command", 3L),
				List.of(new RedisLatency.Spike("command", t0 / 1_000_000 - 1, 3)));

		String lines = StepAttribution.slowestLines(step, Optional.of(redis), Optional.of(safepoints));

		assertThat(lines).isEqualTo("""
				# bench.sh's: what the slowest 1% of the counted requests coincided with, against all of them
				slowest_requests=1
				slowest_from_ms=30.000
				slowest_percent_app_safepoint=100.000
				all_percent_app_safepoint=1.000
				slowest_percent_redis_latency_event=0.000
				all_percent_redis_latency_event=0.000
				slowest_percent_generator_late=0.000
				all_percent_generator_late=0.000
				slowest_runqueue_ms_per_s_app=400.000
				""");
		assertThat(StepAttribution.slowestLines(step, Optional.empty(), Optional.of(dir.resolve("none.log"))))
			.as("no Redis the run started, no safepoint log: neither cause known").doesNotContain("app_safepoint")
			.doesNotContain("redis_latency_event").contains("slowest_percent_generator_late=0.000");
		assertThat(StepAttribution.slowestLines(dir.resolve("never.env"), Optional.empty(), Optional.empty()))
			.as("a generator that wrote no requests").isEmpty();
	}

}
