package org.redisbench.lab;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.redisbench.valueformat.Compression;
import org.redisbench.codecs.Availability;
import org.redisbench.codecs.PersonCodec;

import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * The codec lab's steps besides JMH, each run by scripts/codec-lab.sh. {@code --codecs} and
 * {@code --compression} take comma-separated ids, or {@code all}.
 */
public final class LabSteps {

	private static final String USAGE = """
			usage: LabSteps jvm-flags --codecs LIST
			         prints the JVM flags these codecs need, for every other step and JMH
			       LabSteps available --codecs LIST --compression LIST
			         checks both lists; prints the available codecs of LIST, comma-separated
			       LabSteps sizes --codecs LIST --compression LIST --persons N --keys N --out sizes.json
			         value sizes over N persons and Redis bytes per key over N keys (0: none), per configuration
			       LabSteps report --codecs LIST --compression LIST --jmh jmh.json --sizes sizes.json --run run.env --out DIR
			         writes codecs.md, report.html, codecs.csv, codecs.json and the charts into DIR
			       LabSteps read-both --jmh jmh.json
			         what reading two formats costs a decode, from ReadBothBenchmark's JSON: a markdown table""";

	private static final JsonMapper JSON = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

	private LabSteps() {
	}

	/** Exits 2, with the usage, on a wrong argument (an unknown codec among them). */
	public static void main(String[] args) throws IOException {
		try {
			run(args);
		}
		catch (IllegalArgumentException ex) {
			System.err.println(ex.getMessage());
			System.err.println(USAGE);
			System.exit(2);
		}
	}

	private static void run(String[] args) throws IOException {
		if (args.length == 0 || args.length % 2 == 0) {
			throw new IllegalArgumentException("expected a step and --name value pairs");
		}
		Map<String, String> options = options(args);
		switch (args[0]) {
			case "jvm-flags" -> System.out.println(CodecSetup.jvmFlags(codecs(options)));
			case "available" -> System.out.println(setups(options).stream()
				.map(CodecSetup::codec)
				.distinct()
				.filter((codec) -> codec.availability() instanceof Availability.Available)
				.map(PersonCodec::id)
				.collect(Collectors.joining(",")));
			case "sizes" -> JSON.writeValue(Path.of(required(options, "out")).toFile(),
					SizeLab.measure(setups(options), count(options, "persons"), count(options, "keys"), System.out));
			case "report" -> report(options);
			case "read-both" -> System.out.print(DetectionCost.table(DetectionCost.read(Path.of(required(options, "jmh")))));
			default -> throw new IllegalArgumentException("no step '" + args[0] + "'");
		}
	}

	private static void report(Map<String, String> options) throws IOException {
		JmhResults jmh = JmhResults.read(Path.of(required(options, "jmh")));
		SizeLab.Results sizes = JSON.readValue(Path.of(required(options, "sizes")).toFile(), SizeLab.Results.class);
		Map<String, String> run = runRecord(Path.of(required(options, "run")));
		List<LabRow> rows = setups(options).stream().map((setup) -> LabRow.of(setup, jmh, sizes)).toList();
		Path output = Files.createDirectories(Path.of(required(options, "out")));
		List<String> charts = LabCharts.write(output, rows);
		LabFiles.write(output, run, jmh.settings(), rows);
		Files.writeString(output.resolve(LabReport.FILE), LabReport.render(run, jmh.settings(), sizes, rows, charts),
				StandardCharsets.UTF_8);
		LabPage.write(output, run, jmh.settings(), rows);
		System.out.println("wrote " + output.resolve(LabReport.FILE));
	}

	/** Every codec x compression asked for, codec by codec. */
	static List<CodecSetup> setups(Map<String, String> options) {
		List<Compression> compressions = ids(options, "compression").stream()
			.map((id) -> id.equals("all") ? Arrays.asList(Compression.values()) : List.of(CodecSetup.compression(id)))
			.flatMap(List::stream)
			.toList();
		List<CodecSetup> setups = new ArrayList<>();
		for (PersonCodec codec : codecs(options)) {
			compressions.forEach((compression) -> setups.add(new CodecSetup(codec, compression)));
		}
		return setups;
	}

	private static List<PersonCodec> codecs(Map<String, String> options) {
		return ids(options, "codecs").stream()
			.map((id) -> id.equals("all") ? Arrays.asList(PersonCodec.values()) : List.of(PersonCodec.byId(id)))
			.flatMap(List::stream)
			.toList();
	}

	private static List<String> ids(Map<String, String> options, String name) {
		return Arrays.stream(required(options, name).split(",")).map(String::strip).filter((id) -> !id.isEmpty()).toList();
	}

	/** What scripts/codec-lab.sh recorded: {@code name=value} lines. */
	private static Map<String, String> runRecord(Path file) throws IOException {
		Map<String, String> run = new LinkedHashMap<>();
		for (String line : Files.readAllLines(file)) {
			int equals = line.indexOf('=');
			if (equals > 0 && !line.startsWith("#")) {
				run.put(line.substring(0, equals), line.substring(equals + 1));
			}
		}
		return run;
	}

	private static Map<String, String> options(String[] args) {
		Map<String, String> options = new HashMap<>();
		for (int i = 1; i < args.length; i += 2) {
			if (!args[i].startsWith("--")) {
				throw new IllegalArgumentException("expected --name, got '" + args[i] + "'");
			}
			options.put(args[i].substring(2), args[i + 1]);
		}
		return options;
	}

	private static String required(Map<String, String> options, String name) {
		String value = options.get(name);
		if (value == null) {
			throw new IllegalArgumentException("missing --" + name);
		}
		return value;
	}

	private static int count(Map<String, String> options, String name) {
		String value = required(options, name);
		if (!value.matches("\\d{1,9}")) {
			throw new IllegalArgumentException("--" + name + " must be a whole number, 0 or more, not '" + value + "'");
		}
		return Integer.parseInt(value);
	}

}
