package org.redisbench.report;

import java.util.List;
import java.util.function.Function;

/** The valid records of a run, by app and phase: invalid runs are listed in the report but never averaged. */
final class Figures {

	private final List<SummaryRecord> records;

	private final List<String> apps;

	Figures(List<SummaryRecord> records, List<String> apps) {
		this.records = records;
		this.apps = apps;
	}

	List<String> apps() {
		return this.apps;
	}

	List<SummaryRecord> all() {
		return this.records;
	}

	List<SummaryRecord> valid(String app, String phase) {
		return this.records.stream()
			.filter(r -> r.valid() && r.app().equals(app) && r.phase().equals(phase))
			.toList();
	}

	Spread spread(String app, String phase, Function<SummaryRecord, Double> figure) {
		return Spread.of(valid(app, phase).stream().map(figure).toList());
	}

	static Double asDouble(Long value) {
		return value == null ? null : value.doubleValue();
	}

}
