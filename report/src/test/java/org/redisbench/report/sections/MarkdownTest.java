package org.redisbench.report.sections;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class MarkdownTest {

	@Test
	void aTableIsAHeaderItsRuleAndRowsOfCells() {
		Markdown md = new Markdown();
		md.header("figure", "string", "kryo");
		md.row("requests/s", 434.7, "–");
		md.row("% and |", null, 1);
		assertEquals("""
				| figure | string | kryo |
				|---|---|---|
				| requests/s | 434.7 | – |
				| % and | | null | 1 |
				""", md.text());
	}

	@Test
	void anEmptyCellIsOneSpace() {
		Markdown md = new Markdown();
		md.header("", "");
		md.row("CPU", "");
		assertEquals("| | |\n|---|---|\n| CPU | |\n", md.text());
	}

}
