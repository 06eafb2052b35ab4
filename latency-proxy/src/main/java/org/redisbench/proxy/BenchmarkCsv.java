package org.redisbench.proxy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * What {@code redis-benchmark --csv} printed, one or more runs appended (each starts with its header line): the
 * requests per second and the median latency of each test. Columns are found by the header's names, not by
 * position, so a redis-benchmark that adds a column still reads.
 */
final class BenchmarkCsv {

	/** One test of one run: {@code SET}, {@code GET}, {@code PING_MBULK}. */
	record Result(String test, double requestsPerSecond, double p50Millis) {
	}

	private static final String EXPECTED_HEADER = "a header \"test\",\"rps\",...,\"p50_latency_ms\",...";

	private BenchmarkCsv() {
	}

	static List<Result> read(Path file) {
		try {
			return parse(file.toString(), Files.readAllLines(file));
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot read " + file + ": " + ex, ex);
		}
	}

	static List<Result> parse(String source, List<String> lines) {
		List<Result> results = new ArrayList<>();
		List<String> header = null;
		for (int i = 0; i < lines.size(); i++) {
			String line = lines.get(i);
			if (line.isBlank()) {
				continue;
			}
			List<String> fields = Arrays.stream(line.split(",", -1)).map(BenchmarkCsv::unquote).toList();
			if (fields.contains("test")) {
				if (!fields.contains("rps") || !fields.contains("p50_latency_ms")) {
					throw new GarbledInput(source, i + 1, EXPECTED_HEADER, line);
				}
				header = fields;
				continue;
			}
			if (header == null) {
				throw new GarbledInput(source, i + 1, EXPECTED_HEADER, line);
			}
			String expected = header.size() + " fields as in " + String.join(",", header);
			if (fields.size() != header.size()) {
				throw new GarbledInput(source, i + 1, expected, line);
			}
			try {
				results.add(new Result(fields.get(header.indexOf("test")), Double.parseDouble(fields.get(header.indexOf("rps"))),
						Double.parseDouble(fields.get(header.indexOf("p50_latency_ms")))));
			}
			catch (NumberFormatException ex) {
				throw new GarbledInput(source, i + 1, expected, line);
			}
		}
		return results;
	}

	private static String unquote(String field) {
		String trimmed = field.strip();
		return (trimmed.length() >= 2 && trimmed.startsWith("\"") && trimmed.endsWith("\""))
				? trimmed.substring(1, trimmed.length() - 1) : trimmed;
	}

}
