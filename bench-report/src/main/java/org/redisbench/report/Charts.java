package org.redisbench.report;

import java.awt.Color;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.SeriesMarkers;

/** The report's PNG charts: one bar per baseline app and phase at the median, whiskers from the lowest to the highest run. */
final class Charts {

	static final String REQUESTS_PER_SECOND = "requests-per-second.png";

	static final String BYTES_PER_PERSON = "bytes-per-person.png";

	static final String CPU_PER_REQUEST = "cpu-per-request.png";

	private Charts() {
	}

	static List<String> write(Path output, Figures figures) {
		List<String> written = new ArrayList<>();
		draw(output, REQUESTS_PER_SECOND, "Requests per second (100 persons each)", "requests/s", figures,
				List.of("add", "check"), SummaryRecord::requestsPerSecond, written);
		draw(output, BYTES_PER_PERSON, "Redis memory per person (used_memory - client buffers)", "bytes", figures,
				List.of("add"), SummaryRecord::bytesPerPerson, written);
		draw(output, CPU_PER_REQUEST, "App CPU time per request (user + system)", "ms", figures,
				List.of("add", "check", "noop"), SummaryRecord::appCpuMsPerRequest, written);
		return written;
	}

	/** The baseline variants side by side, labelled by app. */
	private static void draw(Path output, String file, String title, String unit, Figures figures, List<String> phases,
			Function<SummaryRecord, Double> figure, List<String> written) {
		List<Variant> apps = figures.baseline();
		List<String> categories = new ArrayList<>();
		List<Double> middles = new ArrayList<>();
		List<Double> halfRanges = new ArrayList<>();
		List<List<Double>> bars = new ArrayList<>();
		apps.forEach(app -> bars.add(new ArrayList<>()));
		for (String phase : phases) {
			for (int a = 0; a < apps.size(); a++) {
				Spread spread = figures.spread(apps.get(a), phase, figure);
				if (spread == null) {
					continue;
				}
				String app = apps.get(a).app();
				categories.add(phases.size() > 1 ? phase + " · " + app : app);
				for (int b = 0; b < apps.size(); b++) {
					bars.get(b).add(b == a ? spread.median() : null);
				}
				middles.add((spread.min() + spread.max()) / 2);
				halfRanges.add((spread.max() - spread.min()) / 2);
			}
		}
		if (categories.isEmpty()) {
			return;
		}
		CategoryChart chart = new CategoryChartBuilder().width(900).height(540).title(title).yAxisTitle(unit).build();
		chart.getStyler().setOverlapped(true);
		chart.getStyler().setYAxisMin(0.0);
		chart.getStyler().setChartBackgroundColor(Color.WHITE);
		chart.getStyler().setErrorBarsColor(Color.BLACK);
		for (int a = 0; a < apps.size(); a++) {
			if (bars.get(a).stream().anyMatch(v -> v != null)) {
				chart.addSeries(apps.get(a).app() + " (median)", categories, bars.get(a));
			}
		}
		// XChart's error bars are symmetric: centred on the middle of the range, they span exactly min..max.
		CategorySeries range = chart.addSeries("min-max of runs", categories, middles, halfRanges);
		range.setChartCategorySeriesRenderStyle(CategorySeries.CategorySeriesRenderStyle.Scatter);
		range.setMarker(SeriesMarkers.NONE);
		range.setLineStyle(SeriesLines.NONE);
		try {
			BitmapEncoder.saveBitmap(chart, output.resolve(file).toString(), BitmapEncoder.BitmapFormat.PNG);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		written.add(file);
	}

}
