package org.redisbench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.DoublePredicate;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The project's targets, each checked on the medians of this run: met, not met, or not measured (and why),
 * with the measured ratio.
 */
final class TargetsSection implements Section {

	enum Status {

		MET("met"), NOT_MET("**NOT met**"), NOT_MEASURED("not measured");

		private final String text;

		Status(String text) {
			this.text = text;
		}

	}

	/** One check of a target on one configuration; {@code detail} is the measured ratio, or why there is none. */
	record Outcome(String target, String configuration, Status status, String detail) {
	}

	static final String PIPELINE = "pipelined /add requests/s ≥ 6× per-key";

	static final String DICTIONARY = "Redis bytes per person with zstd-dict ≤ 0.6× plain JSON";

	static final String KRYO_CPU = "pipeline: Kryo app CPU ms per request < string's";

	@Override
	public void writeTo(Markdown md, RunResults run) {
		md.line("## Targets");
		md.line();
		md.line("Each target is checked on the medians of this run (ratios to three decimals, so that a ratio just "
				+ "beyond its bound shows why it is not met); the spread of each figure is in the sections above.");
		md.line();
		md.header("target", "configuration", "measured", "result");
		for (Outcome outcome : check(run.figures())) {
			md.row(outcome.target(), outcome.configuration(),
					outcome.status() == Status.NOT_MEASURED ? "–" : outcome.detail(),
					outcome.status() == Status.NOT_MEASURED ? outcome.status().text + ": " + outcome.detail()
							: outcome.status().text);
		}
		md.line();
	}

	static List<Outcome> check(Figures figures) {
		List<Outcome> outcomes = new ArrayList<>();
		pipeline(figures, outcomes);
		dictionary(figures, outcomes);
		kryoCpu(figures, outcomes);
		return outcomes;
	}

	/** Pipelining sends a request's 100 commands in one round trip instead of 100. */
	private static void pipeline(Figures figures, List<Outcome> outcomes) {
		List<Variant> pipelined = select(figures, v -> v.mode().equals("pipeline"));
		if (pipelined.isEmpty()) {
			outcomes.add(new Outcome(PIPELINE, "–", Status.NOT_MEASURED, "run has no pipeline variant"));
		}
		for (Variant p : pipelined) {
			String where = p.app() + ", " + p.compression() + ", " + p.topology() + p.conditions();
			Variant perKey = figures.find(p.withMode("per-key"));
			outcomes.add(perKey == null
					? new Outcome(PIPELINE, where, Status.NOT_MEASURED, "run has no per-key variant of that app, "
							+ "compression, topology, distance and concurrency")
					: ratio(PIPELINE, where, figures, Phase.ADD, r -> r.load().requestsPerSecond(), p, perKey, "requests/s",
							ratio -> ratio >= 6));
		}
	}

	private static void dictionary(Figures figures, List<Outcome> outcomes) {
		List<Variant> dictionary = select(figures, v -> v.compression().equals("zstd-dict"));
		if (dictionary.isEmpty()) {
			outcomes.add(new Outcome(DICTIONARY, "–", Status.NOT_MEASURED, "run has no zstd-dict variant"));
		}
		for (Variant z : dictionary) {
			String where = z.app() + ", " + z.mode() + ", " + z.topology() + z.conditions();
			Variant json = figures.find(z.withApp("string").withCompression("none"));
			outcomes.add(json == null
					? new Outcome(DICTIONARY, where, Status.NOT_MEASURED, "run has no string variant without "
							+ "compression of that mode, topology, distance and concurrency")
					: ratio(DICTIONARY, where, figures, Phase.ADD, r -> r.redis().bytesPerPerson(), z, json, "bytes",
							ratio -> ratio <= 0.6));
		}
	}

	private static void kryoCpu(Figures figures, List<Outcome> outcomes) {
		List<Variant> kryo = select(figures, v -> v.mode().equals("pipeline") && v.app().equals("kryo"));
		if (kryo.isEmpty()) {
			outcomes.add(new Outcome(KRYO_CPU, "–", Status.NOT_MEASURED, "run has no Kryo pipeline variant"));
		}
		for (Variant k : kryo) {
			Variant string = figures.find(k.withApp("string"));
			for (Phase phase : Phase.THROUGH_CODEC) {
				String where = k.compression() + ", " + k.topology() + k.conditions() + ", " + phase.path();
				outcomes.add(string == null
						? new Outcome(KRYO_CPU, where, Status.NOT_MEASURED, "run has no string pipeline variant of that "
								+ "compression, topology, distance and concurrency")
						: ratio(KRYO_CPU, where, figures, phase, r -> r.app().cpuMsPerRequest(), k, string, "ms",
								ratio -> ratio < 1));
			}
		}
	}

	private static Outcome ratio(String target, String where, Figures figures, Phase phase,
			Function<SummaryRecord, Double> figure, Variant measured, Variant reference, String unit, DoublePredicate met) {
		Spread of = figures.spread(measured, phase, figure);
		Spread to = figures.spread(reference, phase, figure);
		if (of == null || to == null || to.median() == 0) {
			return new Outcome(target, where, Status.NOT_MEASURED,
					"no valid " + phase.path() + " figure of " + (of == null ? measured : reference).name());
		}
		double ratio = of.median() / to.median();
		String detail = String.format(Locale.ROOT, "%.3f× (%s %s vs %s %s)", ratio, Markdown.num(of.median()), unit,
				Markdown.num(to.median()), unit);
		return new Outcome(target, where, met.test(ratio) ? Status.MET : Status.NOT_MET, detail);
	}

	private static List<Variant> select(Figures figures, Predicate<Variant> which) {
		return figures.variants().stream().filter(which).toList();
	}

}
