package org.redisbench.web;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

class BrowserPageTest {

	/** Chromium's, Firefox's and Safari's navigation, and a client that accepts nothing else. */
	@ParameterizedTest
	@ValueSource(strings = {
			"text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8,"
					+ "application/signed-exchange;v=b3;q=0.7",
			"text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
			"text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8,image/avif",
			"text/html", "TEXT/HTML", "text/plain;q=0.5, text/html" })
	void aRequestThatRanksHtmlAboveTextGetsAPage(String accept) {
		assertThat(BrowserPage.prefersPage(accept)).isTrue();
	}

	/**
	 * What {@code ab} and curl send, nothing at all, text first, a tie (the more specific range decides, and
	 * {@code text/*} matches text/plain as fully as {@code text/html} matches itself), and a broken header.
	 */
	@ParameterizedTest
	@ValueSource(strings = { "*/*", "", "text/plain", "application/json", "text/plain, text/html",
			"text/html, text/*", "text/html;q=0.5, */*", "text/*", "text/html;q=0, */*", "text/html;q=oops",
			"text/html;;;=" })
	void everyOtherRequestGetsTheText(String accept) {
		assertThat(BrowserPage.prefersPage(accept)).isFalse();
		assertThat(BrowserPage.prefersPage(null)).isFalse();
	}

	@Test
	void everyTextInThePageIsEscaped() {
		String page = BrowserPage.page(400, "GET /checksingle/<script>", "id must be a positive integer, was '<script>'\n",
				"1-100\"><img src=x>");

		assertThat(page).doesNotContain("<script").doesNotContain("<img")
			.contains("<h1 id=\"answer\">id must be a positive integer, was &#39;&lt;script&gt;&#39;</h1>")
			.contains("GET /checksingle/&lt;script&gt; → 400 Bad Request")
			.contains("<body class=\"error\">");
	}

	@Test
	void aSuccessPageNamesItsPersons() {
		String page = BrowserPage.page(200, "GET /add", "added 100\n", "1-100");

		assertThat(page).startsWith("<!DOCTYPE html>")
			.contains("<title>added 100 · GET /add</title>")
			.contains("<h1 id=\"answer\">added 100</h1>")
			.contains("<p id=\"ids\">persons 1-100</p>")
			.contains("<body class=\"ok\">");
		assertThat(BrowserPage.page(299, "GET /x", "x", null)).contains("→ 299</p>").doesNotContain("id=\"ids\"");
	}

}
