package org.redisbench.compare;

import java.util.List;
import java.util.Locale;

/** compare.md: the runs, what differed, each figure's change with its test, the warnings, how it was tested. */
final class CompareMarkdown {

	static final String FILE = "compare.md";

	private final StringBuilder text = new StringBuilder();

	private CompareMarkdown() {
	}

	static String render(Comparisons all) {
		CompareMarkdown md = new CompareMarkdown();
		md.write(all);
		return md.text.toString();
	}

	private void write(Comparisons all) {
		List<RunFolder> runs = all.runs();
		line("# Comparison of bench.sh runs");
		line();
		for (int i = 0; i < runs.size(); i++) {
			RunFolder run = runs.get(i);
			line("- **%s** `%s`: commit %s, started %s", role(all, i), run.path(), run.commit(),
					run.started().isEmpty() ? "?" : run.started());
		}
		line();
		differences(all);
		for (Comparison comparison : all.comparisons()) {
			changes(all, comparison);
		}
		failAbove(all);
		List<String> warnings = all.warnings();
		if (!warnings.isEmpty()) {
			line("## Warnings");
			line();
			warnings.forEach(warning -> line("- %s", warning));
			line();
		}
		method(all);
	}

	private void differences(Comparisons all) {
		Differences differences = all.differences();
		line("## What differed");
		line();
		if (differences.differing().isEmpty()) {
			line(Differences.NOTHING);
		}
		else {
			StringBuilder header = new StringBuilder("| |");
			for (int i = 0; i < all.runs().size(); i++) {
				header.append(' ').append(role(all, i)).append(" |");
			}
			line(header.toString());
			line("|---|" + "---|".repeat(all.runs().size()));
			for (Differences.Fact fact : differences.differing()) {
				StringBuilder row = new StringBuilder("| " + cell(fact.what()) + " |");
				fact.values().forEach(value -> row.append(' ').append(value.isEmpty() ? "–" : cell(value)).append(" |"));
				line(row.toString());
			}
		}
		line();
		if (!differences.same().isEmpty()) {
			StringBuilder same = new StringBuilder("The same in all: ");
			for (int i = 0; i < differences.same().size(); i++) {
				Differences.Fact fact = differences.same().get(i);
				same.append(i == 0 ? "" : "; ").append(fact.what()).append(' ').append(fact.values().get(0));
			}
			line("%s; and %d other settings.", same, differences.settingsSame());
			line();
		}
	}

	private void changes(Comparisons all, Comparison comparison) {
		String next = all.comparisons().size() == 1 ? "NEW" : comparison.next().name();
		line("## Changes, %s against BASE", next);
		line();
		line("Each figure of each variant both runs hold: the medians of the samples tested, the change (the median "
				+ "of every ratio %s / BASE, Hodges–Lehmann), its 95%% interval, the Mann–Whitney U test's two-sided "
				+ "p and the verdict: **better** or **worse** at p < %.2f, `~` not significant, *too few* where the "
				+ "samples could not reach p < %.2f whatever they held.", next, all.alpha(), all.alpha());
		line();
		line("| variant | figure | BASE | %s | change | 95%% interval | p | verdict | samples, test |", next);
		line("|---|---|---:|---:|---:|---|---:|---|---|");
		for (Row row : comparison.rows()) {
			Change change = row.change();
			String verdict = switch (change.verdict()) {
				case BETTER, WORSE -> "**" + change.verdict().label() + "**";
				case SAME -> "`~`";
				case TOO_FEW -> "*too few*";
			};
			line("| %s | %s | %s | %s | %s | %s | %s | %s | %s |", row.variant(), cell(row.figure().label()),
					number(row.base().median()), number(row.next().median()), percent(change.percent()),
					interval(change), p(change.pValue()), verdict, cell(samples(row)));
		}
		line();
	}

	private void failAbove(Comparisons all) {
		if (all.failAbove() == null) {
			return;
		}
		line("## --fail-above %s", number(all.failAbove()));
		line();
		List<Row> failed = all.failed();
		if (failed.isEmpty()) {
			line("No figure of %s got significantly worse by more than %s%%: exit status 0.",
					all.newest().next().name(), number(all.failAbove()));
		}
		else {
			line("%d figure%s of %s got significantly worse by more than %s%%: exit status 1.", failed.size(),
					failed.size() == 1 ? "" : "s", all.newest().next().name(), number(all.failAbove()));
			line();
			failed.forEach(row -> line("- %s %s: %s, p = %s", row.variant(), row.figure().label(),
					percent(row.change().percent()), p(row.change().pValue())));
		}
		line();
	}

	private void method(Comparisons all) {
		line("## How each figure was tested");
		line();
		line("Each test is the Mann–Whitney U test (Apache Commons Statistics), two-sided at %.2f: it compares ranks, "
				+ "so it asks nothing of the figures' distribution, which for rates and latencies is seldom normal. Its "
				+ "p is exact below 50 values a side without ties, else from the normal approximation with tie and "
				+ "continuity correction. The change is the Hodges–Lehmann estimate, the median of every ratio of a "
				+ "value of one run to a value of the other (a difference where a value is 0), and its interval the "
				+ "shifts the same test does not reject: the interval leaves out 0 when the test calls the change.",
				all.alpha());
		line();
		line("What a value is depends on what the runs hold. With 4 or more repetitions a side, one value a "
				+ "repetition (its summary figure; for an open-loop step its p99, for --slo a search's capacity): each "
				+ "repetition is a fresh app, so the spread between runs is in them. With fewer, the per-second samples "
				+ "of the app (its requests a second, and its CPU over its requests) within the phases: many values, "
				+ "but a second's rate predicts the next one's, and a rank test fed them as independent calls far too "
				+ "much. So they are averaged over batches first, each batch 3 (1 + r) / (1 − r) samples long, r their "
				+ "lag-1 autocorrelation, the same length in both runs, never across repetitions: batch means, of which "
				+ "the test erred 4.5–7.3% of the time at 0.05 in simulation, where the raw samples erred 15–59%. "
				+ "Bytes per person, open-loop p99s and capacities have no per-second samples: 3 repetitions against 3 "
				+ "can give no p below 0.10, and are *too few*. docs/compare.md tells more.");
		line();
	}

	/** {@code 3 vs 3 repetitions, exact}; {@code 7 vs 12 batch means of 6 per-second samples (r 0.41), exact}. */
	private static String samples(Row row) {
		Samples.Batching batching = row.base().batching();
		String of = batching == null ? ""
				: String.format(Locale.ROOT, " of %d per-second samples (r %.2f)", batching.length(),
						batching.correlation());
		return row.base().size() + " vs " + row.next().size() + " " + row.base().kind().plural() + of + ", "
				+ (row.change().exact() ? "exact" : "normal approx.");
	}

	/** How compare.md names run {@code run}: BASE, NEW, or in a trend a later run's folder name. */
	static String role(Comparisons all, int run) {
		if (run == 0) {
			return "BASE";
		}
		return all.runs().size() == 2 ? "NEW" : all.runs().get(run).name();
	}

	static String number(double value) {
		if (Double.isNaN(value)) {
			return "–";
		}
		double magnitude = Math.abs(value);
		String pattern = magnitude >= 1000 ? "%,.0f" : magnitude >= 100 ? "%.1f" : magnitude >= 1 ? "%.2f" : "%.3f";
		return String.format(Locale.ROOT, pattern, value);
	}

	/** {@code +12.3%}; a change that rounds to none is {@code +0.0%}, never {@code -0.0%}. */
	static String percent(Double value) {
		return value == null ? "–" : String.format(Locale.ROOT, "%+.1f%%", Math.round(value * 10) / 10.0 + 0.0);
	}

	static String p(double p) {
		return p >= 0.01 ? String.format(Locale.ROOT, "%.2f", p)
				: p >= 0.001 ? String.format(Locale.ROOT, "%.3f", p) : String.format(Locale.ROOT, "%.1e", p);
	}

	private static String interval(Change change) {
		if (change.verdict() == ChangeVerdict.TOO_FEW || change.percent() == null) {
			return "–";
		}
		return (change.lowPercent() == null ? "−∞" : percent(change.lowPercent())) + " … "
				+ (change.highPercent() == null ? "+∞" : percent(change.highPercent()));
	}

	private static String cell(String text) {
		return text.replace("|", "\\|");
	}

	private void line(String format, Object... args) {
		this.text.append(args.length == 0 ? format : String.format(Locale.ROOT, format, args)).append('\n');
	}

	private void line() {
		this.text.append('\n');
	}

}
