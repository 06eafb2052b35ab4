package org.redisbench.runresults;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;

/**
 * One phase of one repetition over time: each {@link Measure} as points at seconds since the samplers started
 * ({@code <phase>.samples.start}), one point per pair of consecutive samples (a rate over the interval, or the
 * level at its end), with what sampling cost ({@link SamplingCost}).
 *
 * @param maxmemory the store's memory limit in bytes, 0 for none, {@code null} when unknown
 */
public record Timeline(Variant variant, int repetition, Phase phase, Map<Measure, List<Point>> series, SamplingCost cost,
		Double maxmemory) {

	/** A figure at a moment of the phase. */
	public record Point(double seconds, double value) {
	}

	private static final double MEGA = 1e6;

	/** The timeline of {@code phase} in the repetition folder {@code dir}; empty series where nothing was sampled. */
	public static Timeline load(Variant variant, int repetition, Phase phase, Path dir) {
		String prefix = phase.label() + ".samples";
		List<Map<String, Double>> store;
		if (variant.isMemcached()) {
			store = StoreSamples.memcached(RunResults.read(dir.resolve(prefix + ".memcached-stats.txt")));
		}
		else {
			List<String> nodes = new ArrayList<>();
			for (int k = 1; k <= (variant.isCluster() ? variant.masters() : 1); k++) {
				String tag = variant.isCluster() ? ".node" + k : "";
				nodes.add(RunResults.read(dir.resolve(prefix + tag + ".info.txt")));
			}
			store = StoreSamples.redis(nodes);
		}
		List<Map<String, Double>> app = AppSamples.parse(RunResults.read(dir.resolve(prefix + ".prometheus.txt")),
				phase.path());
		String start = RunResults.read(dir.resolve(prefix + ".start")).strip();
		double origin = !start.isEmpty() ? Double.parseDouble(start)
				: !store.isEmpty() ? store.get(0).get(StoreSamples.TIME)
				: !app.isEmpty() ? app.get(0).get(AppSamples.TIME) : 0;
		Map<Measure, List<Point>> series = new EnumMap<>(Measure.class);
		add(series, Measure.STORE_OPS, store, StoreSamples.TIME, origin,
				(a, b) -> rate(a, b, StoreSamples.COMMANDS, 1));
		add(series, Measure.MEMORY, store, StoreSamples.TIME, origin, (a, b) -> level(b, StoreSamples.MEMORY, MEGA));
		add(series, Measure.RSS, store, StoreSamples.TIME, origin, (a, b) -> level(b, StoreSamples.RSS, MEGA));
		add(series, Measure.NET_OUT, store, StoreSamples.TIME, origin,
				(a, b) -> rate(a, b, StoreSamples.NET_OUT, MEGA));
		add(series, Measure.NET_IN, store, StoreSamples.TIME, origin, (a, b) -> rate(a, b, StoreSamples.NET_IN, MEGA));
		add(series, Measure.KEYS, store, StoreSamples.TIME, origin, (a, b) -> level(b, StoreSamples.KEYS, 1));
		add(series, Measure.EVICTIONS, store, StoreSamples.TIME, origin, (a, b) -> rate(a, b, StoreSamples.EVICTED, 1));
		add(series, Measure.EXPIRIES, store, StoreSamples.TIME, origin, (a, b) -> rate(a, b, StoreSamples.EXPIRED, 1));
		add(series, Measure.HIT_RATE, store, StoreSamples.TIME, origin, Timeline::hitRate);
		add(series, Measure.CLIENTS, store, StoreSamples.TIME, origin, (a, b) -> level(b, StoreSamples.CLIENTS, 1));
		add(series, Measure.STORE_CPU, store, StoreSamples.TIME, origin, (a, b) -> rate(a, b, StoreSamples.CPU, 1));
		add(series, Measure.APP_REQUESTS, app, AppSamples.TIME, origin, (a, b) -> rate(a, b, AppSamples.REQUESTS, 1));
		add(series, Measure.APP_P99, app, AppSamples.TIME, origin, (a, b) -> level(b, AppSamples.P99, 1e-3));
		add(series, Measure.APP_CPU, app, AppSamples.TIME, origin, (a, b) -> rate(a, b, AppSamples.CPU, 1));
		add(series, Measure.GC_PAUSE, app, AppSamples.TIME, origin, (a, b) -> rate(a, b, AppSamples.GC_PAUSE, 1e-3));
		SamplingCost cost = SamplingCost.parse(RunResults.read(dir.resolve(prefix + ".cost.txt")),
				cores(app, AppSamples.TIME, AppSamples.CPU), cores(store, StoreSamples.TIME, StoreSamples.CPU));
		Double maxmemory = store.isEmpty() ? null : store.get(store.size() - 1).get(StoreSamples.MAXMEMORY);
		return new Timeline(variant, repetition, phase, series, cost, maxmemory);
	}

	public List<Point> points(Measure measure) {
		return this.series.getOrDefault(measure, List.of());
	}

	/** Whether the samplers left anything to read. */
	public boolean sampled() {
		return this.series.values().stream().anyMatch(points -> !points.isEmpty());
	}

	/**
	 * The points of a measure the load filled. The samplers stop only after the load has, so the last interval
	 * holds its end and counts requests over part of it: a 5 s smoke phase's last rate fell to 0.
	 */
	public List<Point> loaded(Measure measure) {
		List<Point> points = points(measure);
		return points.isEmpty() ? points : points.subList(0, points.size() - 1);
	}

	/** The mean of a measure over the points from {@code from} to {@code to} of the span (0 to 1); null if none. */
	public Double mean(Measure measure, double from, double to) {
		return mean(points(measure), from, to);
	}

	/** The mean of the points from {@code from} to {@code to} of their span (0 to 1); null if none. */
	public static Double mean(List<Point> points, double from, double to) {
		if (points.isEmpty()) {
			return null;
		}
		double first = points.get(0).seconds();
		double span = points.get(points.size() - 1).seconds() - first;
		double sum = 0;
		int n = 0;
		for (Point point : points) {
			double at = span <= 0 ? 0 : (point.seconds() - first) / span;
			if (at >= from && (at < to || to >= 1)) {
				sum += point.value();
				n++;
			}
		}
		return n == 0 ? null : sum / n;
	}

	/** The last point's value of a measure, null if none. */
	public Double last(Measure measure) {
		List<Point> points = points(measure);
		return points.isEmpty() ? null : points.get(points.size() - 1).value();
	}

	private static void add(Map<Measure, List<Point>> series, Measure measure, List<Map<String, Double>> samples,
			String time, double origin, BiFunction<Map<String, Double>, Map<String, Double>, Double> figure) {
		List<Point> points = new ArrayList<>();
		for (int i = 1; i < samples.size(); i++) {
			Double value = figure.apply(samples.get(i - 1), samples.get(i));
			if (value != null && !value.isNaN() && !value.isInfinite()) {
				points.add(new Point(samples.get(i).get(time) - origin, value));
			}
		}
		series.put(measure, List.copyOf(points));
	}

	/** How much {@code name} grew per second from sample a to b, divided by {@code unit}; null for a counter reset. */
	private static Double rate(Map<String, Double> a, Map<String, Double> b, String name, double unit) {
		Double from = a.get(name);
		Double to = b.get(name);
		double seconds = b.get(StoreSamples.TIME) - a.get(StoreSamples.TIME);
		if (from == null || to == null || seconds <= 0 || to < from) {
			return null;
		}
		return (to - from) / seconds / unit;
	}

	private static Double level(Map<String, Double> b, String name, double unit) {
		Double value = b.get(name);
		return value == null ? null : value / unit;
	}

	/** The share of lookups that found their key, in %; null for an interval without lookups. */
	private static Double hitRate(Map<String, Double> a, Map<String, Double> b) {
		Double hits = difference(a, b, StoreSamples.HITS);
		Double misses = difference(a, b, StoreSamples.MISSES);
		return hits == null || misses == null || hits + misses <= 0 ? null : 100 * hits / (hits + misses);
	}

	private static Double difference(Map<String, Double> a, Map<String, Double> b, String name) {
		Double from = a.get(name);
		Double to = b.get(name);
		return from == null || to == null ? null : to - from;
	}

	/** How fast a counter of CPU seconds grew over the samples' span: cores used; null without two samples. */
	private static Double cores(List<Map<String, Double>> samples, String time, String counter) {
		if (samples.size() < 2) {
			return null;
		}
		Map<String, Double> first = samples.get(0);
		Map<String, Double> last = samples.get(samples.size() - 1);
		Double from = first.get(counter);
		Double to = last.get(counter);
		double seconds = last.get(time) - first.get(time);
		return from == null || to == null || seconds <= 0 ? null : (to - from) / seconds;
	}

}
