package org.redisbench.html;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class IndexPageTest {

	@TempDir
	Path results;

	@Test
	void listsEveryRunNewestFirstWithItsHeadline() throws IOException {
		run("20261126-100000", "abc1111", 1000, 1_000);
		run("jdk 25", "abc2222", 1100, 3_000);
		Files.createDirectories(this.results.resolve("20261125-090000/raw"));
		Files.setLastModifiedTime(this.results.resolve("20261125-090000/raw"), FileTime.fromMillis(2_000));
		Files.createDirectories(this.results.resolve("not-a-run"));
		assertEquals(3, IndexPage.write(this.results, "results"));
		String page = Files.readString(this.results.resolve(IndexPage.FILE));
		assertTrue(page.indexOf("data-run=\"jdk 25\"") < page.indexOf("data-run=\"20261125-090000\"")
				&& page.indexOf("data-run=\"20261125-090000\"") < page.indexOf("data-run=\"20261126-100000\""),
				"newest first");
		assertFalse(page.contains("not-a-run"));
		assertTrue(page.contains("<a href=\"jdk%2025/report.html\">jdk 25</a>"), page);
		assertTrue(page.contains("<b>string-per-key</b>: /add req/s 1,100 req/s, Redis bytes a person 234.5 bytes"),
				page);
		assertTrue(page.contains("<a href=\"20261125-090000/\">20261125-090000</a></td><td colspan=\"6\" "
				+ "class=\"quiet\">no report.html"));
		JsonNode runs = Page.JSON.readTree(HtmlReportTest.between(page,
				"<script type=\"application/json\" id=\"runs-data\">", "</script>"));
		assertEquals("results/jdk 25", runs.get(0).get("path").asString());
		assertEquals("jdk 25/report.html", runs.get(0).get("report").asString());
		assertEquals(1100.0, runs.get(0).get("figures").get(0).get("value").asDouble());
		assertTrue(runs.get(1).get("report").isNull());
	}

	@Test
	void anUnreadableRunIsListedAndTheOthersStill() throws IOException {
		run("good", "abc1111", 1000, 1_000);
		Path bad = Files.createDirectories(this.results.resolve("bad"));
		Files.writeString(bad.resolve(ReportFile.NAME), "{ not json", StandardCharsets.UTF_8);
		assertEquals(2, IndexPage.write(this.results, "/somewhere/results/"));
		String page = Files.readString(this.results.resolve(IndexPage.FILE));
		assertTrue(page.contains("report.json unreadable"), page);
		assertTrue(page.contains("\"path\":\"/somewhere/results/good\""), page);
		assertTrue(page.contains("Two runs with a report.html, other than comparisons, are needed."));
	}

	/** A comparison is listed and linked like a run, but not offered to be compared again. */
	@Test
	void aComparisonIsListedButNotPicked() throws IOException {
		run("20261126-100000", "abc1111", 1000, 1_000);
		run("20261126-110000", "abc2222", 1100, 2_000);
		Path folder = Files.createDirectories(this.results.resolve("compare-20261126-120000"));
		Path markdown = folder.resolve("compare.md");
		Files.writeString(markdown, "# Comparison of bench.sh runs\n", StandardCharsets.UTF_8);
		HtmlReport.write(markdown, new RunSummary(RunSummary.COMPARE, "2026-11-26T12:00:00Z", "abc1111 → abc2222",
				List.of(), List.of(), List.of(new Figure("string-per-key", "/add requests/s (~)", "%", 10))),
				List.of());
		Files.setLastModifiedTime(folder.resolve(ReportFile.NAME), FileTime.fromMillis(3_000));
		assertEquals(3, IndexPage.write(this.results, "results"));
		String page = Files.readString(this.results.resolve(IndexPage.FILE));
		assertTrue(page.contains("<a href=\"compare-20261126-120000/report.html\">compare-20261126-120000</a>"), page);
		assertTrue(page.contains("<b>string-per-key</b>: /add requests/s (~) 10.0 %"), page);
		JsonNode runs = Page.JSON.readTree(HtmlReportTest.between(page,
				"<script type=\"application/json\" id=\"runs-data\">", "</script>"));
		assertEquals("compare", runs.get(0).get("kind").asString());
		assertFalse(runs.get(0).get("comparable").asBoolean());
		assertTrue(runs.get(1).get("comparable").asBoolean() && runs.get(2).get("comparable").asBoolean());
		assertTrue(page.contains("<select id=\"base\">"), "two runs to pick from");
	}

	@Test
	void aComparisonAndOneRunAreNothingToPick() throws IOException {
		run("20261126-100000", "abc1111", 1000, 1_000);
		Path folder = Files.createDirectories(this.results.resolve("compare-1"));
		Path markdown = folder.resolve("compare.md");
		Files.writeString(markdown, "# Comparison\n", StandardCharsets.UTF_8);
		HtmlReport.write(markdown, new RunSummary(RunSummary.COMPARE, "2026-11-26T12:00:00Z", "abc1111", List.of(),
				List.of(), List.of()), List.of());
		IndexPage.write(this.results, "results");
		assertTrue(Files.readString(this.results.resolve(IndexPage.FILE))
			.contains("Two runs with a report.html, other than comparisons, are needed."));
	}

	@Test
	void anEmptyFolderHasNoRunYet() throws IOException {
		assertEquals(0, IndexPage.write(this.results, "results"));
		assertTrue(Files.readString(this.results.resolve(IndexPage.FILE)).contains("No run yet."));
	}

	@Test
	void formatsFiguresForTheList() {
		assertEquals("1,234", IndexPage.format(1234.4));
		assertEquals("234.5", IndexPage.format(234.5));
		assertEquals("3.1", IndexPage.format(3.1));
		assertEquals("0.00123", IndexPage.format(0.001234));
	}

	private void run(String name, String commit, double addRate, long millis) throws IOException {
		Path folder = Files.createDirectories(this.results.resolve(name));
		Path markdown = folder.resolve("report.md");
		Files.writeString(markdown, "# Run " + name + "\n", StandardCharsets.UTF_8);
		HtmlReport.write(markdown, new RunSummary("bench", "2026-11-26T10:00:00+00:00", commit, List.of(), List.of(),
				List.of(new Figure("string-per-key", "/add req/s", "req/s", addRate),
						new Figure("string-per-key", "Redis bytes a person", "bytes", 234.5),
						new Figure("kryo-per-key", "/add req/s", "req/s", 900))),
				List.of());
		Files.setLastModifiedTime(folder.resolve(ReportFile.NAME), FileTime.fromMillis(millis));
	}

}
