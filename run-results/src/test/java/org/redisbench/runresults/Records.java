package org.redisbench.runresults;

import java.util.List;
import java.util.Map;

import org.redisbench.tooloutput.AbOutput;

/** Summary records made up for a test of a report section: only the figures the sections compare. */
public final class Records {

	private Records() {
	}

	public static SummaryRecord record(Variant variant, Phase phase, double requestsPerSecond, Double bytesPerPerson,
			Double appCpuMsPerRequest, boolean valid) {
		AbOutput ab = AbOutput.parse("""
				Concurrency Level:      10
				Complete requests:      1000
				Failed requests:        0
				Requests per second:    %s [#/sec] (mean)
				""".formatted(requestsPerSecond));
		return new SummaryRecord(variant, phase, 1, Load.of(1000, 10, ab),
				StoreFigures.builder().bytesPerPerson(bytesPerPerson).build(),
				new AppFigures(appCpuMsPerRequest, null, null, TimeSplit.NONE, null),
				valid ? Validity.VALID : Validity.invalid("made invalid by the test"));
	}

	/** A run of those variants and records, without settings or environment. */
	public static RunResults results(List<Variant> variants, List<SummaryRecord> records) {
		return new RunResults(KeyValues.empty(), Map.of(), variants, List.of(), records, List.of(), List.of());
	}

	/** A valid /add and /check of the variant. */
	public static List<SummaryRecord> run(Variant variant, double addPerSecond, double bytesPerPerson, double addCpuMs,
			double checkCpuMs) {
		return List.of(record(variant, Phase.ADD, addPerSecond, bytesPerPerson, addCpuMs, true),
				record(variant, Phase.CHECK, addPerSecond, null, checkCpuMs, true));
	}

}
