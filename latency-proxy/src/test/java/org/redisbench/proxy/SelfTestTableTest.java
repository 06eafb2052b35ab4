package org.redisbench.proxy;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.redisbench.model.Quantities;
import org.redisbench.tooloutput.GarbledInput;
import org.redisbench.tooloutput.RedisBenchmarkOutput;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.data.Offset.offset;

class SelfTestTableTest {

	private static final String HEADER = "\"test\",\"rps\",\"avg_latency_ms\",\"min_latency_ms\",\"p50_latency_ms\","
			+ "\"p95_latency_ms\",\"p99_latency_ms\",\"max_latency_ms\"";

	/** redis-benchmark --csv -t set,get, one run per pair of rates, appended as the script appends them. */
	private static List<RedisBenchmarkOutput.Test> rounds(double... setAndGetRates) {
		List<String> lines = new ArrayList<>();
		for (int i = 0; i < setAndGetRates.length; i += 2) {
			lines.add(HEADER);
			lines.add("\"SET\",\"" + setAndGetRates[i] + "\",\"0.271\",\"0.080\",\"0.263\",\"0.375\",\"0.487\",\"1.2\"");
			lines.add("\"GET\",\"" + setAndGetRates[i + 1] + "\",\"0.271\",\"0.080\",\"0.255\",\"0.375\",\"0.487\",\"1.2\"");
		}
		return RedisBenchmarkOutput.strict("test.csv", lines);
	}

	private static List<RedisBenchmarkOutput.Test> ping(double p50) {
		return RedisBenchmarkOutput.strict("ping.csv", List.of(HEADER,
				"\"PING_INLINE\",\"40000.00\",\"0.069\",\"0.024\",\"9.999\",\"0.111\",\"0.175\",\"0.631\"",
				"\"PING_MBULK\",\"41000.00\",\"0.065\",\"0.016\",\"" + p50 + "\",\"0.103\",\"0.135\",\"0.247\""));
	}

	@Test
	void theMedianOfAnOddNumberOfRoundsIsTheMiddleOne() {
		List<SelfTestTable.ThroughputRow> rows = SelfTestTable.throughputRows(List.of(new SelfTestTable.Pipelining(1,
				rounds(100_000, 90_000, 120_000, 80_000, 110_000, 70_000), rounds(60_000, 50_000, 40_000, 70_000, 50_000, 60_000))));
		assertThat(rows).extracting(SelfTestTable.ThroughputRow::test).containsExactly("SET", "GET");
		assertThat(rows.get(0).direct().median()).isEqualTo(110_000);
		assertThat(rows.get(0).proxied().median()).isEqualTo(50_000);
		assertThat(rows.get(1).direct().median()).isEqualTo(80_000);
		assertThat(rows.get(1).proxied().median()).isEqualTo(60_000);
	}

	@Test
	void theMedianOfAnEvenNumberOfRoundsIsTheMeanOfTheMiddleTwoNotTheLowerAsTheAwkTook() {
		SelfTestTable.ThroughputRow set = SelfTestTable.throughputRows(List.of(new SelfTestTable.Pipelining(16,
				rounds(100_000, 1, 200_000, 1), rounds(50_000, 1, 90_000, 1))))
			.get(0);
		assertThat(set.direct().median()).isEqualTo(150_000);
		assertThat(set.proxied().median()).isEqualTo(70_000);
		assertThat(set.sharePercent()).isCloseTo(46.667, offset(0.001));
	}

	@Test
	void theShareIsMarkedBelowTheTargetOnlyWhenItIs() {
		List<SelfTestTable.ThroughputRow> rows = SelfTestTable.throughputRows(
				List.of(new SelfTestTable.Pipelining(1, rounds(100_000, 100_000), rounds(80_000, 79_990))));
		assertThat(rows.get(0).format(80)).isEqualTo("-P 1           SET        100000        80000     80.0%");
		assertThat(rows.get(1).format(80)).isEqualTo("-P 1           GET        100000        79990     80.0% below 80%");
	}

	@Test
	void theThroughputTableHasItsHeaderARowPerDepthAndTestAndItsNote() {
		List<String> table = SelfTestTable.throughput(80, List.of(
				new SelfTestTable.Pipelining(1, rounds(100_000, 100_000), rounds(90_000, 95_000)),
				new SelfTestTable.Pipelining(16, rounds(800_000, 900_000), rounds(400_000, 900_000))));
		assertThat(table).containsExactly(
				"pipelining     test       direct      proxied     share",
				"-P 1           SET        100000        90000     90.0%",
				"-P 1           GET        100000        95000     95.0%",
				"-P 16          SET        800000       400000     50.0% below 80%",
				"-P 16          GET        900000       900000    100.0%",
				"(medians of the rounds)");
	}

	@Test
	void theRoundTripAddedIsProxiedMinusDirectAndItsErrorIsAgainstTheRoundTripAsked() {
		SelfTestTable.RoundTripRow row = SelfTestTable.roundTripRow(new SelfTestTable.RoundTrip("0.45ms", ping(0.063),
				ping(0.567)));
		assertThat(row.addedMillis()).isCloseTo(0.504, offset(1e-9));
		assertThat(row.expectedMillis()).isEqualTo(0.45);
		assertThat(row.errorPercent()).isCloseTo(12.0, offset(1e-9));
		assertThat(row.format()).isEqualTo("0.45ms        0.063      0.567      0.504    +12.0%");
		assertThat(SelfTestTable.roundTrips(List.of(new SelfTestTable.RoundTrip("2ms", ping(0.1), ping(1.9)))))
			.containsExactly("RTT          direct    proxied      added     error",
					"2ms           0.100      1.900      1.800    -10.0%",
					"(redis-benchmark reports latencies to about 8 µs here)");
	}

	@Test
	void aRoundTripOfZeroHasNoErrorToGive() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> SelfTestTable.roundTripRow(new SelfTestTable.RoundTrip("0ms", ping(0.1), ping(0.2))))
			.withMessage("round trip '0ms' is not above 0");
	}

	@Test
	void aMissingTestIsNamed() {
		assertThatThrownBy(() -> SelfTestTable.throughputRows(
				List.of(new SelfTestTable.Pipelining(16, rounds(1, 2), RedisBenchmarkOutput.strict("empty.csv", List.of())))))
			.isInstanceOf(GarbledInput.class)
			.hasMessage("redis-benchmark gave no SET at -P 16 (proxied) figure");
	}

	@Test
	void microsAreWhatTheProxyReads() {
		assertThat(Quantities.microsText("0.5ms")).isEqualTo("500");
		assertThat(Quantities.microsText("0.45ms")).isEqualTo("450");
		assertThat(Quantities.microsText("1s")).isEqualTo("1000000");
		assertThat(Quantities.microsText("10ns")).isEqualTo("0.01");
		assertThat(Quantities.microsText("0")).isEqualTo("0");
		assertThat(Quantities.parseMicros("0ms")).isZero();
	}

}
