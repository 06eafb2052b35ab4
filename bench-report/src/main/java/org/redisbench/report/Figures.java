package org.redisbench.report;

import java.util.List;
import java.util.function.Function;

/**
 * The valid records of a run, by variant and phase: invalid runs are listed in the report but never averaged.
 * <p>
 * The <em>baseline</em> is the set of variants the app-to-app sections compare: the published per-key/none/single
 * setup when the run has it, else the setup of the run's first variant.
 */
final class Figures {

	private final List<SummaryRecord> records;

	private final List<Variant> variants;

	private final List<Variant> baseline;

	Figures(List<SummaryRecord> records, List<Variant> variants) {
		this.records = records;
		this.variants = variants;
		Variant first = variants.stream()
			.filter(v -> v.setup().equals(Variant.PUBLISHED_SETUP))
			.findFirst()
			.orElse(variants.isEmpty() ? null : variants.get(0));
		this.baseline = variants.stream().filter(v -> v.sameSetup(first)).toList();
	}

	List<Variant> variants() {
		return this.variants;
	}

	List<Variant> baseline() {
		return this.baseline;
	}

	/** The baseline variant of an app, or {@code null} if the run has none. */
	Variant baseline(String app) {
		return this.baseline.stream().filter(v -> v.app().equals(app)).findFirst().orElse(null);
	}

	/** The run's variant of that app and setup, or {@code null}. */
	Variant find(String app, String mode, String compression, String topology) {
		return this.variants.stream()
			.filter(v -> v.app().equals(app) && v.mode().equals(mode) && v.compression().equals(compression)
					&& v.topology().equals(topology))
			.findFirst()
			.orElse(null);
	}

	List<SummaryRecord> all() {
		return this.records;
	}

	List<SummaryRecord> valid(Variant variant, Phase phase) {
		return this.records.stream()
			.filter(r -> r.verdict().valid() && r.variant().equals(variant) && r.phase() == phase)
			.toList();
	}

	/** {@code null} when the variant is absent or no valid run gave the figure. */
	Spread spread(Variant variant, Phase phase, Function<SummaryRecord, Double> figure) {
		return variant == null ? null : Spread.of(valid(variant, phase).stream().map(figure).toList());
	}

	static Double asDouble(Long value) {
		return value == null ? null : value.doubleValue();
	}

}
