package org.redisbench.advise;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

import org.redisbench.estimates.Estimate;
import org.redisbench.footprint.DocumentEncoding;
import org.redisbench.footprint.Placement;
import org.redisbench.footprint.sampling.ValueSample;
import org.redisbench.html.Chart;
import org.redisbench.html.Figure;
import org.redisbench.html.HtmlReport;
import org.redisbench.html.Point;
import org.redisbench.html.RunSummary;
import org.redisbench.html.Series;
import org.redisbench.html.Setting;

/**
 * report.html of an advisor run (report-html), beside advice.md: the source, the sample and the candidates asked
 * for at the top, the PNG charts' bars (a group per candidate, a bar per layout) with encode time and value bytes
 * beside, and each candidate's Redis bytes a value and CPU for index.html.
 */
final class AdvicePage {

	static final String KIND = "advice";

	private AdvicePage() {
	}

	static void write(Path out, AdviceFacts facts, List<AdviceRow> rows) {
		List<AdviceRow> measured = rows.stream().filter(AdviceRow::measured).toList();
		List<AdviceRow> keyRows = measured.stream().filter((row) -> row.layout() == Placement.KEY).toList();
		List<Chart> charts = List.of(
				bars("Redis bytes a value at the source's size (hover: ± the split-halves spread)", "bytes", measured,
						(row) -> new Estimate(row.footprint().perValue(), row.footprint().spread())),
				bars("decode ns a value (hover: 99.9% confidence interval)", "ns", keyRows, AdviceRow::decodeNanos),
				bars("encode ns a value (hover: 99.9% confidence interval)", "ns", keyRows, AdviceRow::encodeNanos),
				bars("Value bytes as stored, mean over the sample", "bytes", keyRows,
						(row) -> new Estimate(row.stored().mean(), Double.NaN)));
		try {
			HtmlReport.write(out.resolve(AdviceReport.FILE), summary(facts, rows), charts);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private static RunSummary summary(AdviceFacts facts, List<AdviceRow> rows) {
		Options options = facts.options();
		ValueSample sample = facts.sample();
		List<Setting> settings = new ArrayList<>();
		settings.add(new Setting("source", sample.source));
		settings.add(new Setting("values read", String.valueOf(sample.values.size())));
		settings.add(new Setting("sample asked", String.valueOf(options.sample())));
		settings.add(new Setting("seed", String.valueOf(options.seed())));
		settings.add(new Setting("encodings", join(options.encodings(), DocumentEncoding::id)));
		settings.add(new Setting("compressions", join(options.compressions(), Object::toString)));
		settings.add(new Setting("layouts", join(options.layouts(), Placement::id)));
		settings.add(new Setting("JMH", options.cpu().run() ? options.cpu().forks() + " fork(s), "
				+ options.cpu().iterations() + " iteration(s) of " + options.cpu().iterationTime() : "not run"));
		settings.add(new Setting("advisor's Redis", facts.ownRedisVersion()));
		List<String> warnings = new ArrayList<>();
		rows.stream()
			.filter((row) -> row.unavailableBecause() != null)
			.map((row) -> row.candidate().id() + " " + row.layout().id() + " not measured: " + row.unavailableBecause())
			.distinct()
			.forEach(warnings::add);
		rows.stream()
			.filter((row) -> row.measured() && !row.faithful())
			.map((row) -> row.candidate().id() + (row.fidelity().changed() > 0
					? " changed " + row.fidelity().changed() + " value(s) on the way back"
					: " could not carry " + row.fidelity().notCarriedValues() + " value(s)") + ": never advised")
			.distinct()
			.forEach(warnings::add);
		// the advisor records neither: the time is this report's, written at the run's end
		return new RunSummary(KIND, OffsetDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.SECONDS).toString(), "?",
				settings, warnings, headline(rows));
	}

	private static List<Figure> headline(List<AdviceRow> rows) {
		List<Figure> headline = new ArrayList<>();
		for (AdviceRow row : rows) {
			if (!row.measured()) {
				continue;
			}
			String group = row.candidate().id() + " " + row.layout().id();
			headline.add(new Figure(group, "Redis bytes a value", "bytes", row.footprint().perValue()));
			headline.add(new Figure(group, "projected bytes", "bytes", row.footprint().projectedBytes()));
			Map<String, Estimate> times = new LinkedHashMap<>();
			times.put("encode ns", row.encodeNanos());
			times.put("decode ns", row.decodeNanos());
			times.forEach((name, estimate) -> {
				if (estimate != null && Double.isFinite(estimate.score())) {
					headline.add(new Figure(group, name, "ns", estimate.score()));
				}
			});
		}
		return headline;
	}

	/** A group of bars per candidate, a bar per layout; an estimate's interval is its point's range. */
	private static Chart bars(String title, String unit, List<AdviceRow> rows, Function<AdviceRow, Estimate> figure) {
		Map<String, List<Point>> byLayout = new LinkedHashMap<>();
		for (AdviceRow row : rows) {
			Estimate estimate = figure.apply(row);
			List<Point> points = byLayout.computeIfAbsent(row.layout().label, (layout) -> new ArrayList<>());
			if (estimate == null || !Double.isFinite(estimate.score())) {
				continue;
			}
			String candidate = row.candidate().id();
			points.add(estimate.hasInterval()
					? Point.of(candidate, estimate.score(), estimate.lower(), estimate.upper())
					: Point.of(candidate, estimate.score()));
		}
		return Chart.bars(title, "candidate", unit,
				byLayout.entrySet().stream().map((e) -> new Series(e.getKey(), e.getValue())).toList());
	}

	private static <T> String join(List<T> items, Function<T, String> name) {
		return items.stream().map(name).collect(Collectors.joining(", "));
	}

}
