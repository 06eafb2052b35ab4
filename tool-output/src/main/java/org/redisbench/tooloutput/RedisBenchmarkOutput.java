package org.redisbench.tooloutput;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The tests reported by {@code redis-benchmark}, read two ways. Leniently ({@link #parse}), for the report of runs of
 * any age: its {@code --csv} output (with or without the header line of Redis 6.2+) or its plain or {@code -q} output,
 * latencies it did not print {@code null}. Strictly ({@link #read}), for a self-test that ran it a moment ago: CSV with
 * its header, one or more runs appended, every line read or the file refused naming the line. Columns are found by
 * the header's names, not by position, so a redis-benchmark that adds a column still reads.
 */
public final class RedisBenchmarkOutput {

	public record Test(String name, double requestsPerSecond, Double avgMs, Double p50Ms, Double p95Ms, Double p99Ms,
			Double maxMs) {
	}

	private static final Pattern SECTION = Pattern.compile("^====== (.+) ======\\s*$");

	private static final Pattern THROUGHPUT = Pattern.compile("([0-9.]+) requests per second");

	private static final Pattern QUIET = Pattern.compile("^([^:]+): ([0-9.]+) requests per second(?:, p50=([0-9.]+) msec)?");

	private static final Pattern LATENCY_HEADER = Pattern.compile("^\\s*avg\\s+min\\s+p50\\s+p95\\s+p99\\s+max\\s*$");

	private static final String EXPECTED_HEADER = "a header \"test\",\"rps\",...,\"p50_latency_ms\",...";

	private RedisBenchmarkOutput() {
	}

	/** A {@code --csv} file, strictly: see {@link #strict}. */
	public static List<Test> read(Path file) {
		try {
			return strict(file.toString(), Files.readAllLines(file));
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot read " + file + ": " + ex, ex);
		}
	}

	/**
	 * The {@code --csv} lines of {@code source}, each run after its header; a header without {@code rps} and
	 * {@code p50_latency_ms}, a row before a header, of another field count or with a word for a number is refused.
	 *
	 * @throws GarbledInput naming the source and the line
	 */
	public static List<Test> strict(String source, List<String> lines) {
		List<Test> tests = new ArrayList<>();
		List<String> header = null;
		for (int i = 0; i < lines.size(); i++) {
			String line = lines.get(i);
			if (line.isBlank()) {
				continue;
			}
			List<String> cells = csvCells(line);
			if (cells.contains("test")) {
				if (!cells.contains("rps") || !cells.contains("p50_latency_ms")) {
					throw new GarbledInput(source, i + 1, EXPECTED_HEADER, line);
				}
				header = cells;
				continue;
			}
			if (header == null) {
				throw new GarbledInput(source, i + 1, EXPECTED_HEADER, line);
			}
			String expected = header.size() + " fields as in " + String.join(",", header);
			if (cells.size() != header.size()) {
				throw new GarbledInput(source, i + 1, expected, line);
			}
			try {
				tests.add(test(header, cells));
			}
			catch (NumberFormatException ex) {
				throw new GarbledInput(source, i + 1, expected, line);
			}
		}
		return tests;
	}

	public static List<Test> parse(String text) {
		String[] lines = text.replace("\r", "\n").split("\n");
		for (String line : lines) {
			if (!line.isBlank()) {
				return line.startsWith("\"") ? parseCsv(lines) : parsePlain(lines);
			}
		}
		return List.of();
	}

	private static List<Test> parseCsv(String[] lines) {
		List<String> header = List.of("test", "rps");
		List<Test> tests = new ArrayList<>();
		for (String line : lines) {
			if (line.isBlank()) {
				continue;
			}
			List<String> cells = csvCells(line);
			if (cells.get(0).equals("test")) {
				header = cells;
				continue;
			}
			tests.add(test(header, cells));
		}
		return tests;
	}

	private static Test test(List<String> header, List<String> cells) {
		return new Test(cells.get(header.indexOf("test")), Double.parseDouble(cells.get(header.indexOf("rps"))),
				cell(header, cells, "avg_latency_ms"), cell(header, cells, "p50_latency_ms"),
				cell(header, cells, "p95_latency_ms"), cell(header, cells, "p99_latency_ms"),
				cell(header, cells, "max_latency_ms"));
	}

	private static List<String> csvCells(String line) {
		List<String> cells = new ArrayList<>();
		for (String cell : line.split(",(?=(?:[^\"]*\"[^\"]*\")*[^\"]*$)")) {
			cells.add(cell.strip().replaceAll("^\"|\"$", ""));
		}
		return cells;
	}

	private static Double cell(List<String> header, List<String> cells, String column) {
		int index = header.indexOf(column);
		return index < 0 || index >= cells.size() ? null : Double.valueOf(cells.get(index));
	}

	private static List<Test> parsePlain(String[] lines) {
		List<Test> tests = new ArrayList<>();
		String section = null;
		Double rps = null;
		Double[] latency = new Double[6];
		for (int i = 0; i < lines.length; i++) {
			String line = lines[i];
			Matcher quiet = QUIET.matcher(line.strip());
			Matcher start = SECTION.matcher(line);
			if (start.find()) {
				add(tests, section, rps, latency);
				section = start.group(1);
				rps = null;
				latency = new Double[6];
			}
			else if (section == null && quiet.find()) {
				Double p50 = quiet.group(3) == null ? null : Double.valueOf(quiet.group(3));
				tests.add(new Test(quiet.group(1), Double.parseDouble(quiet.group(2)), null, p50, null, null, null));
			}
			else if (section != null && LATENCY_HEADER.matcher(line).find() && i + 1 < lines.length) {
				String[] values = lines[i + 1].strip().split("\\s+");
				for (int v = 0; v < Math.min(values.length, latency.length); v++) {
					latency[v] = Double.valueOf(values[v]);
				}
			}
			else if (section != null && rps == null) {
				Matcher throughput = THROUGHPUT.matcher(line);
				if (throughput.find()) {
					rps = Double.valueOf(throughput.group(1));
				}
			}
		}
		add(tests, section, rps, latency);
		return tests;
	}

	private static void add(List<Test> tests, String section, Double rps, Double[] latency) {
		if (section != null && rps != null) {
			tests.add(new Test(section, rps, latency[0], latency[2], latency[3], latency[4], latency[5]));
		}
	}

}
