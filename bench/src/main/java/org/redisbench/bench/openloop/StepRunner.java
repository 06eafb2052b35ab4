package org.redisbench.bench.openloop;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.BiConsumer;
import java.util.function.Function;

import org.redisbench.bench.run.RawFiles;
import org.redisbench.bench.BenchSettings;
import org.redisbench.bench.CpuPlacement;
import org.redisbench.processes.ClockTicks;
import org.redisbench.processes.Program;
import org.redisbench.bench.run.RunContext;
import org.redisbench.bench.run.VariantRun;
import org.redisbench.bench.stores.Stores;
import org.redisbench.bench.stores.Topology;
import org.redisbench.bench.run.WatchedApp;
import org.redisbench.openloop.rules.Objective;
import org.redisbench.openloop.rules.SloSearch;
import org.redisbench.openloop.rules.SloSteps;
import org.redisbench.openloop.rules.StepFigures;
import org.redisbench.tooloutput.AbOutput;

/**
 * {@link OpenLoopSteps}' steps, given the reset to fresh ids and the Redis stall they run, and the app they watch.
 * What a step's figures mean, whether it met the objective and which rate the search tries next, open-loop-rules
 * decides (the report uses it too); here processes only start and stop.
 */
final class StepRunner {

	private final RunContext context;

	private final BiConsumer<VariantRun, String> freshIds;

	private final Function<Topology, Stores.Stall> stall;

	private final Function<Topology, Stores.LatencyWatch> latency;

	StepRunner(RunContext context, BiConsumer<VariantRun, String> freshIds, Function<Topology, Stores.Stall> stall,
			Function<Topology, Stores.LatencyWatch> latency) {
		this.context = context;
		this.freshIds = freshIds;
		this.stall = stall;
		this.latency = latency;
	}

	/** The steps of one repetition, on its warmed-up app. */
	void run(VariantRun run, WatchedApp app, List<Long> proxyPids) {
		BenchSettings settings = this.context.settings();
		if (!OpenLoopSteps.wanted(settings)) {
			return;
		}
		if (!app.isAlive()) {
			this.context.log().line(run.label() + ": open-loop steps skipped: the app exited; see "
					+ run.dir().resolve("app.log"));
			return;
		}
		List<String> accounts = accounts(app.pid(), run.topology(), proxyPids);
		if (!settings.rates().isEmpty()) {
			rates(run, app, accounts);
		}
		if (settings.slo().isPresent()) {
			for (int search = 1; search <= settings.sloSearches(); search++) {
				slo(run, app, accounts, search);
			}
		}
	}

	/**
	 * The generator's {@code --cpu} options: the processes of the variant that the run started, whose CPU a request
	 * each step writes beside the generator's own ({@code cpu_ms_per_request_<name>}): app, the store ({@code redis},
	 * every node of a cluster summed, or {@code memcached}), the latency proxies ({@code proxy}), and the run's own JVM
	 * ({@code bench}), which orchestrates on the same cores, beside the generator's. An app given by its URL, a Redis
	 * the run did not start: no PID, no figure. The generator reads their /proc/PID/stat, which
	 * names the same processes as long as BENCH_CLIENT_EXEC keeps the run's PID namespace (the network namespaces of
	 * three-box.sh do).
	 */
	static List<String> accounts(OptionalLong appPid, Topology topology, List<Long> proxyPids) {
		List<String> accounts = new ArrayList<>(List.of("--clock-ticks", String.valueOf(ClockTicks.perSecond())));
		appPid.ifPresent((pid) -> cpu(accounts, "app", pid));
		String store = topology.isMemcached() ? "memcached" : "redis";
		topology.pids().forEach((pid) -> cpu(accounts, store, pid));
		proxyPids.forEach((pid) -> cpu(accounts, "proxy", pid));
		cpu(accounts, "bench", ProcessHandle.current().pid());
		return List.copyOf(accounts);
	}

	private static void cpu(List<String> accounts, String name, long pid) {
		accounts.add("--cpu");
		accounts.add(name + "=" + pid);
	}

	/** A step at each rate of --rates; {@code ab}: the rate ab's /add of this repetition achieved. */
	private void rates(VariantRun run, WatchedApp app, List<String> accounts) {
		int n = 0;
		for (String given : this.context.settings().rates()) {
			n++;
			String rate = given;
			if (rate.equals("ab")) {
				OptionalLong achieved = abRate(run.dir());
				if (achieved.isEmpty()) {
					this.context.log().line(run.label() + ": no ab rate of /add to run at");
					continue;
				}
				rate = String.valueOf(achieved.getAsLong());
			}
			if (!step(run, app, accounts, String.format("rates-%02d-r%s", n, rate), rate,
					run.label() + " rate " + rate + "/s")) {
				return;
			}
		}
	}

	/** The requests a second ab's /add phase of the repetition achieved, rounded; none without one, or 0. */
	static OptionalLong abRate(Path dir) {
		Path add = dir.resolve("add.ab.txt");
		if (!Files.isRegularFile(add)) {
			return OptionalLong.empty();
		}
		Double rps = AbOutput.parse(RawFiles.read(add)).requestsPerSecond();
		// awk's printf %.0f rounds half to even
		long rate = rps == null ? 0 : (long) Math.rint(rps);
		return rate == 0 ? OptionalLong.empty() : OptionalLong.of(rate);
	}

	/**
	 * One search for the highest rate meeting --slo, into {@code slo<SEARCH>.env}: SloSearch names each step's rate
	 * from the steps so far (doubling from BENCH_SLO_START, then halving the gap between the highest rate met and the
	 * lowest missed down to BENCH_SLO_PRECISION %, up to BENCH_SLO_MAX) and writes the result once the search is
	 * over. A search the generator could not finish has no result.
	 */
	private void slo(VariantRun run, WatchedApp app, List<String> accounts, int search) {
		BenchSettings settings = this.context.settings();
		String label = run.label();
		SloSteps rules = new SloSteps(Objective.parse(settings.slo().orElseThrow()),
				new SloSearch(settings.sloStart(), settings.sloMax(), settings.sloPrecision()));
		Path result = run.dir().resolve("slo" + search + ".env");
		List<Path> steps = new ArrayList<>();
		for (int n = 1;; n++) {
			SloSteps.Verdict verdict;
			try {
				verdict = rules.after(steps, result);
			}
			catch (IOException | IllegalArgumentException ex) {
				this.context.log().line(label + ": search " + search + ": no next rate, no result (" + ex.getMessage()
						+ ")");
				return;
			}
			if (verdict instanceof SloSteps.Over over) {
				this.context.log().line(label + ": search " + search + ": " + over.sentence());
				return;
			}
			long next = ((SloSteps.Next) verdict).rate();
			String name = String.format("slo%d-%02d-r%d", search, n, next);
			if (!step(run, app, accounts, name, String.valueOf(next),
					label + " " + settings.slo().get() + " search " + search + " step " + n + ": " + next + "/s")) {
				this.context.log().line(label + ": search " + search + ": stopped at step " + n + ", without a result");
				return;
			}
			steps.add(stepFile(run, name));
		}
	}

	private static Path stepFile(VariantRun run, String name) {
		return run.dir().resolve("open-loop").resolve(name + ".env");
	}

	/**
	 * One step at RATE requests a second into {@code open-loop/NAME.env} (its .hgrm beside it, the generator's output
	 * in NAME.log), on an empty store and fresh ids (with --step-keys N, on the store as left and the ids wrapping
	 * on), the compiler idle, with --redis-stall's pauses around it; false when the generator could not run it.
	 */
	boolean step(VariantRun run, WatchedApp app, List<String> accounts, String name, String rate, String label) {
		BenchSettings settings = this.context.settings();
		Path out = stepFile(run, name);
		Path log = out.resolveSibling(name + ".log");
		try {
			Files.createDirectories(out.getParent());
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot create " + out.getParent(), ex);
		}
		// --step-keys N: the keyspace the ab phases and the steps before filled, overwritten, not grown
		if (settings.stepKeys().isEmpty()) {
			this.freshIds.accept(run, label);
		}
		app.settle(this.context, label);
		this.context.log().line(label + ": " + rate + " requests/s on /" + settings.openLoopPath() + " for "
				+ settings.stepLeadIn().toSeconds() + "+" + settings.stepSeconds().toSeconds() + " s, open loop");
		StepAttribution attribution = StepAttribution.start(this.context, run.url(), out,
				this.latency.apply(run.topology()));
		Program.Ended generator;
		try (Stores.Stall stalled = this.stall.apply(run.topology())) {
			generator = Program.runInto(command(run, accounts, rate, out), settings.phaseTimeout(), Map.of(), "", log,
					true);
		}
		StepAttribution.Ended attributed = attribution.end();
		if (generator.status() != 0 || !nonEmpty(out)) {
			this.context.log().line(label + ": the open-loop generator failed (exit " + generator.status() + "); see "
					+ log);
			return false;
		}
		// an app given by its URL has no safepoint log of the run's
		Optional<Path> safepoints = app.pid().isPresent()
				? Optional.of(run.dir().resolve(OpenLoopSteps.SAFEPOINTS)) : Optional.empty();
		StepAttribution.append(out, attributed.lines()
				+ StepAttribution.slowestLines(out, attributed.redis(), safepoints));
		this.context.log().line(label + ": " + StepFigures.parse(RawFiles.read(out)).describe());
		return true;
	}

	/**
	 * The generator, a JVM of its own so that its CPU is accounted apart from the run's, where BENCH_CLIENT_EXEC places
	 * it, on the CPUs --cpu-placement gives it, under --generator-nice (nice adds it to the run's own nice value).
	 */
	List<String> command(VariantRun run, List<String> accounts, String rate, Path out) {
		BenchSettings settings = this.context.settings();
		List<String> command = new ArrayList<>();
		if (settings.generatorNice() != 0) {
			command.addAll(List.of("nice", "-n", String.valueOf(settings.generatorNice())));
		}
		command.add("java");
		command.addAll(settings.openLoopJavaOptions());
		command.addAll(List.of("-jar", this.context.jar("open-loop").toString()));
		command.addAll(accounts);
		command.addAll(List.of(run.url() + "/" + settings.openLoopPath(), rate,
				String.valueOf(settings.stepSeconds().toSeconds()), String.valueOf(settings.stepLeadIn().toSeconds()),
				out.toString()));
		return this.context.placement().pinned(CpuPlacement.GENERATOR, this.context.placement().atClient(command));
	}

	private static boolean nonEmpty(Path file) {
		try {
			return Files.isRegularFile(file) && Files.size(file) > 0;
		}
		catch (IOException ex) {
			return false;
		}
	}

}
