package org.redisbench.lab;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import org.redisbench.estimates.Estimate;
import org.redisbench.html.Chart;
import org.redisbench.html.Figure;
import org.redisbench.html.HtmlReport;
import org.redisbench.html.Point;
import org.redisbench.html.RunSummary;
import org.redisbench.html.Series;
import org.redisbench.html.Setting;

/**
 * report.html of a codec lab run (report-html), beside codecs.md: what scripts/codec-lab.sh recorded and how JMH
 * ran at the top, the PNG charts' bars (a group per codec, a bar per compression, each time with its 99.9% interval
 * on hover) plus the value bytes, and each configuration's encode and decode+verify times and bytes for index.html.
 */
final class LabPage {

	static final String KIND = "codec-lab";

	private LabPage() {
	}

	static void write(Path output, Map<String, String> run, JmhResults.Settings jmh, List<LabRow> rows)
			throws IOException {
		List<Chart> charts = new ArrayList<>();
		for (Operation operation : Operation.values()) {
			charts.add(bars("ns per operation: " + operation.label() + " (hover: 99.9% confidence interval)", "ns",
					rows, (row) -> row.nanos(operation)));
		}
		charts.add(bars("Redis bytes per key (used_memory growth - client buffers)", "bytes", rows,
				(row) -> sized(row, SizeLab.Row::redisBytesPerKey)));
		charts.add(bars("Value bytes, mean over the persons sized", "bytes", rows,
				(row) -> sized(row, SizeLab.Row::valueBytesMean)));
		HtmlReport.write(output.resolve(LabReport.FILE), summary(run, jmh, rows), charts);
	}

	private static RunSummary summary(Map<String, String> run, JmhResults.Settings jmh, List<LabRow> rows) {
		List<Setting> settings = new ArrayList<>();
		run.forEach((name, value) -> settings.add(new Setting(name, value)));
		List<String> warnings = new ArrayList<>();
		if (jmh == null) {
			warnings.add("JMH measured nothing in this run.");
		}
		else {
			settings.add(new Setting("JMH", jmh.jmhVersion() + ", " + jmh.forks() + " fork(s), "
					+ jmh.warmupIterations() + " warm-up and " + jmh.measurementIterations() + " measurement iteration(s) of "
					+ jmh.measurementTime() + ", " + jmh.threads() + " thread(s)"));
			settings.add(new Setting("JDK", jmh.jdkVersion() + " (" + jmh.vmName() + " " + jmh.vmVersion() + ")"));
			if (rows.stream().anyMatch((row) -> !row.measured().isEmpty())
					&& rows.stream().flatMap((row) -> row.measured().values().stream())
						.noneMatch((measured) -> measured.nanos() != null && measured.nanos().hasInterval())) {
				warnings.add("JMH gave no confidence interval (fewer than 3 measurement iterations): no time here "
						+ "may be called faster or slower than another.");
			}
		}
		rows.stream()
			.filter((row) -> !row.status().equals("available"))
			.forEach((row) -> warnings.add(row.setup() + ": " + row.status()));
		return new RunSummary(KIND, run.getOrDefault("date", "?"), run.getOrDefault("commit", "?"), settings, warnings,
				headline(rows));
	}

	private static List<Figure> headline(List<LabRow> rows) {
		List<Figure> headline = new ArrayList<>();
		for (LabRow row : rows) {
			String group = row.setup().codec().id() + " " + row.setup().compression();
			Map<String, Estimate> times = new LinkedHashMap<>();
			times.put("encode ns", row.nanos(Operation.ENCODE_PERSON));
			times.put("decode+verify ns", row.nanos(Operation.DECODE_PERSON));
			times.forEach((name, estimate) -> {
				if (estimate != null && Double.isFinite(estimate.score())) {
					headline.add(new Figure(group, name, "ns", estimate.score()));
				}
			});
			Estimate value = sized(row, SizeLab.Row::valueBytesMean);
			if (value != null) {
				headline.add(new Figure(group, "value bytes", "bytes", value.score()));
			}
			Estimate redis = sized(row, SizeLab.Row::redisBytesPerKey);
			if (redis != null) {
				headline.add(new Figure(group, "Redis bytes a key", "bytes", redis.score()));
			}
		}
		return headline;
	}

	private static Estimate sized(LabRow row, Function<SizeLab.Row, Double> figure) {
		Double value = (row.sizes() != null) ? figure.apply(row.sizes()) : null;
		return (value != null && Double.isFinite(value)) ? new Estimate(value, Double.NaN) : null;
	}

	/** A group of bars per codec, a bar per compression; an estimate's interval is its point's range. */
	private static Chart bars(String title, String unit, List<LabRow> rows, Function<LabRow, Estimate> figure) {
		Map<String, List<Point>> byCompression = new LinkedHashMap<>();
		for (LabRow row : rows) {
			Estimate estimate = figure.apply(row);
			List<Point> points = byCompression.computeIfAbsent(row.setup().compression().toString(),
					(compression) -> new ArrayList<>());
			if (estimate == null || !Double.isFinite(estimate.score())) {
				continue;
			}
			String codec = row.setup().codec().id();
			points.add(estimate.hasInterval() ? Point.of(codec, estimate.score(), estimate.lower(), estimate.upper())
					: Point.of(codec, estimate.score()));
		}
		return Chart.bars(title, "codec", unit,
				byCompression.entrySet().stream().map((e) -> new Series(e.getKey(), e.getValue())).toList());
	}

}
