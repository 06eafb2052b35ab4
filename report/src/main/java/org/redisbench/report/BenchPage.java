package org.redisbench.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

import org.redisbench.html.Chart;
import org.redisbench.html.Figure;
import org.redisbench.html.HtmlReport;
import org.redisbench.html.Point;
import org.redisbench.html.RunSummary;
import org.redisbench.html.Series;
import org.redisbench.html.Setting;
import org.redisbench.model.Spread;
import org.redisbench.openloop.rules.Objective;
import org.redisbench.report.charts.LatencyThroughputChart;
import org.redisbench.report.charts.OverTimeCharts;
import org.redisbench.report.sections.Sweep;
import org.redisbench.runresults.Figures;
import org.redisbench.runresults.KeyValues;
import org.redisbench.runresults.Measure;
import org.redisbench.runresults.OpenLoopRuns;
import org.redisbench.runresults.OpenLoopVariant;
import org.redisbench.runresults.OverTime;
import org.redisbench.runresults.Phase;
import org.redisbench.runresults.RunResults;
import org.redisbench.runresults.SummaryRecord;
import org.redisbench.runresults.TimeSplit;
import org.redisbench.runresults.Timeline;
import org.redisbench.runresults.Variant;

/**
 * report.html of a bench run (report-html): settings.env and what a reader must know first at the top, the charts the
 * PNGs show drawn from the same medians (and the lowest and highest run on hover), and each variant's /add and
 * /check rates, Redis bytes a person and app CPU an /add, and capacity at the objective, for index.html.
 */
final class BenchPage {

	static final String KIND = "bench";

	private BenchPage() {
	}

	static void write(Path output, RunResults run, OverTime overTime, OpenLoopRuns openLoop) throws IOException {
		Figures figures = run.figures();
		List<Chart> charts = new ArrayList<>();
		charts.add(baseline("Requests per second (100 persons each), baseline apps", "requests/s", figures,
				List.of(Phase.ADD, Phase.CHECK), r -> r.load().requestsPerSecond()));
		charts.add(baseline("Redis memory per person (used_memory - client buffers), baseline apps", "bytes", figures,
				List.of(Phase.ADD), r -> r.store().bytesPerPerson()));
		charts.add(baseline("App CPU time per request (user + system), baseline apps", "ms", figures,
				List.of(Phase.ADD, Phase.CHECK, Phase.NOOP), r -> r.app().cpuMsPerRequest()));
		charts.add(variants("Requests per second, every configuration (medians)", "requests/s", figures,
				Phase.THROUGH_CODEC, r -> r.load().requestsPerSecond()));
		charts.add(variants("Redis memory per person, every configuration (medians)", "bytes", figures,
				List.of(Phase.ADD), r -> r.store().bytesPerPerson()));
		for (Phase phase : Phase.THROUGH_CODEC) {
			charts.add(timeSplit(figures, phase));
		}
		charts.addAll(sweep(figures, Sweep.redisRtt(figures.variants())));
		charts.addAll(sweep(figures, Sweep.concurrency(figures.variants())));
		for (Phase phase : Phase.AB) {
			for (Measure measure : OverTimeCharts.measures(phase)) {
				charts.add(overTime(overTime.firstRepetitions(phase), phase, measure));
			}
		}
		for (String percentile : LatencyThroughputChart.PERCENTILES) {
			charts.add(latencyThroughput(openLoop, percentile));
		}
		HtmlReport.write(output.resolve(Report.FILE), summary(output, run, openLoop), charts);
	}

	private static RunSummary summary(Path output, RunResults run, OpenLoopRuns openLoop) {
		KeyValues settings = run.settings();
		List<Setting> shown = settings.asMap()
			.entrySet()
			.stream()
			.map(e -> new Setting(e.getKey(), e.getValue()))
			.toList();
		return new RunSummary(KIND, settings.get("started", "?"), settings.get("git_commit", "?"), shown,
				warnings(run), headline(run.figures(), openLoop, output));
	}

	private static List<String> warnings(RunResults run) {
		List<String> warnings = new ArrayList<>();
		List<SummaryRecord> invalid = run.records().stream().filter(r -> !r.verdict().valid()).toList();
		if (!invalid.isEmpty()) {
			warnings.add(invalid.size() + " of " + run.records().size() + " runs invalid, left out of every median: "
					+ invalid.stream()
						.limit(5)
						.map(r -> r.variant().name() + " " + r.phase().path() + " rep " + r.repetition() + ": "
								+ r.verdict().reason())
						.collect(Collectors.joining("; "))
					+ (invalid.size() > 5 ? "; … (Every run lists them all)" : ""));
		}
		if (!run.notRun().isEmpty()) {
			warnings.add("The run stopped before these variants, which have no results: "
					+ String.join(", ", run.notRun()));
		}
		if (run.records().stream().mapToInt(SummaryRecord::repetition).max().orElse(0) == 1) {
			warnings.add("One repetition a variant: no spread to judge a difference between variants by.");
		}
		return warnings;
	}

	private static List<Figure> headline(Figures figures, OpenLoopRuns openLoop, Path output) {
		List<Figure> headline = new ArrayList<>();
		for (Variant variant : figures.variants()) {
			add(headline, variant.name(), "/add req/s", "req/s", figures.spread(variant, Phase.ADD,
					r -> r.load().requestsPerSecond()));
			add(headline, variant.name(), "/check req/s", "req/s", figures.spread(variant, Phase.CHECK,
					r -> r.load().requestsPerSecond()));
			add(headline, variant.name(), "Redis bytes a person", "bytes", figures.spread(variant, Phase.ADD,
					r -> r.store().bytesPerPerson()));
			add(headline, variant.name(), "app CPU a /add", "ms", figures.spread(variant, Phase.ADD,
					r -> r.app().cpuMsPerRequest()));
		}
		Objective objective = openLoop.objective();
		if (objective != null) {
			// an open-loop variant is named by its folder; the other figures by the variant's name in the report
			Map<String, String> names = new LinkedHashMap<>();
			RunResults.folders(output).forEach((variant, folder) -> names.put(folder.getFileName().toString(),
					variant.name()));
			for (OpenLoopVariant variant : openLoop.variants()) {
				add(headline, names.getOrDefault(variant.name(), variant.name()), "capacity at " + objective, "req/s",
						variant.capacity());
			}
		}
		return headline;
	}

	private static void add(List<Figure> headline, String group, String name, String unit, Spread spread) {
		if (finite(spread)) {
			headline.add(new Figure(group, name, unit, spread.median()));
		}
	}

	/** A median with its lowest and highest run; none where no valid run gave a number. */
	private static void add(List<Point> points, String label, Spread spread) {
		if (finite(spread)) {
			points.add(Point.of(label, spread.median(), spread.min(), spread.max()));
		}
	}

	private static boolean finite(Spread spread) {
		return spread != null && Double.isFinite(spread.median()) && Double.isFinite(spread.min())
				&& Double.isFinite(spread.max());
	}

	/** Per phase, a bar per baseline app at its median. */
	private static Chart baseline(String title, String unit, Figures figures, List<Phase> phases,
			Function<SummaryRecord, Double> figure) {
		List<Series> series = new ArrayList<>();
		for (Variant app : figures.baseline()) {
			List<Point> points = new ArrayList<>();
			for (Phase phase : phases) {
				add(points, phase.path(), figures.spread(app, phase, figure));
			}
			series.add(new Series(app.app(), points));
		}
		return Chart.bars(title, "phase", unit, series);
	}

	/** Per variant, a bar per phase at its median. */
	private static Chart variants(String title, String unit, Figures figures, List<Phase> phases,
			Function<SummaryRecord, Double> figure) {
		List<Series> series = new ArrayList<>();
		for (Phase phase : phases) {
			List<Point> points = new ArrayList<>();
			for (Variant variant : figures.variants()) {
				add(points, variant.name(), figures.spread(variant, phase, figure));
			}
			series.add(new Series(phase.path(), points));
		}
		return Chart.bars(title, "configuration", unit, series);
	}

	/** Codec, Redis and the rest stacked per variant, for the variants that have all three. */
	private static Chart timeSplit(Figures figures, Phase phase) {
		Map<String, Function<TimeSplit, Double>> split = new LinkedHashMap<>();
		split.put("codec", TimeSplit::codecMs);
		split.put("Redis", TimeSplit::redisMs);
		split.put("rest", TimeSplit::restMs);
		Map<String, List<Point>> parts = new LinkedHashMap<>();
		split.keySet().forEach(part -> parts.put(part, new ArrayList<>()));
		for (Variant variant : figures.variants()) {
			Map<String, Spread> spreads = new LinkedHashMap<>();
			split.forEach((part, time) -> spreads.put(part,
					figures.spread(variant, phase, r -> time.apply(r.app().timeSplit()))));
			if (spreads.values().stream().allMatch(BenchPage::finite)) {
				spreads.forEach((part, spread) -> add(parts.get(part), variant.name(), spread));
			}
		}
		return Chart.stackedBars("Server time per " + phase.path() + " request: codec, Redis, rest (medians)",
				"configuration", "ms",
				parts.entrySet().stream().map(e -> new Series(e.getKey(), e.getValue())).toList());
	}

	/** Requests/s and p99 of each phase along the sweep, a line per configuration; none for a sweep of one point. */
	private static List<Chart> sweep(Figures figures, Sweep sweep) {
		List<Chart> charts = new ArrayList<>();
		if (!sweep.varies()) {
			return charts;
		}
		for (Phase phase : Phase.THROUGH_CODEC) {
			Map<String, Function<SummaryRecord, Double>> measures = new LinkedHashMap<>();
			measures.put(phase.path() + " requests/s", r -> r.load().requestsPerSecond());
			measures.put("p99 of " + phase.path() + " requests, ms", r -> r.load().p99Ms());
			measures.forEach((measure, figure) -> {
				List<Series> lines = new ArrayList<>();
				sweep.lines().forEach((line, variants) -> {
					List<Point> points = new ArrayList<>();
					for (Double value : sweep.values()) {
						add(points, sweep.category(value), figures.spread(variants.get(value), phase, figure));
					}
					lines.add(new Series(line, points));
				});
				charts.add(Chart.lines(measure + " against " + sweep.axis() + " (medians)", sweep.axis(),
						measure.startsWith("p99") ? "ms" : "requests/s", lines));
			});
		}
		return charts;
	}

	private static Chart overTime(List<Timeline> timelines, Phase phase, Measure measure) {
		List<Series> lines = timelines.stream()
			.map(timeline -> new Series(timeline.variant().name(), timeline.points(measure)
				.stream()
				.filter(p -> Double.isFinite(p.seconds()) && Double.isFinite(p.value()))
				.map(p -> (Point) Point.xy(p.seconds(), p.value()))
				.toList()))
			.toList();
		return Chart.xy(phase.path() + ": " + measure.title(), "seconds into the phase", measure.unit(), lines);
	}

	private static Chart latencyThroughput(OpenLoopRuns openLoop, String percentile) {
		List<Series> lines = openLoop.variants()
			.stream()
			.map(variant -> new Series(variant.name(), LatencyThroughputChart.points(variant, percentile)
				.stream()
				.filter(p -> Double.isFinite(p.achievedRps()) && Double.isFinite(p.latencyMs()))
				.map(p -> (Point) Point.xy(p.achievedRps(), p.latencyMs()))
				.toList()))
			.toList();
		Chart chart = Chart.xy(percentile + " latency against achieved throughput, open loop (medians)",
				"achieved requests/s", percentile + " ms, from the intended send time (log)", lines)
			.onLogAxis();
		Objective objective = openLoop.objective();
		return objective != null && objective.percentile().equals(percentile)
				? chart.withLevel("objective " + objective, objective.boundMs()) : chart;
	}

}
