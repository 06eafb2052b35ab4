package org.redisbench.advise;

import java.awt.Color;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.redisbench.lab.Estimate;

/** The report's charts, drawn like the codec lab's with XChart: a bar a candidate, a series a layout. */
final class AdviceCharts {

	static final String BYTES = "redis-bytes-per-value.png";

	static final String DECODE = "decode-ns.png";

	private AdviceCharts() {
	}

	/** Writes the charts that have a figure; returns their file names. */
	static List<String> write(Path out, List<AdviceRow> rows) {
		List<String> written = new ArrayList<>();
		draw(out, BYTES, "Redis bytes a value at the source's size (error bars: split-halves spread)", "bytes", rows,
				(row) -> new Estimate(row.footprint().perValue(), row.footprint().spread()), written);
		List<AdviceRow> keyRows = rows.stream().filter((row) -> row.layout() == Placement.KEY).toList();
		draw(out, DECODE, "decode ns a value (error bars: 99.9% confidence interval)", "ns", keyRows,
				AdviceRow::decodeNanos, written);
		return written;
	}

	private static void draw(Path out, String file, String title, String unit, List<AdviceRow> rows,
			Function<AdviceRow, Estimate> figure, List<String> written) {
		List<String> candidates = new ArrayList<>();
		Map<String, Map<String, Estimate>> bySeries = new LinkedHashMap<>();
		for (AdviceRow row : rows) {
			Estimate estimate = row.measured() ? figure.apply(row) : null;
			if (estimate == null) {
				continue;
			}
			String candidate = row.candidate().id();
			if (!candidates.contains(candidate)) {
				candidates.add(candidate);
			}
			bySeries.computeIfAbsent(row.layout().label, (layout) -> new LinkedHashMap<>()).put(candidate, estimate);
		}
		if (candidates.isEmpty()) {
			return;
		}
		CategoryChart chart = new CategoryChartBuilder().width(Math.max(900, 30 * candidates.size() * bySeries.size()))
			.height(540)
			.title(title)
			.yAxisTitle(unit)
			.build();
		chart.getStyler().setYAxisMin(0.0);
		chart.getStyler().setYAxisDecimalPattern("#,##0.#");
		chart.getStyler().setChartBackgroundColor(Color.WHITE);
		chart.getStyler().setErrorBarsColor(Color.BLACK);
		chart.getStyler().setXAxisLabelRotation(45);
		chart.getStyler().setXAxisTickMarkSpacingHint(20);
		bySeries.forEach((series, estimates) -> {
			List<Double> scores = candidates.stream()
				.map((candidate) -> estimates.containsKey(candidate) ? estimates.get(candidate).score() : 0.0)
				.toList();
			// no error bar (0) where there is no interval
			List<Double> errors = candidates.stream()
				.map(estimates::get)
				.map((estimate) -> (estimate != null && estimate.hasInterval()) ? estimate.error() : 0.0)
				.toList();
			chart.addSeries(series, candidates, scores, errors);
		});
		try {
			BitmapEncoder.saveBitmap(chart, out.resolve(file).toString(), BitmapEncoder.BitmapFormat.PNG);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		written.add(file);
	}

}
