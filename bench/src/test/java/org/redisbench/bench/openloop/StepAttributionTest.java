package org.redisbench.bench.openloop;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The lines bench adds to a step's .env: the app's GC pauses between two scrapes, Redis's latency events. */
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

}
