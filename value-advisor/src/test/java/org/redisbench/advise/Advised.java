package org.redisbench.advise;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.StreamSupport;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/** A run of the advisor ({@link Shell#advise}): its exit status, what it printed, and the folder it wrote. */
record Advised(String args, int status, String printed, Path out) {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	/** Its advice.json. */
	JsonNode advice() {
		return JSON.readTree(this.out.resolve(AdviceFiles.JSON).toFile());
	}

	JsonNode sample() {
		return advice().path("sample");
	}

	List<JsonNode> rows() {
		return StreamSupport.stream(advice().path("rows").spliterator(), false).toList();
	}

	/** Its advice.md. */
	String markdown() {
		try {
			return Files.readString(this.out.resolve(AdviceReport.FILE));
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** The lines it printed that are not blank. */
	List<String> lines() {
		return this.printed.lines().filter((line) -> !line.isBlank()).toList();
	}

	/**
	 * The rows of this run (a sample) whose projected bytes are more than {@code tolerance} (0.05: 5%) away from the
	 * same row's in {@code whole}, a run that read every key, or missing there, each with both figures; empty when
	 * every row agrees. Rows are one candidate (encoding, as objects or not, compression) in one layout.
	 */
	List<String> rowsAwayFrom(Advised whole, double tolerance) {
		Map<String, Double> wholeBytes = new HashMap<>();
		whole.rows().forEach((row) -> wholeBytes.put(id(row), row.path("projected_bytes").asDouble()));
		List<String> away = new ArrayList<>();
		if (rows().isEmpty()) {
			away.add("no rows in " + this.out);
		}
		for (JsonNode row : rows()) {
			double projected = row.path("projected_bytes").asDouble();
			Double measured = wholeBytes.get(id(row));
			if (measured == null || Math.abs(projected - measured) > tolerance * measured) {
				away.add(String.format("%s: %.0f projected, %s whole", id(row), projected, measured));
			}
		}
		return away;
	}

	/** Asserts a refusal: exit status 2, one line that matches each of {@code patterns}, and no stack trace. */
	void assertRefusedSaying(String... patterns) {
		assertThat(this.status).as("exit status of %s", this).isEqualTo(2);
		assertThat(lines()).as("what %s printed", this.args).singleElement().asString()
			.doesNotContain("Exception")
			.doesNotContain("\tat ")
			.satisfies((line) -> Arrays.stream(patterns).forEach((pattern) -> assertThat(line).containsPattern(pattern)));
	}

	private static String id(JsonNode row) {
		return row.path("encoding").asString() + (row.path("typed").asBoolean() ? " (objects)" : "") + "+"
				+ row.path("compression").asString() + "+" + row.path("layout").asString();
	}

	@Override
	public String toString() {
		return "advise " + this.args + " exited " + this.status + ":\n" + this.printed;
	}

}
