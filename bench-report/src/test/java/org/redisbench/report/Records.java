package org.redisbench.report;

import java.util.List;

/** Summary records made up for a test of a report section: only the figures the sections compare. */
final class Records {

	private Records() {
	}

	static SummaryRecord record(Variant variant, Phase phase, Double requestsPerSecond, Double bytesPerPerson,
			Double appCpuMsPerRequest, boolean valid) {
		return new SummaryRecord(variant, phase, 1, 1000L, 10, 1000L, requestsPerSecond, null, null, null, null, null,
				null, 0L, 0L, null, null, null, null, null, bytesPerPerson, null, null, null, appCpuMsPerRequest, null,
				TimeSplit.NONE, List.of(), valid, valid ? null : "made invalid by the test");
	}

	/** A valid /add and /check of the variant. */
	static List<SummaryRecord> run(Variant variant, double addPerSecond, double bytesPerPerson, double addCpuMs,
			double checkCpuMs) {
		return List.of(record(variant, Phase.ADD, addPerSecond, bytesPerPerson, addCpuMs, true),
				record(variant, Phase.CHECK, addPerSecond, null, checkCpuMs, true));
	}

}
