package org.redisbench.roundtrip;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.redisbench.tooloutput.GarbledInput;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.data.Offset.offset;

class RoundTripReportTest {

	/** RoundTripExperiment's lines at one round trip: one-by-one SET takes {@code setSeconds} for 1000. */
	private static RoundTripReport.Run run(String rtt, double setSeconds, double setMedianMicros) {
		return RoundTripReport.Run.parse(rtt, "roundtrip-rtt-" + rtt + ".tsv",
				List.of("SET\tone-by-one\t1000\t" + setSeconds + "\t" + setMedianMicros,
						"GET\tone-by-one\t1000\t0.050000\t45.00", "DEL\tone-by-one\t1000\t0.040000\t35.00",
						"SET\tpipelined\t1000\t0.004000\t-", "GET\tpipelined\t1000\t0.002000\t-",
						"DEL\tpipelined\t1000\t0\t-"));
	}

	@Test
	void theMeanIsSecondsOverRequestsAndTheSpeedupOneByOneOverPipelined() {
		RoundTripReport.Run loopback = run("0", 0.048, 40);
		RoundTripReport.Phase set = loopback.phases().get(0);
		assertThat(set.meanMicros()).isCloseTo(48, offset(1e-9));
		assertThat(loopback.speedup(set)).isEmpty();
		assertThat(loopback.speedup(loopback.phases().get(3)).getAsDouble()).isCloseTo(12, offset(1e-9));
		assertThat(loopback.speedup(loopback.phases().get(4)).getAsDouble()).isCloseTo(25, offset(1e-9));
		assertThat(loopback.speedup(loopback.phases().get(5))).as("no time, no ratio").isEmpty();
	}

	@Test
	void theOursTableHasARowPerPhase() {
		List<String> md = RoundTripReport.report(List.of(run("0", 0.048, 40), run("0.45ms", 0.5, 490)));
		assertThat(md).contains("| 0 (loopback) | SET | one-by-one | 0.048 | 48.00 | 40.00 |  |",
				"| 0 (loopback) | SET | pipelined | 0.004 | 4.00 | - | 12.0× |",
				"| 0.45ms | SET | pipelined | 0.004 | 4.00 | - | 125.0× |",
				"| 0.45ms | DEL | pipelined | 0.000 | 0.00 | - |  |");
	}

	@Test
	void theAddedDelayIsWithinToleranceUpToFifteenPercentOfTheRoundTripAsked() {
		RoundTripReport.Run loopback = run("0", 0.048, 40);
		RoundTripReport.AddedDelay within = RoundTripReport.AddedDelay.of(run("0.45ms", 0.5, 557.5), loopback);
		assertThat(within.meanMicros()).isCloseTo(452, offset(1e-9));
		assertThat(within.medianMicros()).isCloseTo(517.5, offset(1e-9));
		assertThat(within.expectedMicros()).isEqualTo(450);
		assertThat(within.errorPercent()).isCloseTo(15, offset(1e-9));
		assertThat(within.withinTolerance()).isTrue();
		RoundTripReport.AddedDelay beyond = RoundTripReport.AddedDelay.of(run("0.45ms", 0.5, 557.6), loopback);
		assertThat(beyond.withinTolerance()).isFalse();
		RoundTripReport.AddedDelay short_ = RoundTripReport.AddedDelay.of(run("1ms", 0.5, 800), loopback);
		assertThat(short_.errorPercent()).isCloseTo(-24, offset(1e-9));
		assertThat(short_.withinTolerance()).isFalse();
	}

	@Test
	void theAddedDelayTablesCompareWithLoopbackAndWithTheProxyAddingNothing() {
		List<String> md = RoundTripReport.report(
				List.of(run("0", 0.048, 40), run("0ms", 0.070, 70), run("0.45ms", 0.5, 500)));
		assertThat(md).containsSubsequence("## Emulated distance: one-by-one SET against loopback", "",
				"| emulated RTT | µs per SET over the reference (mean) | (median) | expected | within ±15% (median) |",
				"|---|---|---|---|---|", "| 0.45ms | +452.0 | +460.0 | +450.0 | yes (+2.2%) |", "",
				"## Emulated distance: one-by-one SET against the proxy adding nothing",
				"| 0.45ms | +430.0 | +430.0 | +450.0 | yes (-4.4%) |", "",
				"The median is of single round trips; the mean includes every command that waited for a CPU.");
		assertThat(md).filteredOn((line) -> line.startsWith("| 0ms | +")).isEmpty();
	}

	@Test
	void withoutLoopbackNorAProxyAddingNothingThereIsNothingToCompareWith() {
		List<String> md = RoundTripReport.report(List.of(run("0.45ms", 0.5, 500)));
		assertThat(md).contains("No loopback run to compare with: add 0 to --rtt.")
			.noneMatch((line) -> line.contains("proxy adding nothing"));
	}

	@Test
	void garbledLinesAreOneLineNamingTheFileAndLine() {
		assertThatThrownBy(() -> RoundTripReport.Run.parse("0", "roundtrip-rtt-0.tsv",
				List.of("SET\tone-by-one\t1000\t0.048\t40.00", "GET one-by-one 1000 0.05 45")))
			.isInstanceOf(GarbledInput.class)
			.hasMessage("roundtrip-rtt-0.tsv line 2: expected op<TAB>mode<TAB>requests<TAB>seconds<TAB>median µs "
					+ "or -, got 'GET one-by-one 1000 0.05 45'");
		assertThatThrownBy(() -> RoundTripReport.Run.parse("0", "r.tsv", List.of("SET\tone-by-one\tmany\t0.048\t40")))
			.isInstanceOf(GarbledInput.class)
			.hasMessageStartingWith("r.tsv line 1: expected");
		assertThatThrownBy(() -> RoundTripReport.Run.parse("0", "r.tsv", List.of()))
			.isInstanceOf(GarbledInput.class)
			.hasMessageStartingWith("r.tsv: no lines");
		assertThatThrownBy(() -> RoundTripReport.report(List.of(run("0", 0.048, 40),
				RoundTripReport.Run.parse("1ms", "r.tsv", List.of("GET\tone-by-one\t1000\t0.05\t45"))))
			).isInstanceOf(GarbledInput.class)
			.hasMessage("r.tsv: no one-by-one SET line");
	}

}
