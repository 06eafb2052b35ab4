package org.redisbench.estimates;

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
 * A bar chart of estimates with XChart, as the codec lab and the value advisor draw theirs: a group of bars per
 * category (a codec, a candidate), a bar per series (a compression, a layout), each estimate's interval as its
 * error bar. Rows without a figure are left out; without any, nothing is drawn.
 */
public final class EstimateBars {

	private EstimateBars() {
	}

	/** Draws {@code file} in {@code output} and adds its name to {@code written} when a row has a figure. */
	public static <R> void draw(Path output, String file, String title, String unit, List<R> rows,
			Function<R, String> category, Function<R, String> series, Function<R, Estimate> figure,
			List<String> written) throws IOException {
		List<String> categories = new ArrayList<>();
		Map<String, Map<String, Estimate>> bySeries = new LinkedHashMap<>();
		for (R row : rows) {
			Estimate estimate = figure.apply(row);
			if (estimate == null) {
				continue;
			}
			String name = category.apply(row);
			if (!categories.contains(name)) {
				categories.add(name);
			}
			bySeries.computeIfAbsent(series.apply(row), (s) -> new LinkedHashMap<>()).put(name, estimate);
		}
		if (categories.isEmpty()) {
			return;
		}
		CategoryChart chart = new CategoryChartBuilder().width(Math.max(900, 40 * categories.size() * bySeries.size()))
			.height(540)
			.title(title)
			.yAxisTitle(unit)
			.build();
		chart.getStyler().setYAxisMin(0.0);
		// whole numbers with separators, not XChart's 1.4E5 for large ones
		chart.getStyler().setYAxisDecimalPattern("#,##0.#");
		chart.getStyler().setChartBackgroundColor(Color.WHITE);
		chart.getStyler().setErrorBarsColor(Color.BLACK);
		chart.getStyler().setXAxisLabelRotation(45);
		// XChart labels only every n-th category unless the hint allows one label per category
		chart.getStyler().setXAxisTickMarkSpacingHint(20);
		bySeries.forEach((name, estimates) -> {
			List<Double> scores = categories.stream()
				.map((c) -> estimates.containsKey(c) ? estimates.get(c).score() : null)
				.toList();
			// XChart draws a bar's error bar from a number: none (0) where there is no interval
			List<Double> errors = categories.stream()
				.map(estimates::get)
				.map((estimate) -> (estimate != null && estimate.hasInterval()) ? estimate.error() : 0.0)
				.toList();
			if (errors.stream().allMatch((error) -> error == 0.0)) {
				chart.addSeries(name, categories, scores);
			}
			else {
				chart.addSeries(name, categories, scores, errors);
			}
		});
		BitmapEncoder.saveBitmap(chart, output.resolve(file).toString(), BitmapEncoder.BitmapFormat.PNG);
		written.add(file);
	}

}
