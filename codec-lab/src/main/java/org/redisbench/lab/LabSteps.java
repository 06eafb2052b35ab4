package org.redisbench.lab;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;

import org.redisbench.codecs.Availability;
import org.redisbench.codecs.PersonCodec;
import org.redisbench.commandline.Checks;
import org.redisbench.commandline.CommandLines;
import org.redisbench.commandline.Refusal;
import org.redisbench.valueformat.Compression;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * The codec lab's steps besides JMH, each run by {@code redis-bench codec-lab} ({@link CodecLabCommand}) in a JVM of
 * its own with the codecs' JVM flags. {@code --codecs} and {@code --compression} take comma-separated ids, or
 * {@code all}.
 */
@Command(name = "lab-steps", mixinStandardHelpOptions = true, usageHelpWidth = 120,
		description = "The codec lab's steps besides JMH, each in a JVM with the codecs' flags; redis-bench codec-lab"
				+ " runs them.",
		footer = "%nExit status: 0 done, 2 a bad option (an unknown codec or compression among them): one line.")
public final class LabSteps implements Callable<Integer> {

	private static final JsonMapper JSON = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

	public static void main(String[] args) {
		CommandLines.main(new LabSteps(), args);
	}

	/** No step named: picocli has no required subcommand of its own. */
	@Override
	public Integer call() {
		throw new Refusal("expected a step: available, sizes, report or read-both");
	}

	/** Every codec × compression asked for, codec by codec. */
	static final class Configurations {

		@Option(names = "--codecs", required = true, paramLabel = "LIST", description = "codec ids, or all")
		String codecs;

		@Option(names = "--compression", required = true, paramLabel = "LIST", description = "compression ids, or all")
		String compression;

		List<CodecSetup> setups() {
			try {
				List<Compression> compressions = ids(this.compression).stream()
					.map((id) -> id.equals("all") ? Arrays.asList(Compression.values())
							: List.of(CodecSetup.compression(id)))
					.flatMap(List::stream)
					.toList();
				List<CodecSetup> setups = new ArrayList<>();
				for (String id : ids(this.codecs)) {
					for (PersonCodec codec : id.equals("all") ? List.of(PersonCodec.values()) : List.of(PersonCodec.byId(id))) {
						compressions.forEach((compression) -> setups.add(new CodecSetup(codec, compression)));
					}
				}
				return setups;
			}
			catch (IllegalArgumentException ex) {
				throw new Refusal(ex.getMessage());
			}
		}

		private static List<String> ids(String list) {
			return Arrays.stream(list.split(",")).map(String::strip).filter((id) -> !id.isEmpty()).toList();
		}

	}

	@Command(name = "available", mixinStandardHelpOptions = true,
			description = "checks both lists; prints the available codecs of LIST, comma-separated")
	void available(@Mixin Configurations configurations) {
		System.out.println(configurations.setups().stream()
			.map(CodecSetup::codec)
			.distinct()
			.filter((codec) -> codec.availability() instanceof Availability.Available)
			.map(PersonCodec::id)
			.collect(Collectors.joining(",")));
	}

	@Command(name = "sizes", mixinStandardHelpOptions = true,
			description = "value sizes over N persons and Redis bytes per key over N keys (0: none),"
					+ " per configuration")
	void sizes(@Mixin Configurations configurations,
			@Option(names = "--persons", required = true, paramLabel = "N") int persons,
			@Option(names = "--keys", required = true, paramLabel = "N") int keys,
			@Option(names = "--out", required = true, paramLabel = "sizes.json") Path out) throws IOException {
		Checks.atLeast("--persons", persons, 0);
		Checks.atLeast("--keys", keys, 0);
		JSON.writeValue(out.toFile(), SizeLab.measure(configurations.setups(), persons, keys, System.out));
	}

	@Command(name = "report", mixinStandardHelpOptions = true,
			description = "writes codecs.md, report.html, codecs.csv, codecs.json and the charts"
					+ " into DIR")
	void report(@Mixin Configurations configurations,
			@Option(names = "--jmh", required = true, paramLabel = "jmh.json") Path jmhFile,
			@Option(names = "--sizes", required = true, paramLabel = "sizes.json") Path sizesFile,
			@Option(names = "--run", required = true, paramLabel = "run.env") Path runFile,
			@Option(names = "--out", required = true, paramLabel = "DIR") Path out) throws IOException {
		JmhResults jmh = JmhResults.read(jmhFile);
		SizeLab.Results sizes = JSON.readValue(sizesFile.toFile(), SizeLab.Results.class);
		Map<String, String> run = runRecord(runFile);
		List<LabRow> rows = configurations.setups().stream().map((setup) -> LabRow.of(setup, jmh, sizes)).toList();
		Path output = Files.createDirectories(out);
		List<String> charts = LabCharts.write(output, rows);
		LabFiles.write(output, run, jmh.settings(), rows);
		Files.writeString(output.resolve(LabReport.FILE), LabReport.render(run, jmh.settings(), sizes, rows, charts),
				StandardCharsets.UTF_8);
		LabPage.write(output, run, jmh.settings(), rows);
		System.out.println("wrote " + output.resolve(LabReport.FILE));
	}

	@Command(name = "read-both", mixinStandardHelpOptions = true,
			description = "what reading two formats costs a decode, from ReadBothBenchmark's JSON:"
					+ " a markdown table")
	void readBoth(@Option(names = "--jmh", required = true, paramLabel = "jmh.json") Path jmh) throws IOException {
		System.out.print(DetectionCost.table(DetectionCost.read(jmh)));
	}

	/** What the lab recorded: {@code name=value} lines. */
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

}
