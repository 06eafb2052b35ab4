package org.redisbench.html;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * One chart of a report, as data that report.html draws and a reader hovers for the values: bars or lines over
 * labelled categories (a variant, a codec, a rate), or lines over a numeric x (seconds, requests/s). A point a series
 * lacks is a gap, never a zero, so a writer passes only the points it has.
 *
 * @param xTitle the categories' (or the numeric x's) axis name, empty for none
 * @param yTitle the values' axis name, its unit in it
 * @param logY a log y axis: every value above 0
 * @param levels horizontal lines across the chart (an objective), each in the legend
 */
public record Chart(String title, Kind kind, String xTitle, String yTitle, boolean logY, List<Series> series,
		List<Level> levels) {

	/** How the series are drawn. */
	public enum Kind {

		/** Bars side by side per category. */
		BARS,

		/** Bars piled up per category: their sum is the category's total. */
		STACKED_BARS,

		/** A line per series through the categories, in their order. */
		LINES,

		/** A line per series through its (x, y) points: x is a number, so the spacing means something. */
		XY,

		/**
		 * A dot per point at its value with its range as a line through it, the categories down the side and the
		 * values across: estimates with their intervals. A category is in one series only, the series saying what
		 * kind of estimate it is (a verdict), and the categories are listed in the order they first appear.
		 */
		INTERVALS

	}

	/** A horizontal line at {@code value}, named in the legend: {@code objective p99 < 20 ms}. */
	public record Level(String name, double value) {
	}

	public Chart {
		series = List.copyOf(series);
		levels = List.copyOf(levels);
		Set<String> categories = new HashSet<>();
		for (Series one : series) {
			Set<String> labels = new HashSet<>();
			for (Point point : one.points()) {
				if (point instanceof Point.Labelled labelled && !labels.add(labelled.label())) {
					throw new IllegalArgumentException("chart '" + title + "': series '" + one.name()
							+ "' has two points at '" + labelled.label() + "'");
				}
				if ((kind == Kind.XY) != (point instanceof Point.Xy)) {
					throw new IllegalArgumentException("chart '" + title + "': a " + kind + " chart takes "
							+ (kind == Kind.XY ? "(x, y) points" : "labelled points") + ", series '" + one.name()
							+ "' has " + point);
				}
				if (kind == Kind.INTERVALS && !categories.add(((Point.Labelled) point).label())) {
					throw new IllegalArgumentException("chart '" + title + "': an intervals chart has one point a "
							+ "category, '" + ((Point.Labelled) point).label() + "' is in two series");
				}
				if (logY && point.value() <= 0) {
					throw new IllegalArgumentException("chart '" + title + "': a log axis has no place for "
							+ point.value() + " (series '" + one.name() + "')");
				}
			}
		}
	}

	public static Chart bars(String title, String xTitle, String yTitle, List<Series> series) {
		return new Chart(title, Kind.BARS, xTitle, yTitle, false, series, List.of());
	}

	public static Chart stackedBars(String title, String xTitle, String yTitle, List<Series> series) {
		return new Chart(title, Kind.STACKED_BARS, xTitle, yTitle, false, series, List.of());
	}

	public static Chart lines(String title, String xTitle, String yTitle, List<Series> series) {
		return new Chart(title, Kind.LINES, xTitle, yTitle, false, series, List.of());
	}

	public static Chart xy(String title, String xTitle, String yTitle, List<Series> series) {
		return new Chart(title, Kind.XY, xTitle, yTitle, false, series, List.of());
	}

	/** Estimates with their intervals: {@link Kind#INTERVALS}. */
	public static Chart intervals(String title, String categoryTitle, String valueTitle, List<Series> series) {
		return new Chart(title, Kind.INTERVALS, categoryTitle, valueTitle, false, series, List.of());
	}

	/** The same chart on a log y axis. */
	public Chart onLogAxis() {
		return new Chart(this.title, this.kind, this.xTitle, this.yTitle, true, this.series, this.levels);
	}

	/** The same chart with a horizontal line more. */
	public Chart withLevel(String name, double value) {
		List<Level> more = new ArrayList<>(this.levels);
		more.add(new Level(name, value));
		return new Chart(this.title, this.kind, this.xTitle, this.yTitle, this.logY, this.series, more);
	}

	/** How many points the series hold: what the page must draw. */
	public int points() {
		return this.series.stream().mapToInt((one) -> one.points().size()).sum();
	}

	/** No point to draw: a writer leaves such a chart out. */
	public boolean isEmpty() {
		return points() == 0;
	}

}
