package org.redisbench.compare;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.redisbench.commandline.CommandLines;
import org.redisbench.html.IndexPage;
import org.redisbench.html.ResultsFolder;
import picocli.CommandLine;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code redis-bench compare}'s command line: its options and their environment defaults, the output folder (made
 * only once every run was read, so that a refusal leaves none), runs.txt, and the index of the runs beside it.
 */
class CompareCommandTest {

	@TempDir
	Path temp;

	@Test
	void twoRunsAreComparedIntoTheFolderGivenWithTheRunsListed() throws IOException {
		Path base = Runs.copy(this.temp.resolve("base"));
		Path next = Runs.copy(this.temp.resolve("new"));
		Path out = this.temp.resolve("out");

		Command command = Command.run("-o", out.toString(), base.toString(), next.toString());

		assertThat(command.status).isZero();
		assertThat(command.err).isEmpty();
		assertThat(out.resolve("compare.md")).isNotEmptyFile();
		assertThat(out.resolve("compare.json")).isNotEmptyFile();
		assertThat(out.resolve("report.html")).isNotEmptyFile();
		assertThat(Files.readAllLines(out.resolve("raw/runs.txt"))).containsExactly(base.toRealPath().toString(),
				next.toRealPath().toString());
		assertThat(this.temp.resolve(IndexPage.FILE)).as("no index where none was, outside results/").doesNotExist();
	}

	@Test
	void theIndexBesideTheComparisonIsRewrittenWhereOneIs() throws IOException {
		Path base = Runs.copy(this.temp.resolve("base"));
		Path next = Runs.copy(this.temp.resolve("new"));
		Files.writeString(this.temp.resolve(IndexPage.FILE), "an index of before");

		Command command = Command.run("--output", this.temp.resolve("compare-out").toString(), "--",
				base.toString(), next.toString());

		assertThat(command.status).isZero();
		assertThat(command.out).contains("wrote " + this.temp.resolve(IndexPage.FILE) + " (3 runs)");
		assertThat(this.temp.resolve(IndexPage.FILE)).content().contains("compare-out").contains("base")
			.doesNotContain("an index of before");
	}

	/** Without --output, results/compare-&lt;timestamp&gt; under the repository: a test's is its working directory. */
	@Test
	void theDefaultFolderIsACompareFolderUnderResults() throws IOException {
		Path base = Runs.copy(this.temp.resolve("base"));
		Path next = Runs.copy(this.temp.resolve("new"));
		Path results = ResultsFolder.repository().resolve("results");
		boolean resultsBefore = Files.exists(results);
		List<Path> before = comparisons(results);
		try {
			Command command = Command.run(base.toString(), next.toString());

			assertThat(command.status).isZero();
			List<Path> made = comparisons(results).stream().filter((folder) -> !before.contains(folder)).toList();
			assertThat(made).singleElement()
				.satisfies((folder) -> assertThat(folder.getFileName().toString()).matches("compare-\\d{8}-\\d{6}"))
				.satisfies((folder) -> assertThat(folder.resolve("compare.md")).isNotEmptyFile());
			assertThat(command.out).contains("wrote " + results.resolve(IndexPage.FILE));
		}
		finally {
			for (Path folder : comparisons(results)) {
				if (!before.contains(folder)) {
					delete(folder);
				}
			}
			if (!resultsBefore) {
				delete(results);
			}
		}
	}

	@Test
	void aFolderThatIsNoRunIsRefusedAndNoOutputFolderIsLeft() throws IOException {
		Path base = Runs.copy(this.temp.resolve("base"));
		Path empty = Files.createDirectories(this.temp.resolve("empty"));

		refused("compare: " + empty + " is not a run folder of scripts/bench.sh: it has no raw/env/settings.env",
				base.toString(), empty.toString());
	}

	@Test
	void runsWithNoVariantInCommonAreRefused() {
		Path base = Runs.copy(this.temp.resolve("base"));
		Path other = Runs.copy(this.temp.resolve("other"));
		Runs.setting(other, "apps", "jackson");

		refused("compare: " + other + " and " + base + " have no variant in common", base.toString(),
				other.toString());
	}

	@Test
	void fewerThanTwoRunsAreRefused() {
		Path base = Runs.copy(this.temp.resolve("base"));

		refused("compare: give at least two run folders: BASE and NEW (more for a trend)", base.toString());
		refused("compare: give at least two run folders", new String[0]);
	}

	@Test
	void aBadFailAboveIsRefusedFromTheCommandLineOrTheEnvironment() {
		Path base = Runs.copy(this.temp.resolve("base"));

		refused("compare: --fail-above takes a percentage of 0 or more, was 'ten'", "--fail-above", "ten",
				base.toString(), base.toString());
		refused("compare: --fail-above takes a percentage of 0 or more, was '-5'", "--fail-above=-5", base.toString(),
				base.toString());
		// picocli reads ${COMPARE_FAIL_ABOVE} from a system property before the environment
		System.setProperty("COMPARE_FAIL_ABOVE", "NaN");
		try {
			refused("compare: --fail-above takes a percentage of 0 or more, was 'NaN'", base.toString(),
					base.toString());
		}
		finally {
			System.clearProperty("COMPARE_FAIL_ABOVE");
		}
	}

	@Test
	void anUnknownOptionNamesTheClosest() {
		Path base = Runs.copy(this.temp.resolve("base"));

		refused("compare: unknown option '--fail-abov', did you mean --fail-above?", "--fail-abov", "5",
				base.toString(), base.toString());
		refused("compare: unknown option '--outptu', did you mean --output?", "--outptu", "x", base.toString(),
				base.toString());
	}

	/** An output folder that holds a run already is refused, and left as it was. */
	@Test
	void anOutputFolderThatHoldsARunIsRefused() throws IOException {
		Path base = Runs.copy(this.temp.resolve("base"));
		Path next = Runs.copy(this.temp.resolve("new"));

		Command command = Command.run("-o", base.toString(), base.toString(), next.toString());

		assertThat(command.status).isEqualTo(CommandLines.REFUSED);
		assertThat(command.err).singleElement().asString()
			.startsWith("compare: " + base.toAbsolutePath() + " already holds a run; name another output folder");
		assertThat(base.resolve("compare.md")).doesNotExist();
	}

	@Test
	void helpShowsTheOptionsByTopicWithTheirEnvironmentDefaults() {
		System.setProperty("COMPARE_OUTPUT", "/tmp/compared");
		Command command;
		try {
			command = Command.run("--help");
		}
		finally {
			System.clearProperty("COMPARE_OUTPUT");
		}

		assertThat(command.status).isZero();
		assertThat(command.out).containsSubsequence("Runs:", "[RUN...]", "BASE NEW, and more for a trend", "Verdict:", "--fail-above=PCT",
				"[COMPARE_FAIL_ABOVE=]", "Output:", "-o, --output=DIR", "[COMPARE_OUTPUT=/tmp/compared]", "--build",
				"--no-build", "Exit status: 0 compared, 1 --fail-above failed");
	}

	/** Exit 2 in one line that starts with {@code expected}, and no output folder made. */
	private void refused(String expected, String... runs) {
		Path out = this.temp.resolve("refused");
		String[] args = Stream.concat(Stream.of("-o", out.toString()), Stream.of(runs)).toArray(String[]::new);

		Command command = Command.run(args);

		assertThat(command.status).as(String.join(" ", args)).isEqualTo(CommandLines.REFUSED);
		assertThat(command.err).singleElement().asString().startsWith(expected).endsWith("(compare --help for usage)");
		assertThat(out).as("the output folder of a refused comparison").doesNotExist();
	}

	private static List<Path> comparisons(Path results) throws IOException {
		if (!Files.isDirectory(results)) {
			return List.of();
		}
		try (Stream<Path> folders = Files.list(results)) {
			return folders.filter((folder) -> folder.getFileName().toString().startsWith("compare-")).toList();
		}
	}

	private static void delete(Path folder) throws IOException {
		try (Stream<Path> files = Files.walk(folder)) {
			for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
				Files.delete(file);
			}
		}
	}

	/** A run of the command: its exit status, and what it wrote on standard output and error. */
	private record Command(int status, String out, List<String> err) {

		static Command run(String... args) {
			StringWriter help = new StringWriter();
			StringWriter err = new StringWriter();
			PrintStream before = System.out;
			ByteArrayOutputStream out = new ByteArrayOutputStream();
			// before the command line is made: picocli's default strategy takes the System.out of then as its own
			System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
			int status;
			try {
				CommandLine line = CommandLines.of(new CompareCommand());
				line.setOut(new PrintWriter(help, true));
				line.setErr(new PrintWriter(err, true));
				status = line.execute(args);
			}
			finally {
				System.setOut(before);
			}
			return new Command(status, help + out.toString(StandardCharsets.UTF_8), err.toString().lines().toList());
		}

	}

}
