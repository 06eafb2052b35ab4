package org.redisbench.html;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

import tools.jackson.databind.json.JsonMapper;

/** What report.html and index.html share: escaping, data for their scripts, the style sheet. */
final class Page {

	static final JsonMapper JSON = JsonMapper.builder().build();

	private Page() {
	}

	/** Text as HTML text or an attribute's value in double quotes. */
	static String escape(String text) {
		StringBuilder out = new StringBuilder(text.length());
		for (char c : text.toCharArray()) {
			switch (c) {
				case '&' -> out.append("&amp;");
				case '<' -> out.append("&lt;");
				case '>' -> out.append("&gt;");
				case '"' -> out.append("&quot;");
				case '\'' -> out.append("&#39;");
				default -> out.append(c);
			}
		}
		return out.toString();
	}

	/**
	 * Data for the page's script, in a {@code <script type="application/json">}: JSON's {@code \u003c} for every
	 * {@code <}, so that no string in it can close the element.
	 */
	static String data(String id, Object value) {
		return "<script type=\"application/json\" id=\"" + id + "\">"
				+ JSON.writeValueAsString(value).replace("<", "\\u003c") + "</script>\n";
	}

	/** One of this package's resources (style, scripts): refuses, naming it, when the jar lacks it. */
	static String resource(String name) {
		return resource(name, name + " is missing from the jar; rebuild report-html");
	}

	/** One of this package's resources; refuses with {@code missing} when the jar lacks it. */
	static String resource(String name, String missing) {
		try (InputStream in = Page.class.getResourceAsStream(name)) {
			if (in == null) {
				throw new LibraryMissingException(missing);
			}
			return new String(in.readAllBytes(), StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** The opening of a page up to its body, its style inlined. */
	static String head(String title) {
		return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
				+ "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
				+ "<meta name=\"generator\" content=\"redis-codec-bench report-html\">\n<title>" + escape(title)
				+ "</title>\n<style>\n" + resource("page.css") + "</style>\n</head>\n<body>\n";
	}

}
