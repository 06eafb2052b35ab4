package org.redisbench.compare;

import java.io.IOException;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.redisbench.html.Chart;
import org.redisbench.html.Figure;
import org.redisbench.html.HtmlReport;
import org.redisbench.html.Point;
import org.redisbench.html.RunSummary;
import org.redisbench.html.Series;
import org.redisbench.html.Setting;
import org.redisbench.html.Table;

/**
 * report.html of a comparison (report-html), beside compare.md: what differed between the runs and the warnings at
 * its top, then per run against BASE a chart of every figure's change with its 95% interval, coloured by verdict, from
 * the same rows compare.md is written from, then compare.md itself. report.json keeps the newest run's changes, with
 * their verdicts, for index.html.
 */
final class ComparePage {

	/** The verdicts in the order the chart lists them, the worse first, each with the colour that says it. */
	private static final Map<ChangeVerdict, Series.Tone> TONES = tones();

	private ComparePage() {
	}

	private static Map<ChangeVerdict, Series.Tone> tones() {
		Map<ChangeVerdict, Series.Tone> tones = new LinkedHashMap<>();
		tones.put(ChangeVerdict.WORSE, Series.Tone.BAD);
		tones.put(ChangeVerdict.BETTER, Series.Tone.GOOD);
		tones.put(ChangeVerdict.SAME, Series.Tone.NEUTRAL);
		tones.put(ChangeVerdict.TOO_FEW, Series.Tone.FAINT);
		return tones;
	}

	/** Writes report.html and report.json beside {@code markdown}, compare.md. */
	static Path write(Path markdown, Comparisons all) throws IOException {
		return HtmlReport.write(markdown, summary(all), List.of(differences(all)), charts(all));
	}

	static RunSummary summary(Comparisons all) {
		List<Setting> settings = new ArrayList<>();
		for (int i = 0; i < all.runs().size(); i++) {
			RunFolder run = all.runs().get(i);
			settings.add(new Setting(CompareMarkdown.role(all, i), run.path() + ", commit " + run.commit()
					+ ", started " + (run.started().isEmpty() ? "?" : run.started())));
		}
		settings.add(new Setting("test", "Mann–Whitney U, two-sided, significant at p < "
				+ String.format(Locale.ROOT, "%.2f", all.alpha()) + "; changes with their " + percentInterval(all) + " interval"));
		settings.add(new Setting("--fail-above", all.failAbove() == null ? "none"
				: CompareMarkdown.number(all.failAbove()) + "%, exit status " + all.exitStatus()));
		all.differences().same().forEach(fact -> settings.add(new Setting(fact.what(), fact.values().get(0))));
		settings.add(new Setting("other settings the same in all", String.valueOf(all.differences().settingsSame())));
		List<String> warnings = new ArrayList<>();
		List<Row> failed = all.failed();
		if (!failed.isEmpty()) {
			warnings.add("--fail-above " + CompareMarkdown.number(all.failAbove()) + ": " + failed.size() + " figure"
					+ (failed.size() == 1 ? "" : "s") + " of " + all.newest().next().name()
					+ " got significantly worse by more than that: exit status 1.");
		}
		warnings.addAll(all.warnings());
		String commits = String.join(" → ", all.runs().stream().map(RunFolder::commit).distinct().toList());
		String started = OffsetDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.SECONDS).toString();
		return new RunSummary(RunSummary.COMPARE, started, commits, settings, warnings, headline(all.newest()));
	}

	/** The newest run's changes, for index.html: {@code /add requests/s (worse)}, in %. */
	private static List<Figure> headline(Comparison newest) {
		return newest.rows()
			.stream()
			.filter(row -> row.change().percent() != null)
			.map(row -> new Figure(row.variant(),
					row.figure().label() + " (" + row.change().verdict().label() + ")", "%", row.change().percent()))
			.toList();
	}

	/** compare.md's "What differed", a column a run. */
	static Table differences(Comparisons all) {
		List<String> header = new ArrayList<>(List.of(""));
		for (int i = 0; i < all.runs().size(); i++) {
			header.add(CompareMarkdown.role(all, i));
		}
		List<List<String>> rows = new ArrayList<>();
		for (Differences.Fact fact : all.differences().differing()) {
			List<String> row = new ArrayList<>(List.of(fact.what()));
			fact.values().forEach(value -> row.add(value.isEmpty() ? "–" : value));
			rows.add(row);
		}
		return new Table("differences", "What differed", header, rows, Differences.NOTHING);
	}

	/** Per run against BASE, each row's change with its interval, a series a verdict. */
	static List<Chart> charts(Comparisons all) {
		List<Chart> charts = new ArrayList<>();
		for (Comparison comparison : all.comparisons()) {
			Map<ChangeVerdict, List<Point>> points = new EnumMap<>(ChangeVerdict.class);
			for (Row row : comparison.rows()) {
				Change change = row.change();
				if (change.percent() == null) {
					continue;
				}
				String label = category(row);
				boolean interval = change.verdict() != ChangeVerdict.TOO_FEW && change.lowPercent() != null
						&& change.highPercent() != null;
				points.computeIfAbsent(change.verdict(), verdict -> new ArrayList<>())
					.add(interval ? Point.of(label, change.percent(), change.lowPercent(), change.highPercent())
							: Point.of(label, change.percent()));
			}
			List<Series> series = new ArrayList<>();
			TONES.forEach((verdict, tone) -> series.add(new Series(verdict.label(),
					points.getOrDefault(verdict, List.of()), tone)));
			String next = all.comparisons().size() == 1 ? "NEW" : comparison.next().name();
			charts.add(Chart.intervals("Change of each figure, " + next + " against BASE, with its "
					+ percentInterval(all) + " interval", "variant · figure", "change, %", series));
		}
		return charts;
	}

	/** {@code 95%}: the intervals' confidence, the complement of the tests' alpha. */
	private static String percentInterval(Comparisons all) {
		return Math.round((1 - all.alpha()) * 100) + "%";
	}

	/** A row as the chart names it: {@code string-per-key-none-single-c50 · /add requests/s}. */
	static String category(Row row) {
		return row.variant() + " · " + row.figure().label();
	}

}
