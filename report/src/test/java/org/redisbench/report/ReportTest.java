package org.redisbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.redisbench.report.sections.ChartsSection;
import org.redisbench.report.sections.OpenLoopSection;
import org.redisbench.report.sections.OverTimeSection;
import org.redisbench.runresults.KeyValues;
import org.redisbench.runresults.OpenLoopRuns;
import org.redisbench.runresults.OverTime;
import org.redisbench.runresults.RunFixture;
import org.redisbench.runresults.RunResults;
import org.redisbench.runresults.Variant;

class ReportTest {

	private static final Variant CLUSTER = new Variant("kryo", "per-key", "none", "cluster3", 3);

	@TempDir
	Path temp;

	@Test
	void everyTableHasItsRuleAndAsManyCellsInEveryRow() throws IOException {
		RunResults run = RunResults.load(RunFixture.matrix(this.temp, Variant.published("string"),
				Variant.published("kryo"), CLUSTER));
		List<String> lines = new Report(ChartsSection.drawn(List.of()),
				new OverTimeSection(new OverTime(List.of()), List.of()),
				new OpenLoopSection(new OpenLoopRuns(KeyValues.empty(), List.of()), List.of()))
			.render(run).lines().toList();
		int tables = 0;
		for (int i = 0; i < lines.size(); i++) {
			if (!lines.get(i).startsWith("|") || (i > 0 && lines.get(i - 1).startsWith("|"))) {
				continue;
			}
			tables++;
			int columns = cells(lines.get(i));
			assertEquals("|" + "---|".repeat(columns), lines.get(i + 1), lines.get(i));
			for (int row = i + 2; row < lines.size() && lines.get(row).startsWith("|"); row++) {
				assertEquals(columns, cells(lines.get(row)), lines.get(row));
			}
		}
		// settings, environment, published, per app, ceilings, configurations, time split, targets, cluster, its
		// masters, every run
		assertEquals(11, tables);
	}

	@Test
	void chartsNotDrawnSayWhyAndHowToDrawThem() throws IOException {
		RunResults run = RunResults.load(RunFixture.copy(this.temp));
		String report = new Report(ChartsSection.notDrawn("java.awt.AWTError: no font"),
				new OverTimeSection(new OverTime(List.of()), List.of()),
				new OpenLoopSection(new OpenLoopRuns(KeyValues.empty(), List.of()), List.of()))
			.render(run);
		assertTrue(report.contains("## Charts\n\nNot drawn: `java.awt.AWTError: no font`. Java needs fontconfig"), report);
		assertTrue(report.indexOf("## Charts") < report.indexOf("## Every run"), report);
	}

	/** The cells of a table line: its bars, less one, not counting an escaped bar inside a cell. */
	private static int cells(String line) {
		return line.replace("\\|", "").length() - line.replace("\\|", "").replace("|", "").length() - 1;
	}

}
