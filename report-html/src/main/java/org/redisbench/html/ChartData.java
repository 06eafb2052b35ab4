package org.redisbench.html;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A {@link Chart} as the JSON report.js reads: categories are the series's labels in the order they first appear,
 * each labelled series's values aligned to them with {@code null} where it has no point, so that the page only maps
 * the JSON onto ECharts's options; a series's tone, when it has one, names the colour the page gives it.
 */
final class ChartData {

	private ChartData() {
	}

	static Map<String, Object> of(Chart chart) {
		Map<String, Object> json = new LinkedHashMap<>();
		json.put("title", chart.title());
		json.put("kind", chart.kind().name());
		json.put("xTitle", chart.xTitle());
		json.put("yTitle", chart.yTitle());
		json.put("log", chart.logY());
		json.put("points", chart.points());
		List<String> categories = categories(chart);
		if (chart.kind() != Chart.Kind.XY) {
			json.put("categories", categories);
		}
		List<Map<String, Object>> series = new ArrayList<>();
		// a series without a point would only add a legend entry
		for (Series one : chart.series().stream().filter((one) -> !one.points().isEmpty()).toList()) {
			Map<String, Object> line = new LinkedHashMap<>();
			line.put("name", one.name());
			if (one.tone() != null) {
				line.put("tone", one.tone().name());
			}
			if (chart.kind() == Chart.Kind.XY) {
				line.put("data", one.points().stream().map((p) -> List.of(((Point.Xy) p).x(), p.value())).toList());
			}
			else {
				Map<String, Point.Labelled> byLabel = new LinkedHashMap<>();
				one.points().forEach((p) -> byLabel.put(((Point.Labelled) p).label(), (Point.Labelled) p));
				List<Double> values = new ArrayList<>();
				List<List<Double>> ranges = new ArrayList<>();
				for (String category : categories) {
					Point.Labelled point = byLabel.get(category);
					values.add(point == null ? null : point.value());
					ranges.add(point == null || point.range() == null ? null
							: List.of(point.range().low(), point.range().high()));
				}
				line.put("data", values);
				line.put("ranges", ranges);
			}
			series.add(line);
		}
		json.put("series", series);
		json.put("levels", chart.levels());
		return json;
	}

	private static List<String> categories(Chart chart) {
		Set<String> labels = new LinkedHashSet<>();
		for (Series one : chart.series()) {
			for (Point point : one.points()) {
				if (point instanceof Point.Labelled labelled) {
					labels.add(labelled.label());
				}
			}
		}
		return List.copyOf(labels);
	}

}
