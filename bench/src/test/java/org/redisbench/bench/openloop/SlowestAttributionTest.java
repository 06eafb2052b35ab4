package org.redisbench.bench.openloop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

import org.junit.jupiter.api.Test;
import org.redisbench.openloop.rules.RunQueueTick;
import org.redisbench.openloop.rules.SlowestRequests;
import org.redisbench.openloop.rules.StepFigures;
import org.redisbench.openloop.rules.StepRequest;

/**
 * The slowest 1% of a step's requests against all of them, on requests, spans and ticks whose answers the test knows:
 * 200 answered requests due every 10 ms from T0, each answered in 2 ms but two, the 51st (30 ms) and the 121st
 * (25 ms), which are the slowest 1%.
 */
class SlowestAttributionTest {

	private static final long T0 = 1_796_580_000_000_000L;

	private static final long PERIOD_US = 10_000;

	@Test
	void eachCausesShareOfTheSlowestStandsBesideItsShareOfAllAndTheRunQueueOverTheTicksTheySpanned() {
		List<StepRequest> requests = new ArrayList<>();
		for (int k = 0; k < 200; k++) {
			long latency = k == 50 ? 30_000 : k == 120 ? 25_000 : 2_000;
			// the 121st sent 1 ms late, which is late; the 8th 0.999 ms, which is not
			long lag = k == 120 ? 1_000 : k == 7 ? 999 : 0;
			requests.add(new StepRequest(T0 + k * PERIOD_US, OptionalLong.of(latency), lag, k == 3));
		}
		// never answered: in neither share
		requests.add(new StepRequest(T0 + 200 * PERIOD_US, OptionalLong.empty(), 0, true));
		Map<String, List<SlowestAttribution.Span>> causes = new LinkedHashMap<>();
		// within the 51st's 30 ms only (the 52nd is due at +510 ms); and one an hour before the step
		causes.put(SlowestRequests.APP_SAFEPOINT, List.of(new SlowestAttribution.Span(T0 - 3_600_000_000L,
				T0 - 3_599_000_000L), new SlowestAttribution.Span(T0 + 505_000, T0 + 505_500)));
		// the second from T0 + 1 s: requests 100 to 199, the 121st among them
		causes.put(SlowestRequests.REDIS_LATENCY_EVENT,
				List.of(new SlowestAttribution.Span(T0 + 1_000_000, T0 + 1_999_999)));
		List<RunQueueTick> ticks = new ArrayList<>();
		for (int i = 0; i < 21; i++) {
			long from = T0 + i * 100_000;
			ticks.add(new RunQueueTick(from, from + 100_000, "app", i == 5 ? 50 : 10));
			ticks.add(new RunQueueTick(from, from + 100_000, StepFigures.GENERATOR, 0));
		}

		SlowestRequests slowest = SlowestAttribution.of(requests, causes, ticks);

		assertThat(slowest.count()).isEqualTo(2);
		assertThat(slowest.fromMs()).isEqualTo(25.0);
		assertThat(slowest.slowestPercent()).containsExactly(Map.entry(SlowestRequests.APP_SAFEPOINT, 50.0),
				Map.entry(SlowestRequests.REDIS_LATENCY_EVENT, 50.0), Map.entry(SlowestRequests.GENERATOR_LATE, 50.0));
		assertThat(slowest.allPercent().get(SlowestRequests.APP_SAFEPOINT)).isEqualTo(0.5);
		assertThat(slowest.allPercent().get(SlowestRequests.REDIS_LATENCY_EVENT)).isEqualTo(50.0);
		assertThat(slowest.allPercent().get(SlowestRequests.GENERATOR_LATE)).isEqualTo(0.5);
		// ticks 5 (50 ms) and 12 (10 ms): 60 ms over 0.2 s
		assertThat(slowest.runQueueMsPerSecond().get("app")).isCloseTo(300.0, within(1e-9));
		assertThat(slowest.runQueueMsPerSecond().get(StepFigures.GENERATOR)).isEqualTo(0.0);
	}

	@Test
	void aCauseKnownToHaveHeldNothingIsZeroAndOneNotKnownIsAbsent() {
		List<StepRequest> requests = new ArrayList<>();
		for (int k = 0; k < 150; k++) {
			requests.add(new StepRequest(T0 + k * PERIOD_US, OptionalLong.of(k == 0 ? 9_000 : 1_000), 0, false));
		}

		SlowestRequests slowest = SlowestAttribution.of(requests,
				Map.of(SlowestRequests.REDIS_LATENCY_EVENT, List.of()), List.of());

		assertThat(slowest.count()).as("1% of 150, rounded up").isEqualTo(2);
		assertThat(slowest.fromMs()).isEqualTo(1.0);
		assertThat(slowest.slowestPercent()).containsOnlyKeys(SlowestRequests.REDIS_LATENCY_EVENT,
				SlowestRequests.GENERATOR_LATE);
		assertThat(slowest.slowestPercent().get(SlowestRequests.REDIS_LATENCY_EVENT)).isEqualTo(0.0);
		assertThat(slowest.runQueueMsPerSecond()).isEmpty();
	}

	@Test
	void noAnswerNoShare() {
		SlowestRequests slowest = SlowestAttribution.of(
				List.of(new StepRequest(T0, OptionalLong.empty(), 0, true)), Map.of(), List.of());
		assertThat(slowest.count()).isZero();
		assertThat(slowest.slowestPercent()).isEmpty();
		assertThat(slowest.given()).isTrue();
	}

}
