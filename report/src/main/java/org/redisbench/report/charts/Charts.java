package org.redisbench.report.charts;

import java.awt.Color;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.SeriesMarkers;
import org.redisbench.model.Spread;
import org.redisbench.report.sections.Sweep;
import org.redisbench.runresults.Figures;
import org.redisbench.runresults.Phase;
import org.redisbench.runresults.SummaryRecord;
import org.redisbench.runresults.TimeSplit;
import org.redisbench.runresults.Variant;

/**
 * The report's PNG charts. For the baseline apps: one bar per app and phase at the median, whiskers from the lowest
 * to the highest run. For every variant of the matrix: medians side by side.
 */
public final class Charts {

	public static final String REQUESTS_PER_SECOND = "requests-per-second.png";

	public static final String BYTES_PER_PERSON = "bytes-per-person.png";

	public static final String CPU_PER_REQUEST = "cpu-per-request.png";

	public static final String VARIANTS_REQUESTS_PER_SECOND = "variants-requests-per-second.png";

	public static final String VARIANTS_BYTES_PER_PERSON = "variants-bytes-per-person.png";

	/** The time split of one phase: {@code String.format(TIME_SPLIT, phase.label())}. */
	public static final String TIME_SPLIT = "time-split-%s.png";

	/** A sweep's figure per phase: {@code String.format(SWEEP, "distance", "add", "p99")}. */
	public static final String SWEEP = "%s-%s-%s.png";

	private Charts() {
	}

	public static List<String> write(Path output, Figures figures) {
		List<String> written = new ArrayList<>();
		draw(output, REQUESTS_PER_SECOND, "Requests per second (100 persons each)", "requests/s", figures,
				List.of(Phase.ADD, Phase.CHECK), r -> r.load().requestsPerSecond(), written);
		draw(output, BYTES_PER_PERSON, "Redis memory per person (used_memory - client buffers)", "bytes", figures,
				List.of(Phase.ADD), r -> r.store().bytesPerPerson(), written);
		draw(output, CPU_PER_REQUEST, "App CPU time per request (user + system)", "ms", figures,
				List.of(Phase.ADD, Phase.CHECK, Phase.NOOP), r -> r.app().cpuMsPerRequest(), written);
		List<String> variants = figures.variants().stream().map(Variant::name).toList();
		Map<String, List<Double>> requests = new LinkedHashMap<>();
		for (Phase phase : Phase.THROUGH_CODEC) {
			requests.put(phase.path(), medians(figures, phase, r -> r.load().requestsPerSecond()));
		}
		drawMedians(output, VARIANTS_REQUESTS_PER_SECOND, "Requests per second, every configuration (medians)",
				"requests/s", variants, requests, false, written);
		drawMedians(output, VARIANTS_BYTES_PER_PERSON, "Redis memory per person, every configuration (medians)", "bytes",
				variants, Map.of("bytes per person", medians(figures, Phase.ADD, r -> r.store().bytesPerPerson())), false, written);
		for (Phase phase : Phase.THROUGH_CODEC) {
			timeSplit(output, figures, phase, written);
		}
		sweep(output, figures, Sweep.redisRtt(figures.variants()), "distance", written);
		sweep(output, figures, Sweep.concurrency(figures.variants()), "concurrency", written);
		return written;
	}

	/** Requests/s and p99 of each phase along the sweep, a line per configuration; nothing for a sweep of one point. */
	private static void sweep(Path output, Figures figures, Sweep sweep, String prefix, List<String> written) {
		if (!sweep.varies()) {
			return;
		}
		List<String> categories = sweep.values().stream().map(sweep::category).toList();
		for (Phase phase : Phase.THROUGH_CODEC) {
			Map<String, Function<SummaryRecord, Double>> measures = new LinkedHashMap<>();
			measures.put("requests-per-second", r -> r.load().requestsPerSecond());
			measures.put("p99", r -> r.load().p99Ms());
			measures.forEach((measure, figure) -> {
				Map<String, List<Double>> lines = new LinkedHashMap<>();
				sweep.lines().forEach((line, points) -> lines.put(line, sweep.values()
					.stream()
					.map(value -> median(figures.spread(points.get(value), phase, figure)))
					.toList()));
				String title = (measure.equals("p99") ? "p99 of " + phase.path() + " requests" : phase.path() + " requests/s")
						+ " against " + sweep.axis() + " (medians)";
				drawLines(output, String.format(SWEEP, prefix, phase.label(), measure), title,
						measure.equals("p99") ? "ms" : "requests/s", sweep.axis(), categories, lines, written);
			});
		}
	}

	/** One line per series over the categories, a gap where it has no figure; nothing when no series has one. */
	private static void drawLines(Path output, String file, String title, String unit, String axis,
			List<String> categories, Map<String, List<Double>> series, List<String> written) {
		if (series.values().stream().flatMap(List::stream).allMatch(Objects::isNull)) {
			return;
		}
		CategoryChart chart = chart(title, unit, categories.size());
		chart.setXAxisTitle(axis);
		chart.getStyler().setDefaultSeriesRenderStyle(CategorySeries.CategorySeriesRenderStyle.Line);
		// a line's points at their category, not shifted aside as bars would be
		chart.getStyler().setOverlapped(true);
		series.forEach((name, values) -> chart.addSeries(name, categories, values));
		save(chart, output, file, written);
	}

	/**
	 * Codec, Redis and the rest of one phase stacked per variant: their sum is the server time per request. One
	 * chart per phase, since XChart leaves out category labels that would overlap.
	 */
	private static void timeSplit(Path output, Figures figures, Phase phase, List<String> written) {
		Map<String, Function<TimeSplit, Double>> split = new LinkedHashMap<>();
		split.put("codec", TimeSplit::codecMs);
		split.put("Redis", TimeSplit::redisMs);
		split.put("rest", TimeSplit::restMs);
		List<String> categories = new ArrayList<>();
		Map<String, List<Double>> parts = new LinkedHashMap<>();
		for (Variant variant : figures.variants()) {
			Map<String, Double> medians = new LinkedHashMap<>();
			split.forEach((part, time) -> medians.put(part,
					median(figures.spread(variant, phase, r -> time.apply(r.app().timeSplit())))));
			if (!medians.containsValue(null)) {
				categories.add(variant.name());
				medians.forEach((part, median) -> parts.computeIfAbsent(part, p -> new ArrayList<>()).add(median));
			}
		}
		drawMedians(output, String.format(TIME_SPLIT, phase.label()),
				"Server time per " + phase.path() + " request: codec, Redis, rest (medians)", "ms", categories, parts, true,
				written);
	}

	private static List<Double> medians(Figures figures, Phase phase, Function<SummaryRecord, Double> figure) {
		return figures.variants().stream().map(v -> median(figures.spread(v, phase, figure))).toList();
	}

	private static Double median(Spread spread) {
		return spread == null ? null : spread.median();
	}

	/** One bar per category and series, side by side or stacked; nothing when no series has a figure. */
	private static void drawMedians(Path output, String file, String title, String unit, List<String> categories,
			Map<String, List<Double>> series, boolean stacked, List<String> written) {
		if (series.values().stream().flatMap(List::stream).allMatch(Objects::isNull)) {
			return;
		}
		CategoryChart chart = chart(title, unit, categories.size());
		chart.getStyler().setStacked(stacked);
		chart.getStyler().setXAxisLabelRotation(categories.size() > 8 ? 90 : categories.size() > 4 ? 45 : 0);
		// XChart labels only every n-th category unless the hint allows one label per category
		chart.getStyler().setXAxisTickMarkSpacingHint(30);
		series.forEach((name, values) -> chart.addSeries(name, categories, values));
		save(chart, output, file, written);
	}

	/** The baseline variants side by side, labelled by app. */
	private static void draw(Path output, String file, String title, String unit, Figures figures, List<Phase> phases,
			Function<SummaryRecord, Double> figure, List<String> written) {
		List<Variant> apps = figures.baseline();
		List<String> categories = new ArrayList<>();
		List<Double> middles = new ArrayList<>();
		List<Double> halfRanges = new ArrayList<>();
		List<List<Double>> bars = new ArrayList<>();
		apps.forEach(app -> bars.add(new ArrayList<>()));
		for (Phase phase : phases) {
			for (int a = 0; a < apps.size(); a++) {
				Spread spread = figures.spread(apps.get(a), phase, figure);
				if (spread == null) {
					continue;
				}
				String app = apps.get(a).app();
				categories.add(phases.size() > 1 ? phase.label() + " · " + app : app);
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
		CategoryChart chart = chart(title, unit, categories.size());
		chart.getStyler().setOverlapped(true);
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
		save(chart, output, file, written);
	}

	/** Wider with more categories, so that a matrix's labels stay legible. */
	private static CategoryChart chart(String title, String unit, int categories) {
		CategoryChart chart = new CategoryChartBuilder().width(Math.max(900, 90 * categories))
			.height(540)
			.title(title)
			.yAxisTitle(unit)
			.build();
		chart.getStyler().setYAxisMin(0.0);
		chart.getStyler().setChartBackgroundColor(Color.WHITE);
		return chart;
	}

	private static void save(CategoryChart chart, Path output, String file, List<String> written) {
		try {
			BitmapEncoder.saveBitmap(chart, output.resolve(file).toString(), BitmapEncoder.BitmapFormat.PNG);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		written.add(file);
	}

}
