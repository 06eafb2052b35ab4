package org.redisbench.report;

import java.awt.Color;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Latency against achieved throughput, every variant of the run on one chart, latency on a log scale: a point per
 * offered rate (medians over the repetitions, --rates and --slo steps alike), so that each variant's knee, where
 * latency leaves its floor while throughput stops following the offered rate, shows. The objective of --slo is a
 * horizontal line on the chart of its percentile.
 */
final class LatencyThroughputChart {

	/** {@code String.format(FILE, "p99")}. */
	static final String FILE = "latency-throughput-%s.png";

	private LatencyThroughputChart() {
	}

	static List<String> write(Path output, OpenLoopRuns runs) {
		List<String> written = new ArrayList<>();
		if (runs.variants().stream().allMatch(v -> v.steps().isEmpty())) {
			return written;
		}
		for (String percentile : List.of("p99", "p99.9")) {
			draw(output, runs, percentile, written);
		}
		return written;
	}

	private static void draw(Path output, OpenLoopRuns runs, String percentile, List<String> written) {
		XYChart chart = new XYChartBuilder().width(1000)
			.height(600)
			.title(percentile + " latency against achieved throughput, open loop (medians)")
			.xAxisTitle("achieved requests/s")
			.yAxisTitle(percentile + " ms, from the intended send time (log)")
			.build();
		chart.getStyler().setYAxisLogarithmic(true);
		chart.getStyler().setChartBackgroundColor(Color.WHITE);
		double highest = 0;
		int series = 0;
		for (OpenLoopVariant variant : runs.variants()) {
			List<Double> x = new ArrayList<>();
			List<Double> y = new ArrayList<>();
			for (boolean search : List.of(false, true)) {
				Map<Double, List<OpenLoopStep>> rates = OpenLoopSection.byRate(variant.steps(), search);
				for (Map.Entry<Double, List<OpenLoopStep>> rate : rates.entrySet()) {
					Spread achieved = Spread.of(rate.getValue().stream().map(OpenLoopStep::achieved).toList());
					Spread latency = Spread.of(rate.getValue().stream().map(s -> s.percentileMs(percentile)).toList());
					// a log axis has no place for 0
					if (achieved != null && latency != null && latency.median() > 0) {
						x.add(achieved.median());
						y.add(latency.median());
					}
				}
			}
			if (x.isEmpty()) {
				continue;
			}
			sortByX(x, y);
			highest = Math.max(highest, x.get(x.size() - 1));
			chart.addSeries(variant.name(), x, y).setMarker(SeriesMarkers.CIRCLE);
			series++;
		}
		if (series == 0) {
			return;
		}
		if (!runs.objective().isEmpty() && runs.objectivePercentile().equals(percentile)) {
			XYSeries objective = chart.addSeries("objective " + runs.objective(), List.of(0.0, Math.max(1, highest)),
					List.of(runs.objectiveMs(), runs.objectiveMs()));
			objective.setMarker(SeriesMarkers.NONE);
			objective.setLineColor(Color.RED);
		}
		String file = String.format(FILE, percentile);
		try {
			BitmapEncoder.saveBitmap(chart, output.resolve(file).toString(), BitmapEncoder.BitmapFormat.PNG);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		written.add(file);
	}

	/** The points in order of throughput, so that the line runs along it. */
	private static void sortByX(List<Double> x, List<Double> y) {
		List<Integer> order = new ArrayList<>();
		for (int i = 0; i < x.size(); i++) {
			order.add(i);
		}
		order.sort((a, b) -> Double.compare(x.get(a), x.get(b)));
		List<Double> xs = order.stream().map(x::get).toList();
		List<Double> ys = order.stream().map(y::get).toList();
		x.clear();
		x.addAll(xs);
		y.clear();
		y.addAll(ys);
	}

}
