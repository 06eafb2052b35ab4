package org.redisbench.compare;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.redisbench.commandline.Refusal;

/**
 * One run against a base: every figure of every variant both hold ({@link Pair}), tested. The unit of a test is chosen per figure:
 * <ul>
 * <li>the <em>repetition</em> (one value each, from a fresh app), when both runs have enough of them for the test to
 * reach significance at all (4 a side at alpha 0.05): the spread between repetitions is in the values, so a verdict
 * says the runs differ beyond it;</li>
 * <li>else, where both runs sampled the phase, its <em>per-second samples</em> in {@link BatchMeans}: many values
 * from few repetitions. They hold the spread within a phase, not between fresh apps, so a verdict says these phases
 * differed; the runs' repetitions, and the report's min–max across them, tell how much runs vary;</li>
 * <li>else the repetitions all the same: too few for a verdict, and said so.</li>
 * </ul>
 */
record Comparison(RunFolder base, RunFolder next, List<Pair> pairs, List<String> onlyInBase,
		List<String> onlyInNext, List<Row> rows) {

	static Comparison of(RunFolder base, RunFolder next, double alpha) {
		List<Pair> pairs = Pair.of(base, next);
		if (pairs.isEmpty()) {
			throw new Refusal(next.path() + " and " + base.path() + " have no variant in common (" + next.path()
					+ ": " + String.join(",", next.variants()) + "; " + base.path() + ": "
					+ String.join(",", base.variants()) + ")");
		}
		List<String> onlyInBase = base.variants()
			.stream()
			.filter(v -> pairs.stream().noneMatch(pair -> pair.base().equals(v)))
			.toList();
		List<String> onlyInNext = next.variants()
			.stream()
			.filter(v -> pairs.stream().noneMatch(pair -> pair.next().equals(v)))
			.toList();
		List<Row> rows = new ArrayList<>();
		for (Pair pair : pairs) {
			Map<ComparedFigure, Observations> before = base.observations(pair.base());
			Map<ComparedFigure, Observations> after = next.observations(pair.next());
			Set<ComparedFigure> figures = new LinkedHashSet<>(before.keySet());
			figures.retainAll(after.keySet());
			for (ComparedFigure figure : figures) {
				rows.add(row(pair.label(), figure, before.get(figure), after.get(figure), alpha));
			}
		}
		return new Comparison(base, next, pairs, onlyInBase, onlyInNext, List.copyOf(rows));
	}

	/** The rows that got worse by more than {@code percent}, significantly. */
	List<Row> worseBeyond(double percent) {
		return this.rows.stream().filter(row -> row.change().worseBeyond(percent)).toList();
	}

	private static Row row(String variant, ComparedFigure figure, Observations base, Observations next, double alpha) {
		Samples before = base.values();
		Samples after = next.values();
		boolean enoughRepetitions = ShiftEstimate.smallestP(before.size(), after.size()) < alpha;
		if (!enoughRepetitions && base.perSecond() != null && next.perSecond() != null) {
			BatchMeans means = BatchMeans.of(base.perSecond(), next.perSecond());
			if (means.base().length > 0 && means.next().length > 0) {
				before = batched(means.base(), means, base.perSecond());
				after = batched(means.next(), means, next.perSecond());
			}
		}
		return new Row(variant, figure, before, after, Change.of(before, after, figure.direction(), alpha));
	}

	private static Samples batched(double[] values, BatchMeans means, PerSecond perSecond) {
		return Samples.batchMeans(values, new Samples.Batching(means.batchLength(), means.correlation(),
				perSecond.samples(), perSecond.repetitions()));
	}

}
