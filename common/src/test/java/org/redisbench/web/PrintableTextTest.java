package org.redisbench.web;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class PrintableTextTest {

	@Test
	void plainTextIsKeptAsItIs() {
		assertThat(PrintableText.message("person 5: md5 does not match the fields"))
			.isEqualTo("person 5: md5 does not match the fields");
		assertThat(PrintableText.message("Grüße, 東京 😀")).isEqualTo("Grüße, 東京 😀");
		assertThat(PrintableText.message(null)).isEqualTo("null");
	}

	@Test
	void lineBreaksTabsAndOtherControlCharactersAreEscaped() {
		assertThat(PrintableText.message("a\r\nb\tc")).isEqualTo("a\\r\\nb\\tc");
		assertThat(PrintableText.message("\u001b[31mred\u0000\u007f\u0085")).isEqualTo("\\u001B[31mred\\u0000\\u007F\\u0085");
	}

	@Test
	void charactersThatReorderOrHideTextAreEscaped() {
		assertThat(PrintableText.message("a\u202Eb\u200Bc\u2028d\u2029e")).isEqualTo("a\\u202Eb\\u200Bc\\u2028d\\u2029e");
		assertThat(PrintableText.message("lone \uD800 surrogate")).isEqualTo("lone \\uD800 surrogate");
	}

	@Test
	void aLongMessageIsCutWithAnEllipsis() {
		String cut = PrintableText.message("A".repeat(60 * 1024));

		assertThat(cut).isEqualTo("A".repeat(PrintableText.MAX_MESSAGE) + "...");
		assertThat(PrintableText.message("A".repeat(PrintableText.MAX_MESSAGE))).doesNotEndWith("...");
	}

	@Test
	void escapesCountTowardsTheBound() {
		String cut = PrintableText.message("\u0000".repeat(10_000));

		assertThat(cut).hasSizeLessThanOrEqualTo(PrintableText.MAX_MESSAGE + 3).endsWith("\\u0000...");
	}

	@Test
	void aCharacterOutsideTheBasicPlaneIsNeverSplit() {
		String cut = PrintableText.excerpt("x" + "😀".repeat(30));

		assertThat(cut).isEqualTo("x" + "😀".repeat(19) + "...");
	}

	@Test
	void anExcerptOfClientInputIsShorter() {
		assertThat(PrintableText.excerpt("9".repeat(5000))).isEqualTo("9".repeat(PrintableText.MAX_EXCERPT) + "...");
	}

	@Test
	void escapedTextIsLeftAsItIsWhenEscapedAgain() {
		String once = PrintableText.excerpt("k\r\n\u001b");

		assertThat(PrintableText.message(once)).isEqualTo(once);
	}

}
