package org.redisbench.report.charts;

import java.awt.Color;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;
import org.redisbench.runresults.Measure;
import org.redisbench.runresults.OverTime;
import org.redisbench.runresults.Phase;
import org.redisbench.runresults.Timeline;

/**
 * The time-series charts: per phase and {@link Measure}, a line per configuration (its first sampled repetition)
 * against seconds since the phase started, so that the variants of a comparison share one chart.
 */
public final class OverTimeCharts {

	/** {@code String.format(FILE, "add", "memory")}. */
	public static final String FILE = "over-time-%s-%s.png";

	/** On /noop neither the store nor the codec works: only the app's figures say something. */
	private static final List<Measure> NOOP = List.of(Measure.APP_REQUESTS, Measure.APP_P99, Measure.APP_CPU,
			Measure.GC_PAUSE);

	private OverTimeCharts() {
	}

	public static List<String> write(Path output, OverTime overTime) {
		List<String> written = new ArrayList<>();
		for (Phase phase : Phase.AB) {
			List<Timeline> lines = overTime.firstRepetitions(phase);
			for (Measure measure : measures(phase)) {
				draw(output, phase, measure, lines, written);
			}
		}
		return written;
	}

	/** What a phase's charts show, here and in report.html. */
	public static List<Measure> measures(Phase phase) {
		// lookups happen on /check; on /add a hit rate would be that of the app's own few reads
		return (phase == Phase.NOOP ? NOOP : Measure.CHARTED).stream()
			.filter(measure -> measure != Measure.HIT_RATE || phase == Phase.CHECK)
			.toList();
	}

	/** Nothing when no configuration has a point of the measure. */
	private static void draw(Path output, Phase phase, Measure measure, List<Timeline> lines, List<String> written) {
		XYChart chart = new XYChartBuilder().width(1000)
			.height(500)
			.title(phase.path() + ": " + measure.title())
			.xAxisTitle("seconds into the phase")
			.yAxisTitle(measure.unit())
			.build();
		chart.getStyler().setChartBackgroundColor(Color.WHITE);
		chart.getStyler().setYAxisMin(0.0);
		chart.getStyler().setMarkerSize(4);
		boolean any = false;
		for (Timeline timeline : lines) {
			List<Timeline.Point> points = timeline.points(measure);
			if (points.isEmpty()) {
				continue;
			}
			XYSeries series = chart.addSeries(timeline.variant().name(),
					points.stream().mapToDouble(Timeline.Point::seconds).toArray(),
					points.stream().mapToDouble(Timeline.Point::value).toArray());
			series.setMarker(SeriesMarkers.CIRCLE);
			any = true;
		}
		if (!any) {
			return;
		}
		String file = String.format(FILE, phase.label(), measure.label());
		try {
			BitmapEncoder.saveBitmap(chart, output.resolve(file).toString(), BitmapEncoder.BitmapFormat.PNG);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		written.add(file);
	}

}
