package org.redisbench.runresults;

import java.util.List;
import java.util.function.Function;
import java.util.stream.Collectors;

import org.redisbench.model.Spread;

/**
 * The valid records of a run, by variant and phase: invalid runs are listed in the report but never averaged.
 * <p>
 * The <em>baseline</em> is the set of variants the app-to-app sections compare: the published setup (per-key, no
 * compression, one Redis, no added distance) when the run has it, at the published concurrency if the run has that,
 * else the setup of the run's first variant.
 */
public final class Figures {

	private final List<SummaryRecord> records;

	private final List<Variant> variants;

	private final List<Variant> baseline;

	public Figures(List<SummaryRecord> records, List<Variant> variants) {
		this.records = records;
		this.variants = variants;
		List<Variant> published = variants.stream().filter(Variant::publishedSetup).toList();
		Variant first = published.stream()
			.filter(v -> v.concurrency() == Variant.PUBLISHED_CONCURRENCY)
			.findFirst()
			.orElse(!published.isEmpty() ? published.get(0) : variants.isEmpty() ? null : variants.get(0));
		this.baseline = variants.stream().filter(v -> v.sameSetup(first)).toList();
	}

	public List<Variant> variants() {
		return this.variants;
	}

	public List<Variant> baseline() {
		return this.baseline;
	}

	/** The baseline variant of an app, or {@code null} if the run has none. */
	public Variant baseline(String app) {
		return this.baseline.stream().filter(v -> v.app().equals(app)).findFirst().orElse(null);
	}

	/** That variant if the run has it, or {@code null}. */
	public Variant find(Variant wanted) {
		return this.variants.contains(wanted) ? wanted : null;
	}

	public List<SummaryRecord> all() {
		return this.records;
	}

	public List<SummaryRecord> valid(Variant variant, Phase phase) {
		return this.records.stream()
			.filter(r -> r.verdict().valid() && r.variant().equals(variant) && r.phase() == phase)
			.toList();
	}

	/** Why each invalid run of the variant's phase was left out, one line: {@code "rep 2: ab failed: …"}; "" if none. */
	public String failures(Variant variant, Phase phase) {
		return this.records.stream()
			.filter(r -> !r.verdict().valid() && r.variant().equals(variant) && r.phase() == phase)
			.map(r -> "rep " + r.repetition() + ": " + r.verdict().reason())
			.collect(Collectors.joining("; "));
	}

	/** {@code null} when the variant is absent or no valid run gave the figure. */
	public Spread spread(Variant variant, Phase phase, Function<SummaryRecord, Double> figure) {
		return variant == null ? null : Spread.of(valid(variant, phase).stream().map(figure).toList());
	}

	public static Double asDouble(Long value) {
		return value == null ? null : value.doubleValue();
	}

}
