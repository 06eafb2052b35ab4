package org.redisbench.compare;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.redisbench.commandline.Refusal;
import org.redisbench.html.HtmlReport;
import org.redisbench.html.LibraryMissingException;

/**
 * {@code java -jar compare.jar --output DIR [--fail-above PCT] [--] BASE NEW [RUN...]}: compares bench.sh runs, each
 * later one against BASE, and writes compare.md, compare.json and report.html (with report.json) into DIR
 * (scripts/compare.sh gives it). Exit status: 0 done; 1 a figure of the last run got significantly worse than BASE by
 * more than PCT percent; 2 input it cannot work from, one line on stderr (a folder that is no run, runs with no variant
 * in common, a bad option); 3 the jar lacks report.html's chart library (one line; compare.md and compare.json are
 * written).
 */
public final class Compare {

	/** The jar lacks report.html's chart library: compare.md and compare.json are written, report.html not. */
	static final int NO_PAGE = 3;

	private Compare() {
	}

	public static void main(String[] args) {
		System.exit(run(args));
	}

	public static int run(String... args) {
		try {
			return compare(args);
		}
		catch (Refusal refusal) {
			System.err.println("compare: " + refusal.getMessage());
			return 2;
		}
		catch (LibraryMissingException ex) {
			System.err.println("compare: " + ex.getMessage());
			return NO_PAGE;
		}
	}

	private static int compare(String... args) {
		Path output = null;
		Double failAbove = null;
		List<Path> runs = new ArrayList<>();
		boolean options = true;
		for (int i = 0; i < args.length; i++) {
			if (!options) {
				runs.add(Path.of(args[i]));
				continue;
			}
			switch (args[i]) {
				case "--output" -> output = Path.of(value(args, ++i, "--output"));
				case "--fail-above" -> failAbove = percent(value(args, ++i, "--fail-above"));
				case "--" -> options = false;
				default -> {
					if (args[i].startsWith("--")) {
						throw new Refusal("unknown option " + args[i]);
					}
					runs.add(Path.of(args[i]));
				}
			}
		}
		if (output == null) {
			throw new Refusal("--output DIR is needed: where compare.md and compare.json go");
		}
		Comparisons all = Comparisons.of(runs, failAbove);
		try {
			Files.createDirectories(output);
			Files.writeString(output.resolve(CompareMarkdown.FILE), CompareMarkdown.render(all), StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		CompareJson.write(output.resolve(CompareJson.FILE), all);
		try {
			ComparePage.write(output.resolve(CompareMarkdown.FILE), all);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		summary(all, output);
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

	private static String value(String[] args, int i, String option) {
		if (i >= args.length || args[i].isEmpty()) {
			throw new Refusal(option + " needs a value");
		}
		return args[i];
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
