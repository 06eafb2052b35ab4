package org.redisbench.report.sections;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Function;

import org.redisbench.model.Spread;
import org.redisbench.report.charts.OverTimeCharts;
import org.redisbench.runresults.Measure;
import org.redisbench.runresults.OverTime;
import org.redisbench.runresults.Phase;
import org.redisbench.runresults.RunResults;
import org.redisbench.runresults.SamplingCost;
import org.redisbench.runresults.Timeline;

/**
 * The run over time: whether each sampled phase reached a steady rate ({@link SteadyState}), what the sampling
 * cost, a cache's memory limit reached or not, and the time-series charts ({@link OverTimeCharts}). Nothing for a
 * run without samples (bench.sh --sample-interval 0, or from before sampling).
 */
public final class OverTimeSection implements Section {

	/** The share of the app's and the store's CPU sampling may take. */
	public static final double COST_BUDGET = 0.01;

	/** The share of the memory limit at which a store counts as having reached it. */
	public static final double AT_LIMIT = 0.95;

	private final OverTime overTime;

	private final List<String> charts;

	public OverTimeSection(OverTime overTime, List<String> charts) {
		this.overTime = overTime;
		this.charts = List.copyOf(charts);
	}

	@Override
	public void writeTo(Markdown md, RunResults run) {
		if (this.overTime.isEmpty()) {
			return;
		}
		md.line("## Over time");
		md.line();
		md.line("The store and the app sampled about every %s s during every measured phase (raw/<variant>/rep<N>/"
				+ "<phase>.samples.*); every series is in [%s](%s), one point a line.", Markdown.num(interval()),
				OverTime.CSV, OverTime.CSV);
		md.line();
		steadyState(md, run);
		cost(md);
		cache(md);
		if (!this.charts.isEmpty()) {
			md.line("### Charts over time");
			md.line();
			md.line("A line per configuration, its first repetition; seconds from the start of the phase's samples.");
			md.line();
			for (String chart : this.charts) {
				md.line("![%s](%s)", chart.replace(".png", "").replace('-', ' '), chart);
				md.line();
			}
		}
	}

	/** The typical time between two samples: the first timeline's span over its points. */
	private double interval() {
		for (Timeline timeline : this.overTime.timelines()) {
			for (Measure measure : List.of(Measure.STORE_OPS, Measure.APP_REQUESTS)) {
				List<Timeline.Point> points = timeline.points(measure);
				if (points.size() >= 2) {
					return (points.get(points.size() - 1).seconds() - points.get(0).seconds()) / (points.size() - 1);
				}
			}
		}
		return Double.NaN;
	}

	private void steadyState(Markdown md, RunResults run) {
		md.line("### Steady state");
		md.line();
		md.line("A phase is steady when the mean rate of its last third differs from that of its middle third by no "
				+ "more than the run-to-run spread of its requests/s ((max - min) / median over the valid repetitions; "
				+ "%.0f%% with a single repetition). The rate is the app's requests/s, or the store's commands/s when "
				+ "the app's were not sampled; fewer than %d samples are too few to tell.",
				SteadyState.DEFAULT_ALLOWED * 100, SteadyState.MIN_SAMPLES);
		md.line();
		md.header("Configuration", "Rep", "Phase", "Rate", "Samples", "Middle third", "Last third", "Change", "Allowed",
				"Verdict");
		int steady = 0;
		int unsteady = 0;
		int tooShort = 0;
		List<String> flagged = new ArrayList<>();
		for (Timeline timeline : this.overTime.timelines()) {
			Spread spread = run.figures()
				.spread(timeline.variant(), timeline.phase(), r -> r.load().requestsPerSecond());
			SteadyState state = SteadyState.of(timeline, spread);
			String verdict;
			if (!state.judged()) {
				verdict = "too short to tell";
				tooShort++;
			}
			else if (state.steady()) {
				verdict = "steady";
				steady++;
			}
			else {
				verdict = "**not steady**";
				unsteady++;
				flagged.add(timeline.variant().name() + " rep " + timeline.repetition() + " "
						+ timeline.phase().path());
			}
			md.row(Markdown.cell(timeline.variant().name()), timeline.repetition(), timeline.phase().path(),
					state.measure().unit(), state.samples(), Markdown.opt(state.middle()), Markdown.opt(state.last()),
					state.change() == null ? "–" : percent(state.change(), true),
					percent(state.allowed(), false) + (state.fromSpread() ? "" : " (1 rep)"), verdict);
		}
		md.line();
		md.line("Steady state: %d of %d sampled phases steady, %d not steady%s, %d too short to tell.", steady,
				this.overTime.timelines().size(), unsteady,
				flagged.isEmpty() ? "" : " (" + String.join(", ", flagged) + ")", tooShort);
		md.line();
	}

	private void cost(Markdown md) {
		md.line("### What sampling cost");
		md.line();
		md.line("The samplers' CPU (user + system, from /proc as bench.sh stopped them) against the CPU the app and "
				+ "the store used over the same phases (their own counters), summed over every configuration. The "
				+ "budget is %.0f%% of each.", COST_BUDGET * 100);
		md.line();
		md.header("Phase", "Phases sampled", "Sampler CPU", "App CPU", "Sampler / app", "Store CPU", "Sampler / store");
		Double worstApp = null;
		Double worstStore = null;
		for (Phase phase : Phase.AB) {
			List<SamplingCost> costs = this.overTime.timelines()
				.stream()
				.filter(t -> t.phase() == phase)
				.map(Timeline::cost)
				.filter(Objects::nonNull)
				.toList();
			if (costs.isEmpty()) {
				continue;
			}
			double sampler = costs.stream().mapToDouble(SamplingCost::samplerCpuSeconds).sum();
			Double app = total(costs, SamplingCost::appCpuSeconds);
			Double store = total(costs, SamplingCost::storeCpuSeconds);
			Double ofApp = share(sampler, app);
			Double ofStore = share(sampler, store);
			md.row(phase.path(), costs.size(), seconds(sampler), seconds(app), percentOrDash(ofApp), seconds(store),
					phase.throughCodec() ? percentOrDash(ofStore) : "– (idle store)");
			// /noop lasts seconds: what the samplers pay once, at their start, is most of its share
			if (phase.throughCodec()) {
				worstApp = worse(worstApp, ofApp);
				worstStore = worse(worstStore, ofStore);
			}
		}
		md.line();
		md.line("Sampling cost: on /add and /check at most %s of the app's CPU and %s of the store's, "
				+ "budget %.0f%%: %s.",
				percentOrDash(worstApp), percentOrDash(worstStore), COST_BUDGET * 100,
				worstApp != null && worstApp <= COST_BUDGET && (worstStore == null || worstStore <= COST_BUDGET)
						? "within it" : "**over it, or not measured**");
		md.line();
	}

	/** For a run whose store had a memory limit: how each configuration's /add met it, and what /check found. */
	private void cache(Markdown md) {
		List<Timeline> adds = this.overTime.firstRepetitions(Phase.ADD)
			.stream()
			.filter(t -> t.maxmemory() != null && t.maxmemory() > 0 && !t.variant().isMemcached())
			.toList();
		if (adds.isEmpty()) {
			return;
		}
		md.line("### The cache at its limit");
		md.line();
		md.line("Each configuration's first repetition: /add writing into Redis's maxmemory (allkeys-lru), then /check "
				+ "reading the persons back in the order they were written. The limit counts as reached at %.0f%% of "
				+ "it.",
				AT_LIMIT * 100);
		md.line();
		md.header("Configuration", "maxmemory", "Memory at the end of /add", "Limit reached after", "Keys at the end",
				"Evictions/s, last third", "Network out /add", "Network out /check", "/check hit rate", "Expiries");
		List<Timeline> checks = this.overTime.firstRepetitions(Phase.CHECK);
		for (Timeline add : adds) {
			Timeline check = checks.stream().filter(t -> t.variant().equals(add.variant())).findFirst().orElse(null);
			Double reached = add.points(Measure.MEMORY)
				.stream()
				.filter(p -> p.value() * 1e6 >= AT_LIMIT * add.maxmemory())
				.map(Timeline.Point::seconds)
				.findFirst()
				.orElse(null);
			double expiries = expiries(add) + (check == null ? 0 : expiries(check));
			md.row(Markdown.cell(add.variant().name()), Markdown.bytes(add.maxmemory()),
					megabytes(add.last(Measure.MEMORY)), reached == null ? "not reached" : Markdown.num(reached) + " s",
					Markdown.opt(add.last(Measure.KEYS)), Markdown.opt(add.mean(Measure.EVICTIONS, 2.0 / 3, 1)),
					mbPerSecond(add.mean(Measure.NET_OUT, 0, 1)),
					mbPerSecond(check == null ? null : check.mean(Measure.NET_OUT, 0, 1)),
					check == null || check.mean(Measure.HIT_RATE, 0, 1) == null ? "–"
							: Markdown.num(check.mean(Measure.HIT_RATE, 0, 1)) + "%",
					Markdown.count(expiries));
		}
		md.line();
		md.line("Network out is the mean over the phase, in MB/s (10^6 bytes); memory in MB (10^6 bytes).");
		md.line();
	}

	/** The keys a phase saw expire: its expiry rate integrated over its points. */
	private static double expiries(Timeline timeline) {
		List<Timeline.Point> points = timeline.points(Measure.EXPIRIES);
		double total = 0;
		for (int i = 1; i < points.size(); i++) {
			total += points.get(i).value() * (points.get(i).seconds() - points.get(i - 1).seconds());
		}
		return total;
	}

	private static Double total(List<SamplingCost> costs, Function<SamplingCost, Double> figure) {
		double sum = 0;
		for (SamplingCost cost : costs) {
			Double value = figure.apply(cost);
			if (value == null) {
				return null;
			}
			sum += value;
		}
		return sum;
	}

	private static Double share(double part, Double whole) {
		return whole == null || whole <= 0 ? null : part / whole;
	}

	/**
	 * The larger share, either unknown (null) giving the other. Not one conditional expression: with
	 * {@code Math.max}'s double in it, Java unboxes both branches, and two unknown shares threw (a cluster's /check of
	 * one INFO sample a master, too short to give its store's CPU).
	 */
	static Double worse(Double a, Double b) {
		if (a == null) {
			return b;
		}
		if (b == null) {
			return a;
		}
		return Math.max(a, b);
	}

	private static String seconds(Double value) {
		return value == null ? "–" : Markdown.num(value) + " s";
	}

	private static String megabytes(Double value) {
		return value == null ? "–" : Markdown.num(value) + " MB";
	}

	private static String mbPerSecond(Double value) {
		return value == null ? "–" : Markdown.num(value) + " MB/s";
	}

	private static String percentOrDash(Double fraction) {
		return fraction == null ? "–" : percent(fraction, false);
	}

	private static String percent(double fraction, boolean signed) {
		return String.format(Locale.ROOT, signed ? "%+.2f%%" : "%.2f%%", fraction * 100);
	}

}
