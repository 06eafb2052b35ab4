package org.redisbench.compare;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import org.redisbench.commandline.Failure;
import org.redisbench.commandline.JarBuild;
import org.redisbench.commandline.Refusal;
import org.redisbench.html.HtmlReport;
import org.redisbench.html.LibraryMissingException;
import org.redisbench.html.ResultsFolder;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code redis-bench compare}, which scripts/compare.sh launches (docs/compare.md): compares bench.sh runs, each later
 * one against BASE, and writes compare.md, compare.json and report.html (with report.json) into
 * results/compare-&lt;timestamp&gt; unless {@code --output} names a folder, then rewrites the index of the runs beside
 * it. Every run is read before the folder is made, so that a refusal leaves none behind.
 */
@Command(name = "compare", mixinStandardHelpOptions = true, sortOptions = false, usageHelpWidth = 120,
		description = { "Compares results/ folders of scripts/bench.sh: first what differed between the runs (commit,"
				+ " JDK, Redis, machine, settings), then, for every variant and figure both hold (/add and /check"
				+ " requests/s, app CPU a request, Redis bytes a person, the ceilings, p99 at each open-loop rate,"
				+ " capacity at an objective), the change in %% with its 95%% interval and a verdict from the"
				+ " Mann-Whitney U test: better, worse, ~ (not significant), or too few samples for any verdict. More"
				+ " than two runs are a trend, each against BASE. Variants pair by name, and across --redis-settings"
				+ " when each run ran one and they differ. Writes compare.md, compare.json and report.html (its chart"
				+ " hovered for each change; docs/compare.md), and rewrites results/index.html. Environment variable in"
				+ " brackets, its value after it." },
		parameterListHeading = "%nRuns:%n", optionListHeading = "%n",
		footer = { "%nExit status: 0 compared, 1 --fail-above failed (or an error), 2 bad option or run folders it"
				+ " cannot compare: one line saying which, and no output folder left behind. Needs a JDK 17+; reads"
				+ " the run folders only." })
public final class CompareCommand implements Callable<Integer> {

	/** Where the runs compared are listed, for whoever lists results/ later. */
	static final String RUNS_FILE = "runs.txt";

	@Parameters(paramLabel = "RUN", arity = "0..*",
			description = { "BASE NEW, and more for a trend: results/<timestamp>/ folders of scripts/bench.sh; refused"
					+ " (exit 2) when one is no run folder, or when a run has no variant in common with BASE" })
	final List<Path> runs = new ArrayList<>();

	@ArgGroup(validate = false, heading = "%nVerdict:%n", order = 1)
	final Verdict verdict = new Verdict();

	@ArgGroup(validate = false, heading = "%nOutput:%n", order = 2)
	final Output output = new Output();

	@ArgGroup(validate = false, heading = "%nBuild (read by scripts/lib/launcher.sh):%n", order = 3)
	final JarBuild build = new JarBuild();

	static final class Verdict {

		@Option(names = "--fail-above", paramLabel = "PCT", defaultValue = "${COMPARE_FAIL_ABOVE:-}",
				description = "exit 1 when a figure of the last run got worse than BASE by more than PCT percent and the"
						+ " change is significant: req/s down, CPU, bytes or p99 up"
						+ " [COMPARE_FAIL_ABOVE=${DEFAULT-VALUE}]")
		String failAbove;

	}

	static final class Output {

		@Option(names = { "-o", "--output" }, paramLabel = "DIR", defaultValue = "${COMPARE_OUTPUT:-}",
				description = "output folder, results/compare-<timestamp> when empty [COMPARE_OUTPUT=${DEFAULT-VALUE}]")
		String folder;

	}

	@Override
	public Integer call() {
		Double failAbove = this.verdict.failAbove.isEmpty() ? null : percent(this.verdict.failAbove);
		Comparisons all = Comparisons.of(this.runs, failAbove);
		Path out;
		try {
			out = ResultsFolder.create(this.output.folder, "compare-");
		}
		catch (IllegalArgumentException ex) {
			throw new Refusal(ex.getMessage());
		}
		try {
			List<String> compared = new ArrayList<>();
			for (RunFolder run : all.runs()) {
				compared.add(run.path().toRealPath().toString());
			}
			Files.write(out.resolve("raw").resolve(RUNS_FILE), compared, StandardCharsets.UTF_8);
			Files.writeString(out.resolve(CompareMarkdown.FILE), CompareMarkdown.render(all), StandardCharsets.UTF_8);
			CompareJson.write(out.resolve(CompareJson.FILE), all);
			ComparePage.write(out.resolve(CompareMarkdown.FILE), all);
		}
		catch (IOException | UncheckedIOException ex) {
			throw new Failure("cannot write into " + out + ": " + ex.getMessage(), ex);
		}
		catch (LibraryMissingException ex) {
			throw new Failure(ex.getMessage(), ex);
		}
		summary(all, out);
		ResultsFolder.index(out).ifPresent(System.out::println);
		return all.exitStatus();
	}

	/** What the terminal shows: the significant changes of the newest run and where the files are. */
	private static void summary(Comparisons all, Path output) {
		Comparison newest = all.newest();
		List<Row> significant = newest.rows()
			.stream()
			.filter(row -> row.change().verdict() == ChangeVerdict.BETTER
					|| row.change().verdict() == ChangeVerdict.WORSE)
			.toList();
		long tooFew = newest.rows().stream().filter(row -> row.change().verdict() == ChangeVerdict.TOO_FEW).count();
		System.out.printf("%s against %s: %s of %s compared, %s, %d with too few samples for a verdict%n",
				newest.next().name(), newest.base().name(), count(newest.rows().size(), "figure"),
				count(newest.pairs().size(), "variant"), count(significant.size(), "significant change"), tooFew);
		for (Row row : significant) {
			System.out.printf("  %s %s: %s (%s), p = %s%n", row.variant(), row.figure().label(),
					CompareMarkdown.percent(row.change().percent()), row.change().verdict().label(),
					CompareMarkdown.p(row.change().pValue()));
		}
		for (Row row : all.failed()) {
			System.out.printf("--fail-above %s: %s %s got worse by %s%n", CompareMarkdown.number(all.failAbove()),
					row.variant(), row.figure().label(), CompareMarkdown.percent(row.change().percent()));
		}
		System.out.printf("wrote %s, %s and %s in %s%n", CompareMarkdown.FILE, CompareJson.FILE, HtmlReport.FILE,
				output);
	}

	private static String count(long n, String noun) {
		return n + " " + noun + (n == 1 ? "" : "s");
	}

	private static double percent(String text) {
		try {
			double percent = Double.parseDouble(text);
			if (percent >= 0 && Double.isFinite(percent)) {
				return percent;
			}
		}
		catch (NumberFormatException ex) {
			// Refused below, with the value.
		}
		throw new Refusal("--fail-above takes a percentage of 0 or more, was '" + text + "'");
	}

}
