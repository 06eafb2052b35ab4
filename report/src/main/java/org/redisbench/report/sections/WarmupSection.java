package org.redisbench.report.sections;

import java.util.List;
import java.util.Locale;
import java.util.LongSummaryStatistics;
import java.util.Objects;
import java.util.function.Function;
import java.util.stream.Collectors;

import org.redisbench.benchrun.WarmupRound;
import org.redisbench.model.Spread;
import org.redisbench.runresults.KeyValues;
import org.redisbench.runresults.RunResults;
import org.redisbench.runresults.Variant;
import org.redisbench.runresults.Warmup;

/**
 * How each variant's warm-up ended: a figure measured while the app still compiles its request path is the JIT's as
 * much as the codec's, so the reader sees whether every warm-up ended quiet or at its limit of rounds.
 */
public final class WarmupSection implements Section {

	/** A warm-up's rounds, as the other counts are read. */
	private static final Function<Warmup, Long> ROUNDS = (warmup) -> (long) warmup.rounds();

	@Override
	public void writeTo(Markdown md, RunResults run) {
		List<Warmup> warmups = run.warmups();
		if (warmups.isEmpty()) {
			return;
		}
		KeyValues s = run.settings();
		String share = s.get("warmup_jit_share", "?");
		md.line("## Warm-up");
		md.line();
		String bound = s.get("warmup_seconds", "0").equals("0") ? ""
				: ", none starting after " + s.get("warmup_seconds", "?") + " s";
		if (s.asMap().containsKey("warmup_compiles")) {
			md.line("Before its measured phases each app ran rounds of requests on /add, /check and /noop, thrown away, "
					+ "each run as a measured phase is: " + s.get("warmup", "?") + " on each in the first round, twice as "
					+ "many in each next one, until the compilations the app's JIT compiler finished during a round and "
					+ "had left at its end came to at most " + s.get("warmup_compiles", "?") + " per 1,000 of the round's "
					+ "requests (at most " + s.get("warmup_rounds", "?") + " times " + s.get("warmup", "?")
					+ " requests on each in all" + bound + "). Where the compiler "
					+ "could not be read, a round ended it once the compiler threads took less than " + share
					+ "% of the app's CPU during its ab phases. Before each measured phase bench waited for the "
					+ "compiler threads to go idle, so that what one phase queued for compiling is not billed to the next.");
		}
		else {
			md.line("Before its measured phases each app ran rounds of " + s.get("warmup", "?") + " requests on /add, "
					+ "/check and /noop, thrown away, each run as a measured phase is, until the JIT compiler took less "
					+ "than " + share + "% of the app's CPU during a round's ab phases (at most "
					+ s.get("warmup_rounds", "?") + " rounds" + bound + "). Before each of those phases, and before each "
					+ "measured one, bench.sh waited for the compiler threads to go idle, so that what one phase queued "
					+ "for compiling is not billed to the next.");
		}
		md.line();
		md.header("variant", "repetitions", "rounds", "seconds", "compiling during the last round's ab, % of app CPU",
				"compilations finished in the last round", "compilations pending at the end", "ended quiet");
		for (Variant v : run.variants()) {
			List<Warmup> ofVariant = ofVariant(warmups, v);
			if (ofVariant.isEmpty()) {
				continue;
			}
			long quiet = ofVariant.stream().filter(Warmup::endedQuiet).count();
			md.row(v.name(), ofVariant.size(), counts(ofVariant, ROUNDS), counts(ofVariant, Warmup::seconds),
					Markdown.spread(Spread.of(ofVariant.stream().map(Warmup::lastJitSharePercent).toList()),
							(percent) -> String.format(Locale.ROOT, "%.1f", percent)),
					counts(ofVariant, Warmup::compiledInLastRound), counts(ofVariant, Warmup::pendingAtEnd),
					quiet + " of " + ofVariant.size());
		}
		md.line();
		for (WarmupRound.Ending ending : WarmupRound.Ending.values()) {
			long count = warmups.stream().filter((w) -> w.ending() == ending).count();
			if (ending != WarmupRound.Ending.QUIET && count > 0) {
				md.line(count + " of the " + warmups.size() + " warm-ups " + why(ending, s)
						+ ": the first requests of those measured phases may still pay for compiling.");
				md.line();
			}
		}
		long untold = warmups.stream().filter((w) -> w.ending() == null).count();
		if (untold > 0) {
			md.line(untold + " of the " + warmups.size() + " warm-ups do not say why they ended (the app exited "
					+ "during one, or the run is older than that record).");
			md.line();
		}
	}

	/** Why a warm-up ended before its compiler was quiet, and what takes it out, for the reader. */
	private static String why(WarmupRound.Ending ending, KeyValues settings) {
		return switch (ending) {
			case ROUNDS -> "ended at their last round with the compiler still busy; more rounds (`--warmup-rounds`) "
					+ "or longer ones (`-w`) take it out";
			case SECONDS -> "were stopped by the warm-up's time bound (`--warmup-seconds " + settings.get("warmup_seconds",
					"?") + "`, which `--quick` sets) with the compiler still busy; a run without `--quick`, or a higher "
					+ "bound, takes it out";
			case UNWATCHED -> "ran one round only: bench.sh did not start the app and cannot watch its compiler";
			case QUIET -> throw new IllegalArgumentException("a quiet warm-up needs no advice");
		};
	}

	/**
	 * A variant's warm-ups in a few words, for the tables of figures: whether each ended quiet, and when one did not,
	 * why, so that a figure measured on a compiler still busy is marked where it is read. Empty when the run recorded
	 * no warm-up for the variant.
	 */
	public static String summary(RunResults run, Variant variant) {
		List<Warmup> ofVariant = ofVariant(run.warmups(), variant);
		if (ofVariant.isEmpty()) {
			return "";
		}
		long quiet = ofVariant.stream().filter(Warmup::endedQuiet).count();
		String rounds = counts(ofVariant, ROUNDS) + " rounds, " + counts(ofVariant, Warmup::seconds) + " s";
		if (quiet == ofVariant.size()) {
			return "quiet, " + rounds;
		}
		String endings = ofVariant.stream()
			.filter((w) -> !w.endedQuiet())
			.map((w) -> w.ending() == null ? "untold" : w.ending().label())
			.distinct()
			.collect(Collectors.joining(", "));
		return "**" + (ofVariant.size() - quiet) + " of " + ofVariant.size() + " not quiet** (" + endings + "), "
				+ rounds;
	}

	private static List<Warmup> ofVariant(List<Warmup> warmups, Variant variant) {
		return warmups.stream().filter((w) -> w.variant().equals(variant)).toList();
	}

	/** The fewest and most of a count over a variant's repetitions; "—" where the run did not record it. */
	private static String counts(List<Warmup> warmups, Function<Warmup, Long> count) {
		LongSummaryStatistics counts = warmups.stream()
			.map(count)
			.filter(Objects::nonNull)
			.mapToLong(Long::longValue)
			.summaryStatistics();
		if (counts.getCount() == 0) {
			return "—";
		}
		return counts.getMin() == counts.getMax() ? String.valueOf(counts.getMin())
				: counts.getMin() + "–" + counts.getMax();
	}

}
