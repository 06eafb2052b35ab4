package org.redisbench.report.sections;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

import org.redisbench.runresults.Rtt;
import org.redisbench.runresults.Variant;

/**
 * The run's variants along one dimension, Redis's added round trip or ab's concurrency: its values in ascending
 * order, and the lines of variants alike in everything else, in run order, each named as its variants are without
 * the dimension and holding its variant at each value it was run at.
 */
public record Sweep(String axis, String unit, List<Double> values, Map<String, Map<Double, Variant>> lines) {

	public static Sweep of(List<Variant> variants, String axis, String unit, ToDoubleFunction<Variant> value,
			Function<Variant, String> label) {
		Map<String, Map<Double, Variant>> lines = new LinkedHashMap<>();
		TreeSet<Double> values = new TreeSet<>();
		for (Variant variant : variants) {
			double at = value.applyAsDouble(variant);
			values.add(at);
			lines.computeIfAbsent(label.apply(variant), l -> new TreeMap<>()).put(at, variant);
		}
		return new Sweep(axis, unit, List.copyOf(values), lines);
	}

	/**
	 * Redis's added round trip: lines named as their variant with no proxy before Redis. A proxy adding nothing is
	 * no distance: its variants are left to {@link ProxyHopSection}.
	 */
	public static Sweep redisRtt(List<Variant> variants) {
		List<Variant> distances = variants.stream().filter((v) -> !v.redisRtt().hopOnly()).toList();
		return of(distances, "added Redis RTT", "ms", Variant::redisRttMs, v -> v.withRedisRtt(Rtt.NONE).name());
	}

	public static Sweep concurrency(List<Variant> variants) {
		return of(variants, "concurrency", "", Variant::concurrency, Variant::nameBesidesConcurrency);
	}

	/** Whether the run measured more than one value: a sweep of one point is no sweep. */
	public boolean varies() {
		return this.values.size() > 1;
	}

	/** A value as a chart's category: {@code 0.2 ms}, {@code 200}. */
	public String category(double value) {
		return Rtt.ms(value) + (this.unit.isEmpty() ? "" : " " + this.unit);
	}

}
