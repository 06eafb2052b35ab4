package org.redisbench.html;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HtmlReportTest {

	static final String MARKDOWN = """
			# A run's report

			Some text with <script>alert("not ours")</script> in it.

			| variant | `/add` req/s | bytes |
			|---|---:|---:|
			| **string-per-key** | 1,234.5 | 234.5 |
			| kryo \\| pipeline | 987 | 170.5 |

			![requests per second](requests-per-second.png)

			## Second

			| a | b |
			|---|---|
			| 1 | 2 |
			""";

	static final RunSummary RUN = new RunSummary("bench", "2026-11-26T10:00:00+00:00", "abc1234",
			List.of(new Setting("requests", "2000"), new Setting("command", "scripts/bench.sh --quick")),
			List.of("1 invalid run left out of every median"),
			List.of(new Figure("string-per-key", "/add req/s", "req/s", 1234.5)));

	@TempDir
	Path dir;

	@Test
	void everyTableOfTheMarkdownIsInThePageCellForCell() throws IOException {
		String page = write(List.of());
		String report = page.substring(page.indexOf("<main id=\"report\">"), page.indexOf("</main>"));
		assertEquals(List.of(List.of("variant", "/add req/s", "bytes"), List.of("string-per-key", "1,234.5", "234.5"),
				List.of("kryo | pipeline", "987", "170.5"), List.of("a", "b"), List.of("1", "2")), rows(report));
	}

	@Test
	void theFirstHeadingIsThePageTitleOnce() throws IOException {
		String page = write(List.of());
		assertTrue(page.contains("<title>A run&#39;s report</title>"), page);
		assertEquals(1, count(page, "<h1>"));
	}

	@Test
	void rawHtmlInTheMarkdownIsText() throws IOException {
		String page = write(List.of());
		assertFalse(page.contains("<script>alert"));
		assertTrue(page.contains("&lt;script&gt;alert"));
	}

	@Test
	void anImageIsALinkToItsFile() throws IOException {
		String page = write(List.of());
		assertTrue(page.contains("<a class=\"png\" href=\"requests-per-second.png\">PNG: requests per second</a>"),
				page);
		assertFalse(between(page, "<main id=\"report\">", "</main>").contains("<img"));
	}

	@Test
	void settingsAndWarningsComeBeforeTheCharts() throws IOException {
		String page = write(List.of(bars()));
		int warning = page.indexOf("1 invalid run left out of every median");
		int setting = page.indexOf("<dt>command</dt><dd>scripts/bench.sh --quick</dd>");
		assertTrue(warning > 0 && setting > warning && page.indexOf("<section id=\"charts\">") > setting, page);
	}

	@Test
	void chartsCarryTheirPointsAlignedToTheCategories() throws IOException {
		String page = write(List.of(bars(), Chart.xy("over time", "seconds", "req/s",
				List.of(new Series("string", List.of(Point.xy(0.5, 10), Point.xy(1.5, 12))))),
				Chart.bars("empty", "", "ms", List.of(new Series("none", List.of())))));
		assertTrue(page.contains("id=\"chart-0\" data-points=\"3\""), page);
		assertTrue(page.contains("id=\"chart-1\" data-points=\"2\""), page);
		assertFalse(page.contains("id=\"chart-2\""), "a chart without a point is left out");
		JsonNode data = Page.JSON.readTree(between(page, "<script type=\"application/json\" id=\"chart-data\">",
				"</script>"));
		assertEquals("[\"/add\",\"/check\"]", data.get(0).get("categories").toString());
		assertEquals("[100.0,null]", data.get(0).get("series").get(1).get("data").toString());
		assertEquals("[[90.0,110.0],null]", data.get(0).get("series").get(0).get("ranges").toString());
		assertEquals("[[0.5,10.0],[1.5,12.0]]", data.get(1).get("series").get(0).get("data").toString());
	}

	/** A comparison's chart: a point a category, its series's tone for its colour, the intervals as ranges. */
	@Test
	void anIntervalsChartCarriesItsTonesAndRanges() throws IOException {
		String page = write(List.of(Chart.intervals("changes", "variant · figure", "change, %", List.of(
				new Series("worse", List.of(Point.of("a · /add", -30, -33, -27)), Series.Tone.BAD),
				new Series("better", List.of(), Series.Tone.GOOD),
				new Series("too few", List.of(Point.of("b · /add", 2)), Series.Tone.FAINT)))));
		assertTrue(page.contains("id=\"chart-0\" data-points=\"2\""), page);
		JsonNode chart = Page.JSON.readTree(between(page, "<script type=\"application/json\" id=\"chart-data\">",
				"</script>")).get(0);
		assertEquals("INTERVALS", chart.get("kind").asString());
		assertEquals("[\"a · /add\",\"b · /add\"]", chart.get("categories").toString());
		assertEquals(2, chart.get("series").size(), "a series without a point is left out");
		assertEquals("BAD", chart.get("series").get(0).get("tone").asString());
		assertEquals("[[-33.0,-27.0],null]", chart.get("series").get(0).get("ranges").toString());
		assertEquals("[null,2.0]", chart.get("series").get(1).get("data").toString());
		assertEquals("FAINT", chart.get("series").get(1).get("tone").asString());
		assertFalse(Page.JSON.readTree(between(write(List.of(bars())),
				"<script type=\"application/json\" id=\"chart-data\">", "</script>"))
			.get(0)
			.get("series")
			.get(0)
			.has("tone"), "a series without a tone takes the palette's colour");
	}

	@Test
	void anIntervalsChartHasOnePointACategory() {
		assertThrows(IllegalArgumentException.class, () -> Chart.intervals("t", "x", "y", List.of(
				new Series("worse", List.of(Point.of("a", 1))), new Series("better", List.of(Point.of("a", 2))))));
	}

	/** A comparison's "what differed" comes first, before the warnings, cell for cell. */
	@Test
	void tablesAtTheTopComeBeforeTheWarnings() throws IOException {
		Path markdown = this.dir.resolve("report.md");
		Files.writeString(markdown, MARKDOWN, StandardCharsets.UTF_8);
		Table differed = new Table("differences", "What differed", List.of("", "BASE", "NEW"),
				List.of(List.of("JDK", "17 <old>", "25")), "Nothing differed.");
		String page = Files.readString(HtmlReport.write(markdown, RUN, List.of(differed), List.of(bars())));
		String top = between(page, "<section id=\"differences\">", "</section>");
		assertEquals(List.of(List.of("", "BASE", "NEW"), List.of("JDK", "17 <old>", "25")), rows(top));
		assertTrue(page.indexOf("<section id=\"differences\">") < page.indexOf("<section id=\"warnings\">"), page);
		Table none = new Table("differences", "What differed", List.of("", "BASE", "NEW"), List.of(),
				"Nothing differed.");
		page = Files.readString(HtmlReport.write(markdown, RUN, List.of(none), List.of()));
		assertTrue(page.contains("<section id=\"differences\">\n<h2>What differed</h2>\n<p class=\"quiet\">Nothing "
				+ "differed.</p>"), page);
		assertThrows(IllegalArgumentException.class, () -> new Table("t", "t", List.of("a", "b"),
				List.of(List.of("1")), ""));
	}

	@Test
	void noTextOfTheDataCanCloseItsScript() throws IOException {
		String page = write(List.of(Chart.bars("</script><script>alert(1)</script>", "", "ms",
				List.of(new Series("s", List.of(Point.of("a", 1)))))));
		assertFalse(page.contains("</script><script>alert(1)"));
		assertTrue(page.contains("\\u003c/script>"));
	}

	@Test
	void reportJsonKeepsTheSummaryForTheIndex() throws IOException {
		write(List.of());
		JsonNode json = Page.JSON.readTree(this.dir.resolve(ReportFile.NAME).toFile());
		assertEquals("A run's report", json.get("title").asString());
		assertEquals("report.html", json.get("report").asString());
		assertEquals("report.md", json.get("markdown").asString());
		assertEquals(1234.5, json.get("run").get("headline").get(0).get("value").asDouble());
		ReportFile read = Page.JSON.readValue(this.dir.resolve(ReportFile.NAME).toFile(), ReportFile.class);
		assertEquals(RUN, read.run());
	}

	@Test
	void theLibraryIsInlinedAndNamed() throws IOException {
		String page = write(List.of(bars()));
		assertTrue(page.contains("Charts drawn by Apache ECharts 6."), "the footer names the build's release");
		assertTrue(page.length() > 500_000, "the library is in the page");
		assertFalse(page.contains("src=\"http"), "nothing is fetched");
	}

	@Test
	void aMissingResourceIsRefusedByName() {
		LibraryMissingException refused = assertThrows(LibraryMissingException.class,
				() -> Page.resource("echarts/nothing.js", "nothing.js is missing"));
		assertEquals("nothing.js is missing", refused.getMessage());
	}

	@Test
	void aChartRefusesPointsOfTheWrongKind() {
		assertThrows(IllegalArgumentException.class, () -> Chart.xy("t", "x", "y",
				List.of(new Series("s", List.of(Point.of("a", 1))))));
		assertThrows(IllegalArgumentException.class, () -> Chart.bars("t", "x", "y",
				List.of(new Series("s", List.of(Point.xy(1, 1))))));
		assertThrows(IllegalArgumentException.class, () -> Chart.bars("t", "x", "y",
				List.of(new Series("s", List.of(Point.of("a", 1), Point.of("a", 2))))));
		assertThrows(IllegalArgumentException.class, () -> Chart.xy("t", "x", "y",
				List.of(new Series("s", List.of(Point.xy(1, 0))))).onLogAxis());
		assertThrows(IllegalArgumentException.class, () -> Point.of("a", Double.NaN));
	}

	static Chart bars() {
		return Chart.bars("requests per second", "phase", "req/s", List.of(
				new Series("string", List.of(Point.of("/add", 100, 90, 110), Point.of("/check", 200))),
				new Series("kryo", List.of(Point.of("/add", 100)))));
	}

	private String write(List<Chart> charts) throws IOException {
		Path markdown = this.dir.resolve("report.md");
		Files.writeString(markdown, MARKDOWN, StandardCharsets.UTF_8);
		Path html = HtmlReport.write(markdown, RUN, charts);
		assertEquals(this.dir.resolve(HtmlReport.FILE), html);
		return Files.readString(html);
	}

	/** Each table row's cells as text: tags left out, entities read. */
	static List<List<String>> rows(String html) {
		List<List<String>> rows = new ArrayList<>();
		Matcher row = Pattern.compile("<tr>(.*?)</tr>", Pattern.DOTALL).matcher(html);
		while (row.find()) {
			List<String> cells = new ArrayList<>();
			Matcher cell = Pattern.compile("<t[hd][^>]*>(.*?)</t[hd]>", Pattern.DOTALL).matcher(row.group(1));
			while (cell.find()) {
				String text = cell.group(1).replaceAll("<[^>]*>", "");
				for (Map.Entry<String, String> entity : Map.of("&lt;", "<", "&gt;", ">", "&quot;", "\"", "&#39;", "'")
					.entrySet()) {
					text = text.replace(entity.getKey(), entity.getValue());
				}
				cells.add(text.replace("&amp;", "&"));
			}
			rows.add(cells);
		}
		return rows;
	}

	static String between(String text, String from, String to) {
		int start = text.indexOf(from) + from.length();
		return text.substring(start, text.indexOf(to, start));
	}

	private static int count(String text, String part) {
		return text.split(Pattern.quote(part), -1).length - 1;
	}

}
