package org.redisbench.lab;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.StreamSupport;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.redisbench.codecs.Availability;
import org.redisbench.codecs.PersonCodec;
import org.redisbench.commandline.CommandLines;
import org.redisbench.valueformat.Compression;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code codec-lab --smoke} end to end, as scripts/codec-lab.sh runs it: every step in a JVM of its own with the
 * codecs' flags, JMH with the gc profiler, sizes on a redis-server of its own, and the whole report, a row of figures
 * for every available codec x compression; one iteration gives no interval, so no verdict. One run for the class:
 * the smoke is the slow part.
 */
@Tag("end-to-end")
class CodecLabSmokeTest {

	/**
	 * The codecs the checks name (fst, the one needing JVM flags; kryo against fastjson2 in the report), every
	 * compression: the lab's steps treat every codec alike, and every codec x compression round-trips through the
	 * lab's set-up in CodecSetupTest, so all ten would cost JMH more than three times as long for no other path.
	 */
	private static final List<PersonCodec> CODECS = List.of(PersonCodec.FASTJSON2, PersonCodec.KRYO, PersonCodec.FST);

	@TempDir
	static Path folder;

	static Path out;

	static int status;

	static JsonNode json;

	@BeforeAll
	static void runTheSmoke() throws IOException {
		out = folder.resolve("lab");
		// Maven builds modules side by side: another module's JMH holding its machine-wide lock must not fail this run,
		// whose figures no test reads as a time
		String ignoreLock = System.setProperty(CodecLabCommand.JMH_IGNORE_LOCK, "true");
		try {
			status = CommandLines.execute(new CodecLabCommand(), "--smoke", "--codecs",
					String.join(",", CODECS.stream().map(PersonCodec::id).toList()), "--output", out.toString());
		}
		finally {
			if (ignoreLock == null) {
				System.clearProperty(CodecLabCommand.JMH_IGNORE_LOCK);
			}
			else {
				System.setProperty(CodecLabCommand.JMH_IGNORE_LOCK, ignoreLock);
			}
		}
		if (status == CommandLines.OK) {
			json = JsonMapper.builder().build().readTree(out.resolve(LabFiles.JSON).toFile());
		}
	}

	@Test
	void itWritesTheWholeReport() {
		assertThat(status).as("exit status").isEqualTo(CommandLines.OK);
		for (String file : List.of(LabReport.FILE, LabFiles.CSV, LabFiles.JSON, "raw/jmh.json", "raw/sizes.json",
				"raw/run.env", LabCharts.nanosFile(Operation.DECODE_PERSON), LabCharts.REDIS_BYTES)) {
			assertThat(out.resolve(file)).as(file).isNotEmptyFile();
		}
	}

	@Test
	void theJmhStepIsToldToPassOverJmhsLockAsTheLabWas() throws IOException {
		assertThat(status).as("exit status").isEqualTo(CommandLines.OK);
		assertThat(Files.readAllLines(out.resolve("raw/run.env"))).filteredOn((line) -> line.startsWith("jmh_command="))
			.singleElement()
			.asString()
			.contains(" -D" + CodecLabCommand.JMH_IGNORE_LOCK + "=true ");
	}

	@Test
	void everyAvailableCodecHasARowAndEveryCodecOneForEachCompression() {
		assertThat(status).as("exit status").isEqualTo(CommandLines.OK);
		assertThat(rows()).as("rows of codecs.json").isNotEmpty();
		// the test JVM has FST's flags (the pom's argLine), as the lab gives every step of its own
		List<String> available = CODECS.stream()
			.filter((codec) -> codec.availability() instanceof Availability.Available)
			.map(PersonCodec::id)
			.toList();
		assertThat(rows().stream().filter((row) -> row.path("available").asBoolean()).map(this::codec).distinct())
			.as("the available codecs")
			.containsExactlyInAnyOrderElementsOf(available);
		assertThat(rows()).as("a row for every codec x compression")
			.hasSize(CODECS.size() * Compression.values().length);
	}

	@Test
	void everyAvailableConfigurationHasEveryFigureAsAPositiveNumber() {
		assertThat(status).as("exit status").isEqualTo(CommandLines.OK);
		List<String> figures = new ArrayList<>(List.of("value_bytes_mean", "value_bytes_p50", "value_bytes_p99",
				"redis_bytes_per_key"));
		for (Operation operation : Operation.values()) {
			figures.add(operation.column() + "_ns");
			figures.add(operation.column() + "_bytes_allocated");
		}
		for (JsonNode row : rows()) {
			if (row.path("available").asBoolean()) {
				for (String figure : figures) {
					JsonNode value = row.path(figure);
					assertThat(value.isNumber() && value.asDouble() > 0)
						.as("%s of %s %s: %s", figure, codec(row), row.path("compression").asString(), value)
						.isTrue();
				}
			}
		}
		assertThat(rows().get(0).path("encode_person_bytes_allocated").asDouble())
			.as("JMH ran with the gc profiler")
			.isPositive();
	}

	@Test
	void fstWhichNeedsJvmFlagsGotThem() {
		assertThat(status).as("exit status").isEqualTo(CommandLines.OK);
		List<JsonNode> fst = rows().stream().filter((row) -> codec(row).equals(PersonCodec.FST.id())).toList();
		assertThat(fst).as("fst's rows").isNotEmpty();
		assertThat(fst).as("fst available in every row").allMatch((row) -> row.path("available").asBoolean());
	}

	@Test
	void everyUnavailableCodecSaysWhy() {
		assertThat(status).as("exit status").isEqualTo(CommandLines.OK);
		assertThat(rows()).filteredOn((row) -> !row.path("available").asBoolean())
			.allMatch((row) -> row.path("unavailable_because").isString()
					&& !row.path("unavailable_because").asString().isBlank());
	}

	@Test
	void theCsvAndTheMarkdownHoldEveryConfiguration() throws IOException {
		assertThat(status).as("exit status").isEqualTo(CommandLines.OK);
		assertThat(Files.readAllLines(out.resolve(LabFiles.CSV))).as("a header and a line per row")
			.hasSize(rows().size() + 1);
		String markdown = Files.readString(out.resolve(LabReport.FILE));
		for (JsonNode row : rows()) {
			assertThat(markdown).contains("| " + codec(row) + " | " + row.path("compression").asString() + " |");
		}
		assertThat(markdown).as("kryo's decode+verify against fastjson2's")
			.containsPattern("(?m)^- none: kryo vs fastjson2, decode\\+verify");
		assertThat(markdown).as("one iteration gives no interval, so no verdict")
			.doesNotContain("faster than")
			.doesNotContain("slower than");
	}

	@Test
	void itsRedisServerIsStopped() throws IOException {
		assertThat(status).as("exit status").isEqualTo(CommandLines.OK);
		Matcher line = Pattern.compile("(?m)^redis-server on 127\\.0\\.0\\.1:([0-9]+)$")
			.matcher(Files.readString(out.resolve("raw/sizes.log")));
		assertThat(line.find()).as("raw/sizes.log names its redis-server").isTrue();
		assertThat(answers(Integer.parseInt(line.group(1)))).as("port " + line.group(1) + " answers").isFalse();
	}

	private List<JsonNode> rows() {
		return StreamSupport.stream(json.path("rows").spliterator(), false).toList();
	}

	private String codec(JsonNode row) {
		return row.path("codec").asString();
	}

	private static boolean answers(int port) {
		try (Socket socket = new Socket()) {
			socket.connect(new InetSocketAddress("127.0.0.1", port), 1000);
			return true;
		}
		catch (IOException ex) {
			return false;
		}
	}

}
