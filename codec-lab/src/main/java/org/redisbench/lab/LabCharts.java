package org.redisbench.lab;

import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;

/**
 * The report's PNG charts, drawn like bench-report's with XChart: one group of bars per codec, one bar per
 * compression. Times carry their 99.9% confidence intervals as error bars.
 */
final class LabCharts {

	static final String REDIS_BYTES = "redis-bytes-per-key.png";

	private LabCharts() {
	}

	/** The chart of an operation's ns/op. */
	static String nanosFile(Operation operation) {
		return "ns-" + operation.column().replace('_', '-') + ".png";
	}

	/** Writes the charts that have a figure; returns their file names. */
	static List<String> write(Path output, List<LabRow> rows) throws IOException {
		List<String> written = new ArrayList<>();
		for (Operation operation : Operation.values()) {
			draw(output, nanosFile(operation), "ns per operation: " + operation.label()
					+ " (error bars: 99.9% confidence interval)", "ns", rows, (row) -> row.nanos(operation), written);
		}
		draw(output, REDIS_BYTES, "Redis bytes per key (used_memory growth - client buffers)", "bytes", rows,
				(row) -> (row.sizes() != null && row.sizes().redisBytesPerKey() != null)
						? new Estimate(row.sizes().redisBytesPerKey(), Double.NaN) : null,
				written);
		return written;
	}

	private static void draw(Path output, String file, String title, String unit, List<LabRow> rows,
			Function<LabRow, Estimate> figure, List<String> written) throws IOException {
		List<String> codecs = new ArrayList<>();
		Map<String, Map<String, Estimate>> byCompression = new LinkedHashMap<>();
		for (LabRow row : rows) {
			Estimate estimate = figure.apply(row);
			if (estimate == null) {
				continue;
			}
			String codec = row.setup().codec().id();
			if (!codecs.contains(codec)) {
				codecs.add(codec);
			}
			byCompression.computeIfAbsent(row.setup().compression().toString(), (c) -> new LinkedHashMap<>())
				.put(codec, estimate);
		}
		if (codecs.isEmpty()) {
			return;
		}
		CategoryChart chart = new CategoryChartBuilder().width(Math.max(900, 40 * codecs.size() * byCompression.size()))
			.height(540)
			.title(title)
			.yAxisTitle(unit)
			.build();
		chart.getStyler().setYAxisMin(0.0);
		// whole numbers with separators, not XChart's 1.4E5 for large ones
		chart.getStyler().setYAxisDecimalPattern("#,##0.#");
		chart.getStyler().setChartBackgroundColor(Color.WHITE);
		chart.getStyler().setErrorBarsColor(Color.BLACK);
		// XChart labels only every n-th category unless the hint allows one label per category
		chart.getStyler().setXAxisTickMarkSpacingHint(30);
		byCompression.forEach((compression, estimates) -> {
			List<Double> scores = codecs.stream()
				.map((codec) -> estimates.containsKey(codec) ? estimates.get(codec).score() : null)
				.toList();
			// XChart draws a bar's error bar from a number: none (0) where JMH gave no interval
			List<Double> errors = codecs.stream()
				.map(estimates::get)
				.map((estimate) -> (estimate != null && estimate.hasInterval()) ? estimate.error() : 0.0)
				.toList();
			if (errors.stream().allMatch((error) -> error == 0.0)) {
				chart.addSeries(compression, codecs, scores);
			}
			else {
				chart.addSeries(compression, codecs, scores, errors);
			}
		});
		BitmapEncoder.saveBitmap(chart, output.resolve(file).toString(), BitmapEncoder.BitmapFormat.PNG);
		written.add(file);
	}

}
