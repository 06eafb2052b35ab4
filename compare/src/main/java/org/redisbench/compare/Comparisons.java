package org.redisbench.compare;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.redisbench.commandline.Refusal;

/**
 * Every run against the first, the base: two runs are a comparison, more a trend. {@code --fail-above} judges the
 * last run, the newest, against the base.
 *
 * @param failAbove the change for the worse, in percent, beyond which a significant one fails; {@code null} for none
 */
record Comparisons(List<RunFolder> runs, Differences differences, List<Comparison> comparisons, double alpha,
		Double failAbove) {

	/** The significance level of every test; the intervals are its complement, 95%. */
	static final double ALPHA = 0.05;

	static Comparisons of(List<Path> folders, Double failAbove) {
		if (folders.size() < 2) {
			throw new Refusal("give at least two run folders: BASE and NEW (more for a trend)");
		}
		List<RunFolder> runs = folders.stream().map(RunFolder::load).toList();
		List<Comparison> comparisons = new ArrayList<>();
		for (RunFolder run : runs.subList(1, runs.size())) {
			comparisons.add(Comparison.of(runs.get(0), run, ALPHA));
		}
		return new Comparisons(runs, Differences.of(runs), List.copyOf(comparisons), ALPHA, failAbove);
	}

	/** The last run against the base: what {@code --fail-above} judges. */
	Comparison newest() {
		return this.comparisons.get(this.comparisons.size() - 1);
	}

	/** The figures that fail {@code --fail-above}; none without it. */
	List<Row> failed() {
		return this.failAbove == null ? List.of() : newest().worseBeyond(this.failAbove);
	}

	/** 1 when a figure failed {@code --fail-above}, else 0. */
	int exitStatus() {
		return failed().isEmpty() ? 0 : 1;
	}

	/** What a reader must know before trusting a verdict, one sentence each. */
	List<String> warnings() {
		List<String> warnings = new ArrayList<>();
		long differing = this.differences.differing().stream().filter(f -> !f.what().equals("commit")).count();
		if (differing > 0) {
			warnings.add(String.format(Locale.ROOT, "Besides the commit, %d thing%s differed between the runs (listed "
					+ "above): a change may be theirs.", differing, differing == 1 ? "" : "s"));
		}
		for (Comparison comparison : this.comparisons) {
			String against = this.comparisons.size() == 1 ? "" : " (" + comparison.next().name() + ")";
			if (!comparison.onlyInBase().isEmpty()) {
				warnings.add("Only in BASE, not compared" + against + ": " + String.join(", ", comparison.onlyInBase())
						+ ".");
			}
			if (!comparison.onlyInNext().isEmpty()) {
				warnings.add("Only in " + comparison.next().name() + ", not compared: "
						+ String.join(", ", comparison.onlyInNext()) + ".");
			}
			Map<String, List<String>> tooFew = new LinkedHashMap<>();
			comparison.rows()
				.stream()
				.filter(row -> row.change().verdict() == ChangeVerdict.TOO_FEW)
				.forEach(row -> tooFew.computeIfAbsent(String.format(Locale.ROOT, "%d vs %d %s, p %.2f at best",
						row.base().size(), row.next().size(), row.base().kind().plural(), row.change().smallestP()),
						samples -> new ArrayList<>()).add(row.variant() + " " + row.figure().label()));
			if (!tooFew.isEmpty()) {
				List<String> groups = new ArrayList<>();
				tooFew.forEach((samples, figures) -> groups.add(String.join(", ", figures) + " (" + samples + ")"));
				warnings.add("Too few samples for any verdict" + against + ", whatever they held: "
						+ String.join("; ", groups) + ". 4 repetitions a side (-r 4) are the fewest the test can call "
						+ "at 0.05; phases sampled over time (--sample-interval) give per-second samples.");
			}
			if (comparison.rows().stream().anyMatch(row -> row.base().kind() == SampleKind.BATCH_MEANS)) {
				warnings.add("Figures tested on per-second samples (batch means)" + against + " compare the phases "
						+ "measured, within their repetitions: the spread between fresh apps and between runs is not "
						+ "in them, so a small significant change may be the run's and not the code's. With 4 or more "
						+ "repetitions a side each figure is tested per repetition instead.");
			}
			long tests = comparison.rows().stream().filter(row -> row.change().verdict() != ChangeVerdict.TOO_FEW).count();
			if (tests >= 20) {
				warnings.add(String.format(Locale.ROOT, "%d tests at %.2f%s: about %d may come out significant by "
						+ "chance alone.", tests, this.alpha, against, Math.round(tests * this.alpha)));
			}
		}
		return warnings;
	}

}
