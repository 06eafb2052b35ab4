package org.redisbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.redisbench.runresults.RunFixture;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class BenchPageTest {

	@TempDir
	Path temp;

	@Test
	void theRealRunsPageHasItsChartsSettingsAndHeadline() throws IOException {
		Path out = RunFixture.copy(this.temp);
		assertEquals(0, ReportCommand.write(out));
		String page = Files.readString(out.resolve("report.html"));
		// the baseline charts (2 apps: 2 phases, 1, 3) and every configuration's (2 variants: 2 phases, 1)
		assertEquals(List.of(4, 2, 6, 4, 2), points(page));
		assertTrue(page.contains("<dt>git_commit</dt><dd>4335367-dirty</dd>"), "settings.env at the top");
		assertTrue(page.contains(
				"<li>One repetition a variant: no spread to judge a difference between variants by.</li>"));
		JsonNode summary = JsonMapper.builder().build().readTree(out.resolve("report.json").toFile());
		assertEquals("bench", summary.get("run").get("kind").asString());
		assertEquals("2026-11-23T09:21:12+00:00", summary.get("run").get("started").asString());
		JsonNode first = summary.get("run").get("headline").get(0);
		assertEquals("string-per-key-none-single-c50", first.get("group").asString());
		assertEquals("/add req/s", first.get("name").asString());
		// the same figure as report.md's table: string's /add at 434.73 requests/s
		assertEquals(434.73, first.get("value").asDouble());
		assertEquals(8, summary.get("run").get("headline").size(), "4 figures for each of 2 variants");
	}

	/** Each chart's data-points, in order. */
	private static List<Integer> points(String page) {
		List<Integer> points = new ArrayList<>();
		Matcher chart = Pattern.compile("<figure class=\"chart\" id=\"chart-\\d+\" data-points=\"(\\d+)\"")
			.matcher(page);
		while (chart.find()) {
			points.add(Integer.valueOf(chart.group(1)));
		}
		return points;
	}

}
