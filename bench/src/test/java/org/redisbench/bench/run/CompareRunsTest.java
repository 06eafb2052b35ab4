package org.redisbench.bench.run;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.redisbench.bench.BenchProcess;
import org.redisbench.commandline.CommandLines;
import org.redisbench.compare.CompareCommand;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code redis-bench compare} (scripts/compare.sh) on real runs at smoke size: the string app, pipelined, one request
 * at a time (-c 1, so that a wait added to each /add shows undiluted in its rate), sampled every 0.1 s for per-second
 * samples. Two runs of the same commit: compared, each figure gets a verdict or says why not, and any change called
 * significant is named with its p (two runs on a busy machine can differ: what is asserted is that compare says so
 * with its p, not that the machine was quiet). A run whose app waits 18 ms more in every /add (bench.add-delay,
 * passed through BENCH_JAVA_OPTS; every run waits some, so that its /add lasts as long on any machine): its /add rate
 * is called worse, its setting listed as what differed, and --fail-above 10 exits 1. report.html is written beside
 * compare.md, its chart a point a change. The base run relabelled as one under --redis-settings aof-everysec is
 * compared with the base variant for variant. Its refusals, which need no live run, are module compare's
 * CompareCommandTest's.
 */
@Tag("end-to-end")
class CompareRunsTest {

	private static final String VARIANT = "string-pipeline-none-single-c1";

	// Sizes. A verdict on per-second samples needs 4 or more batches a side, and a batch is 3 (1 + r) / (1 - r) samples
	// long, r their lag-1 autocorrelation pooled over both runs, so set by the noisier: the base, whose /add is mostly
	// the app's own time. At 0.2 s between samples r was 0.53-0.63 beside one build (batches of 10-14 samples), and
	// about 0.85 beside other modules' tests in CI, where the base's 115 samples and the delayed run's 139 made 3 and 4
	// batches, "too few", p 0.057 (4127824, 2026-12-06). r is held at most 0.9, a batch at most 57 samples, so samples
	// 0.1 s apart bound a batch at 5.7 s whatever the machine does (at 0.2 s, 11.4 s): four batches in 23 s. At 0.1 s r
	// came out lower, not higher (0.35-0.52, 22 to 50 batches a side, beside one build, 2026-12-06): the scrapes' own
	// jitter is independent from sample to sample. A phase of a fixed number of requests lasts as long as the machine
	// makes it, so every run's /add waits in each request and lasts at least as long as the waits on any machine: 2 ms
	// in the runs of the same commit, 5,000 requests (23 s beside one build); 20 ms in the delayed one, 1,500 requests,
	// 30 s or more. The delay is 18 ms more a request, so that no state of the machine hides it: with 1 ms more (3 ms
	// against 2) a loaded machine made a request's own time about 10 ms, and the delayed run came out only 7.3% slower,
	// p 0.15, "~" (CI beside four builds, 2026-12-06). Against 18 ms, a request's own time would have to pass 160 ms
	// for the change to fall under --fail-above 10.
	private static final String SAME_DELAY = "-Dbench.add-delay=2ms";

	private static final String DELAYED = "-Dbench.add-delay=20ms";

	/** A row of compare.md's changes whose p is given and whose verdict is significant. */
	private static final Pattern NAMED_WITH_P = Pattern.compile(".*\\| [0-9.e-]+ \\| \\*\\*(better|worse)\\*\\* \\|.*");

	private static final JsonMapper JSON = JsonMapper.builder().build();

	@TempDir
	static Path work;

	@BeforeAll
	static void runs() {
		bench("base", 5000, SAME_DELAY);
		bench("same", 5000, SAME_DELAY);
		bench("delayed", 1500, DELAYED);
	}

	/**
	 * One run into {@code work/NAME}, after one warm-up round of 500 requests an endpoint. 0.1 s between samples, so
	 * that a phase of 23 s gives four batches of the longest.
	 */
	private static void bench(String name, int requests, String delay) {
		BenchProcess bench = BenchProcess.logTo(work.resolve(name + ".log"))
			.with("BENCH_JAVA_OPTS", "-Xms512m -Xmx512m " + delay);
		int status = bench.run("--no-profile", "-n", String.valueOf(requests), "-c", "1", "-w", "500", "-r", "1",
				"--apps", "string", "--modes", "pipeline", "--noop-requests", "100", "--redis-bench-requests", "200",
				"--sample-interval", "0.1", "-o", work.resolve(name).toString());
		assertThat(status).as("run %s (%d requests a phase, %s): %s", name, requests, delay, bench.output()).isZero();
	}

	@Test
	void twoRunsOfTheSameCommitAreComparedAndEachSignificantChangeNamedWithItsP() throws IOException {
		Compared compared = compare("compare-same", "base", "same");

		assertThat(compared.status()).as(compared.output()).isZero();
		Path out = compared.folder();
		assertThat(out.resolve("compare.md")).isNotEmptyFile();
		assertThat(out.resolve("compare.json")).isNotEmptyFile();
		assertThat(out.resolve("report.html")).as("report.html with report.json, for results/index.html")
			.isNotEmptyFile();
		assertThat(out.resolve("report.json")).isNotEmptyFile();
		// test-html.sh checks the points and their intervals in a browser
		long changes = rows(out).filter((row) -> !row.get("change_percent").isNull()).count();
		Matcher chart = Pattern.compile(" id=\"chart-0\" data-points=\"([0-9]*)\"")
			.matcher(Files.readString(out.resolve("report.html")));
		assertThat(changes).as("compare.json holds changes").isPositive();
		assertThat(chart.find() ? chart.group(1) : null).as("report.html's chart has a point for each change")
			.isEqualTo(String.valueOf(changes));
		List<String> markdown = Files.readAllLines(out.resolve("compare.md"));
		assertThat(markdown).as("the runs were of the same commit: nothing differed but what a run records of its own")
			.anyMatch((line) -> line.startsWith("The same in all: commit "));
		JsonNode add = row(out, "add_rps");
		assertThat(add.get("base").get("kind").asString()).as("/add requests/s was tested on per-second samples")
			.isEqualTo("batch means");
		assertThat(add.get("verdict").asString()).as("with enough batches for a verdict").isNotEqualTo("too few");
		// Whatever the machine did between the runs, compare must name each change it calls with its p.
		for (JsonNode row : rows(out).filter((row) -> row.get("significant").asBoolean()).toList()) {
			assertNamedWithItsP(markdown, row);
		}
	}

	/** compare.md's row of a significant change gives its p and calls it better or worse. */
	private static void assertNamedWithItsP(List<String> markdown, JsonNode row) {
		String cells = "| " + VARIANT + " | " + row.get("label").asString() + " |";
		assertThat(markdown).as("the significant change %s %s%% p=%s is named with its p in compare.md",
				row.get("figure").asString(), row.get("change_percent"), row.get("p_value"))
			.anyMatch((line) -> line.contains(cells) && NAMED_WITH_P.matcher(line).matches());
	}

	@Test
	void aRunWhoseAddWaits18MsMoreIsCalledWorseAndFailsFailAbove() throws IOException {
		Compared compared = compare("compare-delayed", "base", "delayed");

		assertThat(compared.status()).as("without --fail-above: %s", compared.output()).isZero();
		List<String> markdown = Files.readAllLines(compared.folder().resolve("compare.md"));
		String setting = "| bench.sh java_opts | -Xms512m -Xmx512m " + SAME_DELAY + " | -Xms512m -Xmx512m " + DELAYED
				+ " |";
		assertThat(markdown).as("what differed lists the delay's setting").anyMatch((line) -> line.contains(setting));
		JsonNode add = row(compared.folder(), "add_rps");
		assertThat(add.get("verdict").asString())
			.as("/add requests/s, delayed against base: %s%% p=%s", add.get("change_percent"), add.get("p_value"))
			.isEqualTo("worse");
		assertNamedWithItsP(markdown, add);

		Compared failed = compare("fail", "base", "delayed", "--fail-above", "10");

		assertThat(failed.status()).as(failed.output()).isEqualTo(CommandLines.FAILED);
		assertThat(failed.output()).contains("add requests/s got worse");
		assertThat(Files.readAllLines(failed.folder().resolve("compare.md"))).as("compare.md says why")
			.anyMatch((line) -> line.startsWith("- " + VARIANT + " /add requests/s: -"));
	}

	/**
	 * The base run relabelled as one with Redis's appendonly on (--redis-settings aof-everysec), whose variant's name
	 * differs in that part alone: compared variant with variant, the settings listed as what differed.
	 */
	@Test
	void runsUnderOtherRedisSettingsAreComparedVariantWithItsTwin() throws IOException {
		String aofVariant = "string-pipeline-none-single-aof-everysec";
		Path aof = work.resolve("aof");
		copy(work.resolve("base"), aof);
		Path raw = aof.resolve("raw");
		Files.move(raw.resolve("string-pipeline-none-single"), raw.resolve(aofVariant));
		replace(raw.resolve("env/settings.env"), "(?m)^variants=.*$", "variants=" + aofVariant);
		replace(raw.resolve("env/settings.env"), "(?m)^redis_settings=.*$", "redis_settings=aof-everysec");
		replace(raw.resolve(aofVariant + "/variant.env"), "(?m)^redis_settings=.*$", "redis_settings=aof-everysec");

		Compared compared = compare("compare-aof", "base", "aof");

		assertThat(compared.status()).as(compared.output()).isZero();
		JsonNode pairs = JSON.readTree(compared.folder().resolve("compare.json").toFile()).get("comparisons").get(0)
			.get("pairs");
		assertThat(pairs.valueStream().map((pair) -> pair.get("base").asString() + " " + pair.get("new").asString()))
			.as("the variant of one with its twin of the other")
			.containsExactly(VARIANT + " " + aofVariant + "-c1");
		assertThat(Files.readString(compared.folder().resolve("compare.md"))).as("the settings listed as what differed")
			.contains("| bench.sh redis_settings | default | aof-everysec |");
	}

	/** A comparison's exit status, what it printed and where it wrote. */
	private record Compared(int status, String output, Path folder) {
	}

	/** compare -o work/OUT with {@code options} of run work/BASE and run work/NEXT, as scripts/compare.sh runs it. */
	private static Compared compare(String out, String base, String next, String... options) {
		Path folder = work.resolve(out);
		String[] line = Stream.concat(Stream.of(options),
				Stream.of("-o", folder.toString(), work.resolve(base).toString(), work.resolve(next).toString()))
			.toArray(String[]::new);
		ByteArrayOutputStream printed = new ByteArrayOutputStream();
		PrintStream before = System.out;
		PrintStream beforeErr = System.err;
		// before the command line is made: picocli takes the System.out and System.err of then as its own
		PrintStream capture = new PrintStream(printed, true, StandardCharsets.UTF_8);
		System.setOut(capture);
		System.setErr(capture);
		try {
			int status = CommandLines.execute(new CompareCommand(), line);
			return new Compared(status, printed.toString(StandardCharsets.UTF_8), folder);
		}
		finally {
			System.setOut(before);
			System.setErr(beforeErr);
		}
	}

	private static Stream<JsonNode> rows(Path out) {
		return JSON.readTree(out.resolve("compare.json").toFile()).get("comparisons").get(0).get("rows").valueStream();
	}

	/** The variant's row for {@code figure} in OUT's compare.json. */
	private static JsonNode row(Path out, String figure) {
		return rows(out).filter((row) -> row.get("variant").asString().equals(VARIANT)
				&& row.get("figure").asString().equals(figure))
			.findFirst()
			.orElseThrow(() -> new AssertionError("no row " + VARIANT + " " + figure + " in " + out));
	}

	private static void copy(Path from, Path to) throws IOException {
		try (Stream<Path> paths = Files.walk(from)) {
			for (Path path : paths.toList()) {
				Files.copy(path, to.resolve(from.relativize(path).toString()));
			}
		}
	}

	private static void replace(Path file, String regex, String replacement) throws IOException {
		Files.writeString(file, Files.readString(file).replaceAll(regex, replacement));
	}

}
