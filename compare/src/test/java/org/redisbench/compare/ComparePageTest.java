package org.redisbench.compare;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.redisbench.commandline.CommandLines;
import org.redisbench.html.Chart;
import org.redisbench.html.Point;
import org.redisbench.html.Series;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** report.html of a comparison: what differed and the warnings first, a chart of the changes, compare.md's tables. */
class ComparePageTest {

	@TempDir
	Path temp;

	/**
	 * compare writes report.html and report.json beside compare.md: what differed before the warnings, the warnings
	 * before the chart, compare.md after it; report.json says it is a comparison, its headline the newest run's changes.
	 */
	@Test
	void compareWritesThePageBesideItsMarkdown() {
		Path base = run("base", 430, 435, 440, 445);
		Path next = run("new", 300, 305, 310, 315);
		Runs.setting(next, "java_opts", "-Xmx1g");
		Path out = this.temp.resolve("out");

		assertEquals(0, CommandLines.execute(new CompareCommand(), "--output", out.toString(), base.toString(), next.toString()));

		String page = Runs.read(out.resolve("report.html"));
		int differences = page.indexOf("<section id=\"differences\">");
		assertTrue(differences > 0 && differences < page.indexOf("<section id=\"warnings\">")
				&& page.indexOf("<section id=\"warnings\">") < page.indexOf("<section id=\"charts\">")
				&& page.indexOf("<section id=\"charts\">") < page.indexOf("<main id=\"report\">"), page);
		assertTrue(page.contains("<tr><td>bench.sh java_opts</td><td>–</td><td>-Xmx1g</td></tr>"), page);
		assertTrue(page.contains("<td>-32.6% … -26.7%</td>"), "compare.md's tables in the page");
		JsonNode json = JsonMapper.builder().build().readTree(out.resolve("report.json").toFile());
		assertEquals("compare.md", json.get("markdown").asString());
		assertEquals("compare", json.get("run").get("kind").asString());
		JsonNode first = json.get("run").get("headline").get(0);
		assertEquals(Runs.STRING, first.get("group").asString());
		assertEquals("/add requests/s (worse)", first.get("name").asString());
		JsonNode row = JsonMapper.builder().build().readTree(out.resolve("compare.json").toFile())
			.get("comparisons").get(0).get("rows").get(0);
		assertEquals(row.get("change_percent").asDouble(), first.get("value").asDouble());
	}

	/**
	 * Every row with a change is a point at that change, in its verdict's series and colour, with its interval as its
	 * range unless there are too few samples for one; the worse first.
	 */
	@Test
	void theChartHoldsEveryChangeWithItsIntervalInItsVerdictsSeries() {
		Comparisons all = Comparisons.of(List.of(run("base", 430, 435, 440, 445), run("new", 300, 305, 310, 315)),
				null);

		List<Chart> charts = ComparePage.charts(all);

		assertEquals(1, charts.size());
		Chart chart = charts.get(0);
		assertEquals(Chart.Kind.INTERVALS, chart.kind());
		assertEquals("Change of each figure, NEW against BASE, with its 95% interval", chart.title());
		assertEquals(List.of("worse", "better", "~", "too few"), chart.series().stream().map(Series::name).toList());
		assertEquals(List.of(Series.Tone.BAD, Series.Tone.GOOD, Series.Tone.NEUTRAL, Series.Tone.FAINT),
				chart.series().stream().map(Series::tone).toList());
		List<Row> rows = all.newest().rows();
		assertEquals(rows.size(), chart.points());
		for (Row row : rows) {
			Point.Labelled point = point(chart, row.change().verdict().label(), ComparePage.category(row));
			Change change = row.change();
			assertEquals(change.percent(), point.value(), 1e-12);
			if (change.verdict() == ChangeVerdict.TOO_FEW) {
				assertNull(point.range(), row.variant());
			}
			else {
				assertNotNull(point.range(), row.variant());
				assertEquals(change.lowPercent(), point.range().low(), 1e-12);
				assertEquals(change.highPercent(), point.range().high(), 1e-12);
			}
		}
		Point.Labelled worse = point(chart, "worse", Runs.STRING + " · /add requests/s");
		assertTrue(worse.range().low() < worse.value() && worse.value() < worse.range().high() && worse.value() < -25);
		assertEquals(8, chart.series().get(3).points().size(), "kryo ran once a side: too few for any verdict");
	}

	/** A trend: a chart a later run against BASE, named by its folder. */
	@Test
	void aTrendHasAChartForEachLaterRun() {
		Comparisons all = Comparisons.of(List.of(run("base", 430, 435, 440, 445), run("second", 300, 305, 310, 315),
				run("third", 500, 505, 510, 515)), null);

		List<Chart> charts = ComparePage.charts(all);

		assertEquals(List.of("Change of each figure, second against BASE, with its 95% interval",
				"Change of each figure, third against BASE, with its 95% interval"),
				charts.stream().map(Chart::title).toList());
		assertEquals(Runs.STRING + " · /add requests/s",
				((Point.Labelled) charts.get(1).series().get(1).points().get(0)).label(), "better, in the third");
		assertEquals(List.of("", "BASE", "second", "third"), ComparePage.differences(all).header());
	}

	private static Point.Labelled point(Chart chart, String series, String label) {
		return chart.series()
			.stream()
			.filter(one -> one.name().equals(series))
			.flatMap(one -> one.points().stream())
			.map(Point.Labelled.class::cast)
			.filter(point -> point.label().equals(label))
			.findFirst()
			.orElseThrow(() -> new AssertionError("no point " + label + " in " + series));
	}

	private Path run(String name, double... addRates) {
		Path run = Runs.copy(this.temp.resolve(name));
		Runs.addRates(run, "string", addRates);
		return run;
	}

}
