package org.redisbench.report.charts;

import java.awt.Color;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;
import org.redisbench.model.Spread;
import org.redisbench.openloop.rules.Objective;
import org.redisbench.runresults.OpenLoopRuns;
import org.redisbench.runresults.OpenLoopStep;
import org.redisbench.runresults.OpenLoopVariant;

/**
 * Latency against achieved throughput, every variant of the run on one chart, latency on a log scale: a point per
 * offered rate (medians over its steps, --rates and --slo alike), joined in order of offered rate, so that each
 * variant's knee shows: latency leaves its floor, and past it throughput stops following the offered rate or falls
 * back. The objective of --slo is a
 * horizontal line on the chart of its percentile.
 */
public final class LatencyThroughputChart {

	/** {@code String.format(FILE, "p99")}. */
	public static final String FILE = "latency-throughput-%s.png";

	/** The percentiles charted, here and in report.html. */
	public static final List<String> PERCENTILES = List.of("p99", "p99.9");

	private LatencyThroughputChart() {
	}

	public static List<String> write(Path output, OpenLoopRuns runs) {
		List<String> written = new ArrayList<>();
		if (runs.variants().stream().allMatch(v -> v.steps().isEmpty())) {
			return written;
		}
		for (String percentile : PERCENTILES) {
			draw(output, runs, percentile, written);
		}
		return written;
	}

	/** The medians over the steps at one offered rate. */
	public record RatePoint(double achievedRps, double latencyMs) {
	}

	/** A variant's points in order of offered rate, here and in report.html; none where the latency is 0. */
	public static List<RatePoint> points(OpenLoopVariant variant, String percentile) {
		List<RatePoint> points = new ArrayList<>();
		Map<Double, List<OpenLoopStep>> rates = variant.steps()
			.stream()
			.collect(Collectors.groupingBy(OpenLoopStep::offered, TreeMap::new, Collectors.toList()));
		for (List<OpenLoopStep> steps : rates.values()) {
			Spread achieved = Spread.of(steps.stream().map(s -> s.figures().achievedRps()).toList());
			Spread latency = Spread.of(steps.stream().map(s -> s.figures().percentileMs(percentile)).toList());
			// a log axis has no place for 0
			if (achieved != null && latency != null && latency.median() > 0) {
				points.add(new RatePoint(achieved.median(), latency.median()));
			}
		}
		return points;
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
			List<RatePoint> points = points(variant, percentile);
			if (points.isEmpty()) {
				continue;
			}
			chart.addSeries(variant.name(), points.stream().map(RatePoint::achievedRps).toList(),
					points.stream().map(RatePoint::latencyMs).toList()).setMarker(SeriesMarkers.CIRCLE);
			highest = Math.max(highest, points.stream().mapToDouble(RatePoint::achievedRps).max().orElse(0));
			series++;
		}
		if (series == 0) {
			return;
		}
		Objective slo = runs.objective();
		if (slo != null && slo.percentile().equals(percentile)) {
			XYSeries objective = chart.addSeries("objective " + slo, List.of(0.0, Math.max(1, highest)),
					List.of(slo.boundMs(), slo.boundMs()));
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

}
