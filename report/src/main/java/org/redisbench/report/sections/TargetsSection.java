package org.redisbench.report.sections;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.DoublePredicate;
import java.util.function.Function;
import java.util.function.Predicate;

import org.redisbench.model.Spread;
import org.redisbench.runresults.CpuShare;
import org.redisbench.runresults.Figures;
import org.redisbench.runresults.Phase;
import org.redisbench.runresults.ProfiledPhase;
import org.redisbench.runresults.RunResults;
import org.redisbench.runresults.SummaryRecord;
import org.redisbench.runresults.Variant;

/**
 * The project's targets, each checked on the medians of this run: met, not met, or not measured (and why),
 * with the measured ratio.
 */
public final class TargetsSection implements Section {

	public enum Status {

		MET("met"), NOT_MET("**NOT met**"), NOT_MEASURED("not measured");

		private final String text;

		Status(String text) {
			this.text = text;
		}

	}

	/** One check of a target on one configuration; {@code detail} is the measured ratio, or why there is none. */
	public record Outcome(String target, String configuration, Status status, String detail) {
	}

	public static final String PIPELINE = "pipelined /add requests/s ≥ 6× per-key";

	public static final String DICTIONARY = "Redis bytes per person with zstd-dict ≤ 0.6× plain JSON";

	public static final String KRYO_CPU = "pipeline: Kryo app CPU ms per request < string's";

	public static final String ADD_CPU = "app CPU ms per pipelined /add, a connection a request (ab as published) ≤ 0.20";

	public static final String ADD_CPU_KEPT_ALIVE = "app CPU ms per pipelined /add, connections kept alive (-k) ≤ 0.15";

	public static final String NOOP_CPU = "app CPU ms per /noop ≤ 0.04";

	public static final String SET_RATE = "per-key /add SETs/s ≥ 0.80× redis-benchmark SET (same -c, value size)";

	public static final String CODEC_SHARE = "codec's share of a profiled pipelined /add's CPU ≥ 18% (twice the 9% first measured)";

	@Override
	public void writeTo(Markdown md, RunResults run) {
		md.line("## Targets");
		md.line();
		md.line("Each target is checked on the medians of this run (ratios to three decimals, so that a ratio just "
				+ "beyond its bound shows why it is not met); the spread of each figure is in the sections above.");
		md.line();
		md.header("target", "configuration", "measured", "result");
		for (Outcome outcome : check(run.figures(), run.settings().getLong("batch_size"), run.profiles(),
				"yes".equals(run.settings().get("keep_alive", "no")))) {
			md.row(outcome.target(), outcome.configuration(),
					outcome.status() == Status.NOT_MEASURED ? "–" : outcome.detail(),
					outcome.status() == Status.NOT_MEASURED ? outcome.status().text + ": " + outcome.detail()
							: outcome.status().text);
		}
		md.line();
	}

	/**
	 * Every target's outcomes: the codec targets, then the instrument's own (what the app spends around the codec),
	 * which need the persons per request ({@code batchSize}, {@code null} when the run does not say), the profiles,
	 * and whether {@code ab} kept its connections alive: a connection accepted and closed a request costs the app
	 * about 0.05 ms more.
	 */
	public static List<Outcome> check(Figures figures, Long batchSize, List<ProfiledPhase> profiles, boolean keepAlive) {
		List<Outcome> outcomes = new ArrayList<>();
		pipeline(figures, outcomes);
		dictionary(figures, outcomes);
		kryoCpu(figures, outcomes);
		atMost(keepAlive ? ADD_CPU_KEPT_ALIVE : ADD_CPU, figures, v -> v.mode().equals("pipeline"), Phase.ADD,
				keepAlive ? 0.15 : 0.20, outcomes);
		atMost(NOOP_CPU, figures, v -> true, Phase.NOOP, 0.04, outcomes);
		setRate(figures, batchSize, outcomes);
		codecShare(profiles, outcomes);
		return outcomes;
	}

	/** App CPU ms per request of the phase, against a bound, per variant the target is about. */
	private static void atMost(String target, Figures figures, Predicate<Variant> which, Phase phase, double bound,
			List<Outcome> outcomes) {
		List<Variant> variants = select(figures, which);
		if (variants.isEmpty()) {
			outcomes.add(new Outcome(target, "–", Status.NOT_MEASURED, "run has no such variant"));
		}
		for (Variant v : variants) {
			Spread cpu = figures.spread(v, phase, r -> r.app().cpuMsPerRequest());
			Spread jit = figures.spread(v, phase, r -> r.app().jitCpuMsPerRequest());
			outcomes.add(cpu == null
					? new Outcome(target, v.name(), Status.NOT_MEASURED, "no app CPU figure of " + phase.path())
					: new Outcome(target, v.name(), cpu.median() <= bound ? Status.MET : Status.NOT_MET,
							Markdown.num(cpu.median()) + " ms"
									+ (jit == null ? "" : " (of it JIT compiler " + Markdown.num(jit.median()) + " ms)")));
		}
	}

	/** How close the app's per-key SETs come to Redis's own ceiling, measured right after it in the same variant. */
	private static void setRate(Figures figures, Long batchSize, List<Outcome> outcomes) {
		List<Variant> perKey = select(figures, v -> v.mode().equals("per-key") && !v.isMemcached());
		if (perKey.isEmpty() || batchSize == null) {
			outcomes.add(new Outcome(SET_RATE, "–", Status.NOT_MEASURED,
					batchSize == null ? "settings.env gives no batch_size" : "run has no per-key variant"));
			return;
		}
		for (Variant v : perKey) {
			Spread add = figures.spread(v, Phase.ADD, r -> r.load().requestsPerSecond());
			Spread set = figures.spread(v, Phase.REDIS_SET, r -> r.load().requestsPerSecond());
			if (add == null || set == null || set.median() == 0) {
				outcomes.add(new Outcome(SET_RATE, v.name(), Status.NOT_MEASURED,
						add == null ? "no valid /add" : "no redis-benchmark SET (skipped with a password)"));
				continue;
			}
			double sets = add.median() * batchSize;
			double ratio = sets / set.median();
			outcomes.add(new Outcome(SET_RATE, v.name(), ratio >= 0.80 ? Status.MET : Status.NOT_MET,
					String.format(Locale.ROOT, "%.3f× (%s SETs/s vs %s)", ratio, Markdown.num(sets),
							Markdown.num(set.median()))));
		}
	}

	private static void codecShare(List<ProfiledPhase> profiles, List<Outcome> outcomes) {
		List<ProfiledPhase> pipelined = profiles.stream()
			.filter(p -> p.phase() == Phase.ADD && p.variant().mode().equals("pipeline"))
			.toList();
		if (pipelined.isEmpty()) {
			outcomes.add(new Outcome(CODEC_SHARE, "–", Status.NOT_MEASURED, "run has no profiled pipelined /add"));
		}
		for (ProfiledPhase p : pipelined) {
			Double share = p.profile().fraction(CpuShare.CODEC);
			outcomes.add(share == null
					? new Outcome(CODEC_SHARE, p.variant().name(), Status.NOT_MEASURED, "no samples")
					: new Outcome(CODEC_SHARE, p.variant().name(), share >= 0.18 ? Status.MET : Status.NOT_MET,
							String.format(Locale.ROOT, "%.1f%% of %d samples", share * 100, p.profile().total())));
		}
	}

	/** Pipelining sends a request's 100 commands in one round trip instead of 100. */
	private static void pipeline(Figures figures, List<Outcome> outcomes) {
		List<Variant> pipelined = select(figures, v -> v.mode().equals("pipeline"));
		if (pipelined.isEmpty()) {
			outcomes.add(new Outcome(PIPELINE, "–", Status.NOT_MEASURED, "run has no pipeline variant"));
		}
		for (Variant p : pipelined) {
			String where = p.app() + ", " + p.compression() + ", " + p.store() + p.conditions();
			Variant perKey = figures.find(p.withMode("per-key"));
			outcomes.add(perKey == null
					? new Outcome(PIPELINE, where, Status.NOT_MEASURED, "run has no per-key variant of that app, "
							+ "compression, topology, distance and concurrency")
					: ratio(PIPELINE, where, figures, Phase.ADD, r -> r.load().requestsPerSecond(), p, perKey, "requests/s",
							ratio -> ratio >= 6));
		}
	}

	private static void dictionary(Figures figures, List<Outcome> outcomes) {
		List<Variant> dictionary = select(figures, v -> v.compression().equals("zstd-dict"));
		if (dictionary.isEmpty()) {
			outcomes.add(new Outcome(DICTIONARY, "–", Status.NOT_MEASURED, "run has no zstd-dict variant"));
		}
		for (Variant z : dictionary) {
			String where = z.app() + ", " + z.mode() + ", " + z.store() + z.conditions();
			Variant json = figures.find(z.withApp("string").withCompression("none"));
			outcomes.add(json == null
					? new Outcome(DICTIONARY, where, Status.NOT_MEASURED, "run has no string variant without "
							+ "compression of that mode, topology, distance and concurrency")
					: ratio(DICTIONARY, where, figures, Phase.ADD, r -> r.store().bytesPerPerson(), z, json, "bytes",
							ratio -> ratio <= 0.6));
		}
	}

	private static void kryoCpu(Figures figures, List<Outcome> outcomes) {
		List<Variant> kryo = select(figures, v -> v.mode().equals("pipeline") && v.app().equals("kryo"));
		if (kryo.isEmpty()) {
			outcomes.add(new Outcome(KRYO_CPU, "–", Status.NOT_MEASURED, "run has no Kryo pipeline variant"));
		}
		for (Variant k : kryo) {
			Variant string = figures.find(k.withApp("string"));
			for (Phase phase : Phase.THROUGH_CODEC) {
				String where = k.compression() + ", " + k.store() + k.conditions() + ", " + phase.path();
				outcomes.add(string == null
						? new Outcome(KRYO_CPU, where, Status.NOT_MEASURED, "run has no string pipeline variant of that "
								+ "compression, topology, distance and concurrency")
						: ratio(KRYO_CPU, where, figures, phase, r -> r.app().cpuMsPerRequest(), k, string, "ms",
								ratio -> ratio < 1));
			}
		}
	}

	private static Outcome ratio(String target, String where, Figures figures, Phase phase,
			Function<SummaryRecord, Double> figure, Variant measured, Variant reference, String unit, DoublePredicate met) {
		Spread of = figures.spread(measured, phase, figure);
		Spread to = figures.spread(reference, phase, figure);
		if (of == null || to == null || to.median() == 0) {
			return new Outcome(target, where, Status.NOT_MEASURED,
					"no valid " + phase.path() + " figure of " + (of == null ? measured : reference).name());
		}
		double ratio = of.median() / to.median();
		String detail = String.format(Locale.ROOT, "%.3f× (%s %s vs %s %s)", ratio, Markdown.num(of.median()), unit,
				Markdown.num(to.median()), unit);
		return new Outcome(target, where, met.test(ratio) ? Status.MET : Status.NOT_MET, detail);
	}

	private static List<Variant> select(Figures figures, Predicate<Variant> which) {
		return figures.variants().stream().filter(which).toList();
	}

}
