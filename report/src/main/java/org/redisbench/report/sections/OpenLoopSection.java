package org.redisbench.report.sections;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;

import org.redisbench.model.Spread;
import org.redisbench.openloop.rules.Objective;
import org.redisbench.openloop.rules.SlowestRequests;
import org.redisbench.openloop.rules.StepFigures;
import org.redisbench.runresults.KeyValues;
import org.redisbench.runresults.OpenLoopRuns;
import org.redisbench.runresults.OpenLoopStep;
import org.redisbench.runresults.OpenLoopVariant;
import org.redisbench.runresults.RunResults;
import org.redisbench.tooloutput.AbOutput;

/**
 * The open-loop steps of --rates, beside ab's closed loop on the same app, and the capacity --slo found per variant,
 * ranked against the published procedure's app, with the CPU a request of the app, its store and the generator at
 * each rate and at the capacity where the steps give it. Nothing for a run without them.
 */
public final class OpenLoopSection implements Section {

	/** The processes' order in the CPU column: the app, its store, the proxies; any other next, the generator last. */
	private static final List<String> CPU_ORDER = List.of("app", "redis", "memcached", "proxy");

	private final OpenLoopRuns runs;

	private final List<String> charts;

	/** The processes whose CPU a request the run's steps give; none for steps written before they did. */
	private final List<String> cpuNames;

	/** The processes whose run-queue wait the run's steps give; none for steps written before they did. */
	private final List<String> waitNames;

	/** The causes the run's steps give the slowest requests' shares of; none for steps written before they did. */
	private final List<String> causes;

	public OpenLoopSection(OpenLoopRuns runs, List<String> charts) {
		this.runs = runs;
		this.charts = List.copyOf(charts);
		this.cpuNames = names(runs, figures -> figures.cpuMsPerRequest().keySet());
		this.waitNames = names(runs, figures -> figures.scheduling().runQueueMsPerSecond().keySet());
		List<String> given = names(runs, figures -> figures.slowest().slowestPercent().keySet());
		this.causes = SlowestRequests.CAUSES.stream().filter(given::contains).toList();
	}

	@Override
	public void writeTo(Markdown md, RunResults run) {
		if (this.runs.variants().isEmpty()) {
			return;
		}
		KeyValues settings = this.runs.settings();
		md.line("## Open loop: latency against throughput");
		md.line();
		md.line("After each variant's ab phases, on the same warmed-up app, requests to `%s` arrive at a fixed "
				+ "rate whatever the app does (Gatling's open injection over kept-alive connections), each timed from "
				+ "its intended send time into an HdrHistogram: a stall shows in every request that arrived during it, "
				+ "where ab's waiting clients send none (coordinated omission). A step runs %s s uncounted, then %s s "
				+ "counted, on an empty store. *achieved* counts answers without error within the counted seconds. "
				+ "Figures are medians over the repetitions, errors their sum; *generator* is the load generator's "
				+ "CPU in cores, and how late it sent when its p99 lag passed %.0f ms and %.0f%% of the step's p99.%s",
				settings.get("path", "/add"), settings.get("step_lead_in_seconds", "?"),
				settings.get("step_seconds", "?"), StepFigures.LAGGING_MS, StepFigures.LAGGING_SHARE * 100,
				settings.get("redis_stall_ms", "0").equals("0") ? ""
						: " Redis was paused (CLIENT PAUSE WRITE) for " + settings.get("redis_stall_ms", "?")
								+ " ms once a second during every /add, ab's and the steps'.");
		md.line();
		if (!this.cpuNames.isEmpty()) {
			md.line("*CPU ms a request* (%s; medians) is each process's CPU in a step's counted seconds divided by "
					+ "the answers without error in them: the app's, its store's and the latency proxies' from "
					+ "/proc/PID/stat where bench.sh started them (every node of a cluster summed), the load "
					+ "generator's its JVM's own; – where a process was not started by bench.sh. On a machine they "
					+ "share, what the generator takes the app cannot have.", String.join(" · ", this.cpuNames));
			md.line();
		}
		if (!this.waitNames.isEmpty()) {
			md.line("*run-queue ms a second* (%s; medians) is how long each process's threads waited for a CPU, "
					+ "runnable but not running, in a step's counted seconds, a second of them: the sum over "
					+ "/proc/PID/task/*/schedstat, thread by thread (a thread that ended during the step took its "
					+ "wait with it). Above 1000 when several of its threads waited at once: the cores were short.",
					String.join(" · ", this.waitNames));
			md.line();
		}
		if (!this.causes.isEmpty()) {
			md.line("*slowest 1%% / all, %%* (%s; medians) is, per cause, the share of a step's slowest 1%% of "
					+ "requests that coincided with it, beside the same share among all its answered requests, which "
					+ "is what a cause holding no tail would give: a request coincides with an app safepoint that "
					+ "overlapped it from when it was due to its answer (the app's -Xlog:safepoint), with a Redis "
					+ "latency event logged in a second it overlapped (LATENCY HISTORY: Redis keeps the second only), "
					+ "and with the generator's lateness when it was sent %.0f ms or more late.",
					String.join(" · ", this.causes), StepFigures.LAGGING_MS);
			md.line();
		}
		if (this.runs.variants().stream().anyMatch(v -> v.steps().stream().anyMatch(s -> !s.searched()))) {
			rates(md);
		}
		if (this.runs.objective() != null) {
			capacity(md, this.runs.objective());
		}
		for (String chart : this.charts) {
			md.line("![%s](%s)", chart.replace(".png", "").replace('-', ' '), chart);
			md.line();
		}
	}

	private void rates(Markdown md) {
		md.header(withProcesses(cpuHeader(""), waitHeader(""), slowestHeader(""), "variant", "load", "offered/s",
				"achieved/s", "errors", "p50 ms", "p90 ms", "p99 ms", "p99.9 ms", "max ms", "generator"));
		for (OpenLoopVariant variant : this.runs.variants()) {
			List<AbOutput> ab = List.copyOf(variant.ab().values());
			if (!ab.isEmpty()) {
				md.row(withProcesses("", "", "", variant.name(),
						"ab -c " + Markdown.opt(ab.get(0).concurrency()) + ", closed loop", "–",
						median(ab, AbOutput::requestsPerSecond),
						Markdown.count(ab.stream()
							.mapToLong(a -> Objects.requireNonNullElse(a.failedRequests(), 0L)
									+ Objects.requireNonNullElse(a.non2xx(), 0L))
							.sum()),
						median(ab, a -> a.percentileMs(50)), median(ab, a -> a.percentileMs(90)),
						median(ab, a -> a.percentileMs(99)), "–", median(ab, AbOutput::maxMs), ""));
			}
			ratesByOffered(variant.steps()).forEach((rate, steps) -> md.row(withProcesses(cpu(steps), waits(steps),
					slowest(steps), variant.name(), "open loop", Markdown.count(rate), median(steps, StepFigures::achievedRps),
					errors(steps),
					median(steps, StepFigures::p50Ms), median(steps, StepFigures::p90Ms),
					median(steps, StepFigures::p99Ms), median(steps, StepFigures::p999Ms),
					median(steps, StepFigures::maxMs), generator(steps))));
		}
		md.line();
	}

	private void capacity(Markdown md, Objective objective) {
		String percentile = objective.percentile();
		OpenLoopVariant published = this.runs.published();
		Spread base = published == null ? null : published.capacity();
		md.line("## Capacity at %s ≤ %s ms", percentile, objective.boundText());
		md.line();
		md.line("Per variant, the highest constant rate whose %s stayed under %s ms with no error: from %s requests/s "
				+ "the rate doubles until a step misses, then the gap between the highest rate met and the lowest "
				+ "missed is halved until it is within %s%% (at most %s/s; 0: the first rate missed), %s times in each "
				+ "repetition: the median, with the lowest and highest search. *× published* divides it by the "
				+ "published procedure's app (%s: JSON strings, a key per person, one command at a time, no distance "
				+ "added). *search* lists each search's steps (r1 s2: repetition 1's second), rate/s and its %s in "
				+ "ms, ✗ where missed.",
				percentile, Markdown.num(objective.boundMs()), this.runs.settings().get("slo_start", "?"),
				this.runs.settings().get("slo_precision_percent", "?"), this.runs.settings().get("slo_max", "?"),
				this.runs.settings().get("slo_searches", "1"),
				published == null ? "not in this run" : published.name(), percentile);
		md.line();
		if (!this.cpuNames.isEmpty()) {
			md.line("*CPU ms a request at capacity* is at the knee: the medians over the step at each search's "
					+ "capacity.");
			md.line();
		}
		md.header(withProcesses(cpuHeader(" at capacity"), waitHeader(" at capacity"), slowestHeader(" at capacity"),
				"rank", "variant",
				"capacity req/s", "× published", "lowest missed req/s", "search"));
		List<OpenLoopVariant> ranked = new ArrayList<>(this.runs.variants());
		ranked.removeIf(v -> v.capacity() == null);
		ranked.sort(Comparator.comparingDouble((OpenLoopVariant v) -> v.capacity().median()).reversed());
		int rank = 0;
		for (OpenLoopVariant variant : ranked) {
			Spread capacity = variant.capacity();
			rank++;
			md.row(withProcesses(variant.atCapacity().isEmpty() ? "–" : cpu(variant.atCapacity()),
					variant.atCapacity().isEmpty() ? "–" : waits(variant.atCapacity()),
					variant.atCapacity().isEmpty() ? "–" : slowest(variant.atCapacity()), Integer.toString(rank),
					variant.name(), Markdown.spread(capacity, Markdown::count),
					base == null || base.median() == 0 ? "–"
							: String.format(java.util.Locale.ROOT, "%.2f", capacity.median() / base.median()),
					Markdown.spread(Spread.of(variant.lowestMissed()
						.values()
						.stream()
						.filter(m -> m > 0)
						.map(Long::doubleValue)
						.toList()), Markdown::count),
					Markdown.cell(trail(variant, objective))));
		}
		md.line();
		List<String> lagged = this.runs.variants()
			.stream()
			.filter(OpenLoopVariant::anyLagged)
			.map(OpenLoopVariant::name)
			.toList();
		if (!lagged.isEmpty()) {
			md.line("The generator lagged its schedule (p99 more than %.0f ms late, and %.0f%% of the step's p99) in "
					+ "some steps of: %s. Its latencies count from the intended send time all the same, so they "
					+ "include the lag: those figures are no better than measured, and the capacity no higher.",
					StepFigures.LAGGING_MS, StepFigures.LAGGING_SHARE * 100, String.join(", ", lagged));
			md.line();
		}
	}

	/** The processes the run's steps give a figure of, in {@link #CPU_ORDER}. */
	private static List<String> names(OpenLoopRuns runs, Function<StepFigures, Collection<String>> given) {
		Comparator<String> order = Comparator
			.comparingInt((String name) -> name.equals(StepFigures.GENERATOR) ? CPU_ORDER.size() + 1
					: CPU_ORDER.contains(name) ? CPU_ORDER.indexOf(name) : CPU_ORDER.size())
			.thenComparing(Comparator.naturalOrder());
		TreeSet<String> names = new TreeSet<>(order);
		for (OpenLoopVariant variant : runs.variants()) {
			variant.steps().forEach(step -> names.addAll(given.apply(step.figures())));
		}
		return List.copyOf(names);
	}

	/** The CPU column's header: {@code CPU ms a request at capacity: app · redis · bench · generator}. */
	private String cpuHeader(String where) {
		return "CPU ms a request" + where + ": " + String.join(" · ", this.cpuNames);
	}

	/** The run-queue column's header: {@code run-queue ms a second at capacity: app · redis · generator}. */
	private String waitHeader(String where) {
		return "run-queue ms a second" + where + ": " + String.join(" · ", this.waitNames);
	}

	/** The slowest requests' column's header: {@code slowest 1% / all, % at capacity: app_safepoint · ...}. */
	private String slowestHeader(String where) {
		return "slowest 1% / all, %" + where + ": " + String.join(" · ", this.causes);
	}

	/**
	 * The cells, and the CPU column's, the run-queue column's and the slowest requests' after them when the run's
	 * steps give them.
	 */
	private String[] withProcesses(String cpu, String waits, String slowest, String... cells) {
		List<String> row = new ArrayList<>(Arrays.asList(cells));
		if (!this.cpuNames.isEmpty()) {
			row.add(cpu);
		}
		if (!this.waitNames.isEmpty()) {
			row.add(waits);
		}
		if (!this.causes.isEmpty()) {
			row.add(slowest);
		}
		return row.toArray(String[]::new);
	}

	/** Each cause's median share of the slowest requests and of all, {@code 40/3}, in the column's order. */
	private String slowest(List<StepFigures> steps) {
		return this.causes.stream()
			.map(cause -> percent(steps, step -> step.slowest().slowestPercent().get(cause)) + "/"
					+ percent(steps, step -> step.slowest().allPercent().get(cause)))
			.collect(Collectors.joining(" · "));
	}

	/** A median share in %, to a tenth: 0.5, 40.0; – where no step gives it. */
	private static String percent(List<StepFigures> steps, Function<StepFigures, Double> share) {
		Spread spread = Spread.of(steps.stream().map(share).toList());
		return spread == null ? "–" : String.format(java.util.Locale.ROOT, "%.1f", spread.median());
	}

	/** Each process's median run-queue ms a second over these steps, in the column's order; – where none gives it. */
	private String waits(List<StepFigures> steps) {
		return this.waitNames.stream()
			.map(name -> median(steps, step -> step.scheduling().runQueueMsPerSecond(name)))
			.collect(Collectors.joining(" · "));
	}

	/** Each process's median CPU ms a request over these steps, in the column's order; – where none gives it. */
	private String cpu(List<StepFigures> steps) {
		return this.cpuNames.stream()
			.map(name -> median(steps, step -> step.cpuMsPerRequest(name)))
			.collect(Collectors.joining(" · "));
	}

	/** Each search's steps: {@code r1 s1: 50 (3.1), 100 (4.0), 200 ✗ (45)}. */
	private static String trail(OpenLoopVariant variant, Objective objective) {
		Map<String, List<OpenLoopStep>> bySearch = variant.steps()
			.stream()
			.filter(OpenLoopStep::searched)
			.collect(Collectors.groupingBy(OpenLoopStep::searchKey, TreeMap::new,
					Collectors.toList()));
		return bySearch.entrySet()
			.stream()
			.map(search -> search.getKey() + ": "
					+ search.getValue()
						.stream()
						.map(s -> trailStep(s, objective))
						.collect(Collectors.joining(", ")))
			.collect(Collectors.joining("; "));
	}

	private static String trailStep(OpenLoopStep step, Objective objective) {
		return Markdown.count(step.offered()) + (objective.meets(step.figures()) ? "" : " ✗") + " ("
				+ Markdown.opt(step.figures().percentileMs(objective.percentile())) + ")";
	}

	/** The figures of the steps of --rates, by offered rate. */
	private static Map<Double, List<StepFigures>> ratesByOffered(List<OpenLoopStep> steps) {
		return steps.stream()
			.filter(s -> !s.searched())
			.collect(Collectors.groupingBy(OpenLoopStep::offered, TreeMap::new,
					Collectors.mapping(OpenLoopStep::figures, Collectors.toList())));
	}

	private static <T> String median(List<T> items, Function<T, Double> figure) {
		Spread spread = Spread.of(items.stream().map(figure).toList());
		return spread == null ? "–" : Markdown.num(spread.median());
	}

	private static String errors(List<StepFigures> steps) {
		return Markdown.count(steps.stream().mapToLong(s -> Objects.requireNonNullElse(s.errors(), 0L)).sum());
	}

	private static String generator(List<StepFigures> steps) {
		String cores = median(steps, StepFigures::clientCores);
		List<StepFigures> lagged = steps.stream().filter(StepFigures::lagged).toList();
		return lagged.isEmpty() ? cores
				: cores + ", lagged: p99 " + median(lagged, StepFigures::lagP99Ms) + " ms late";
	}

}
