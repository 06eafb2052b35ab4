package org.redisbench.report.sections;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.DoubleFunction;
import java.util.function.Function;

import org.redisbench.model.Spread;
import org.redisbench.runresults.Figures;
import org.redisbench.runresults.Phase;
import org.redisbench.runresults.RunResults;
import org.redisbench.runresults.SummaryRecord;
import org.redisbench.runresults.Variant;

/** The published experiment's headline figures next to the baseline apps' own: string vs Kryo, and any other app beside them. */
public final class PublishedSection implements Section {

	private static final double GIB = 1024.0 * 1024 * 1024;

	private static final long PUBLISHED_PERSONS = 15_000_000L;

	@Override
	public void writeTo(Markdown md, RunResults run) {
		Figures figures = run.figures();
		md.line("## The published figures and ours");
		md.line();
		List<Variant> others = figures.baseline()
			.stream()
			.filter(v -> !v.app().equals("string") && !v.app().equals("kryo"))
			.toList();
		List<String> header = new ArrayList<>(List.of("figure", "published string (fastjson)", "published Kryo",
				"our string", "our Kryo", "Kryo vs string, ours"));
		others.forEach(other -> header.add("our " + other.app()));
		md.header(header.toArray(String[]::new));
		Function<SummaryRecord, Double> rps = r -> r.load().requestsPerSecond();
		Function<SummaryRecord, Double> bytesPerPerson = r -> r.store().bytesPerPerson();
		row(md, figures, others, "write QPS (`/add`, 100 persons each)", "399.18", "381.06", Phase.ADD, rps, Markdown::num);
		row(md, figures, others, "read QPS (`/check`, 100 persons each)", "425.22", "386.49 (run with -n 50000 -c 500)",
				Phase.CHECK, rps, Markdown::num);
		row(md, figures, others, "`used_memory` for 15 M persons", "3.30 G", "3.20 G", Phase.ADD,
				r -> bytesPerPerson.apply(r) == null ? null : bytesPerPerson.apply(r) * PUBLISHED_PERSONS,
				v -> String.format(Locale.ROOT, "%.2f G", v / GIB));
		row(md, figures, others, "bytes per person", derivedBytes(3.30), derivedBytes(3.20), Phase.ADD, bytesPerPerson,
				Markdown::num);
		md.line();
		md.line("The post ran Redis, the app and `ab` (on a Raspberry Pi 3B) on three machines, with JDK 8, Spring Boot 1.4 "
				+ "and Redis 3.2, and its Kryo app was not a fair integration (the project's "
				+ "`docs/published-experiment.md` says how). Ours ran as *placement* above says. "
				+ "Our `used_memory` for 15 M persons is our bytes per person (growth of `used_memory` less client buffers, "
				+ "divided by the keys written) times 15,000,000: at `-n 150000` that is the growth measured over 15 M persons.");
		md.line();
	}

	private static String derivedBytes(double publishedGib) {
		return String.format(Locale.ROOT, "≈%.0f (derived)", publishedGib * GIB / PUBLISHED_PERSONS);
	}

	/** The published comparison, string vs Kryo, then the run's other apps beside it. */
	private static void row(Markdown md, Figures figures, List<Variant> others, String label, String string,
			String kryo, Phase phase, Function<SummaryRecord, Double> figure, DoubleFunction<String> format) {
		Spread ours = figures.spread(figures.baseline("string"), phase, figure);
		Spread theirs = figures.spread(figures.baseline("kryo"), phase, figure);
		List<Object> cells = new ArrayList<>(List.of(label, string, kryo, Markdown.spread(ours, format),
				Markdown.spread(theirs, format), Markdown.difference(ours, theirs)));
		others.forEach(other -> cells.add(Markdown.spread(figures.spread(other, phase, figure), format)));
		md.row(cells.toArray());
	}

}
