package org.redisbench.bench.run;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;

import org.redisbench.bench.App;
import org.redisbench.bench.BenchSettings;
import org.redisbench.bench.RedisSetup;
import org.redisbench.bench.app.AppUnderTest;
import org.redisbench.bench.app.Distance;
import org.redisbench.bench.openloop.OpenLoopSteps;
import org.redisbench.bench.phases.Measurement;
import org.redisbench.bench.phases.RedisBenchmark;
import org.redisbench.bench.phases.Sampling;
import org.redisbench.bench.stores.Node;
import org.redisbench.bench.stores.StoreSnapshots;
import org.redisbench.bench.stores.Stores;
import org.redisbench.bench.stores.Topology;
import org.redisbench.bench.warmup.Profiling;
import org.redisbench.bench.warmup.WarmUp;
import org.redisbench.commandline.Failure;
import org.redisbench.html.ResultsFolder;
import org.redisbench.processes.AppJars;
import org.redisbench.valueformat.Named;

/**
 * The published experiment, run in this JVM: for each repetition, each variant in turn runs alone against a clean
 * store (start its app, warm it up, measure the ab ceiling on /noop, empty the store and reset the ids, ab /add, read
 * the store, ab /check, the open-loop steps, the profiles, stop the app, then redis-benchmark SET/GET at the value
 * size the app wrote), every raw output into the run's raw/ folder; then the report, in-process. Repetition-major
 * order spreads any drift of the machine over every variant alike. What runs beside this JVM are the programs it
 * drives: redis-server, memcached, the apps, ab, curl, redis-cli, redis-benchmark and the open-loop generator, whose
 * CPU is thus its own.
 */
public final class BenchRun {

	/** The exit status of a run whose report lists invalid runs. */
	public static final int SOME_RUNS_INVALID = 3;

	private final BenchSettings settings;

	private final RunLog log;

	private final PrintStream out;

	/** What to stop when the run ends or is stopped, the last started first. */
	private final Deque<AutoCloseable> open = new ArrayDeque<>();

	private final AtomicBoolean closed = new AtomicBoolean();

	public BenchRun(BenchSettings settings, PrintStream out, PrintStream err) {
		this.settings = settings;
		this.log = new RunLog(err);
		this.out = out;
	}

	/** Runs it: 0 every run valid, 3 the report lists invalid runs; a {@code Failure} (exit 1) when it cannot go on. */
	public int run() {
		RequiredCommands.check(this.settings);
		Path repository = AppJars.of(BenchRun.class).repository();
		Optional<String> password = Optional.ofNullable(System.getenv("REDIS_PASSWORD")).filter((set) -> !set.isEmpty());
		Placement placement = Placement.of(this.settings);
		RunContext preflight = new RunContext(this.settings, placement, this.log, null, null, repository, password);
		Stores.checkLayouts(preflight);
		Path out;
		try {
			out = ResultsFolder.create(this.settings.output());
		}
		catch (IllegalArgumentException ex) {
			throw this.log.failure("cannot make the output folder: " + ex.getMessage());
		}
		Path raw = out.resolve("raw");
		this.log.alsoInto(raw.resolve("bench.log"));
		RunContext context = new RunContext(this.settings, placement, this.log, out, raw, repository, password);
		Thread stopper = new Thread(this::close, "stop the run");
		Runtime.getRuntime().addShutdownHook(stopper);
		try {
			this.log.line("output: " + out);
			buildJars(context);
			return measured(context);
		}
		finally {
			close();
			try {
				Runtime.getRuntime().removeShutdownHook(stopper);
			}
			catch (IllegalStateException shuttingDown) {
				// The hook runs already: the JVM is being stopped.
			}
		}
	}

	private int measured(RunContext context) {
		Profiling profiling = new Profiling(context);
		Stores stores = opened(Stores.open(context));
		Sampling sampling = opened(new Sampling(context, stores));
		StoreSnapshots snapshots = new StoreSnapshots(context, stores);
		Measurement measurement = new Measurement(context, snapshots, sampling);
		FreshIds freshIds = new FreshIds(context, stores);
		WarmUp warmUp = new WarmUp(context, measurement, freshIds);
		OpenLoopSteps openLoop = new OpenLoopSteps(context, stores, freshIds);
		List<String> topologies = stores.topologies();
		List<PlannedVariant> variants = VariantPlan.of(this.settings, topologies);
		boolean severalConcurrencies = this.settings.concurrencies().size() > 1;
		RunRecord record = new RunRecord(context);
		record.environment(stores, topologies,
				variants.stream().map((variant) -> variant.name(severalConcurrencies)).toList(),
				profiling.on() ? profiling.version() : "");
		openLoop.record();
		Parts parts = new Parts(context, stores, snapshots, measurement, freshIds, warmUp, openLoop, profiling);
		for (int rep = 1; rep <= this.settings.repetitions(); rep++) {
			for (int number = 1; number <= variants.size(); number++) {
				runVariant(parts, variants.get(number - 1), number, variants.size(), rep, severalConcurrencies);
			}
		}
		record.finished();
		this.log.line("writing the report");
		int status = RunReport.provided().write(context.out());
		this.log.line("report: " + context.out().resolve("report.md") + ", and in a browser "
				+ context.out().resolve("report.html"));
		headline(context.out());
		return status;
	}

	/** The parts a variant's repetition runs through, made once a run. */
	private record Parts(RunContext context, Stores stores, StoreSnapshots snapshots, Measurement measurement,
			FreshIds freshIds, WarmUp warmUp, OpenLoopSteps openLoop, Profiling profiling) {
	}

	/** Repetition {@code rep} of the published procedure for one variant, its app alone. */
	private void runVariant(Parts parts, PlannedVariant variant, int number, int count, int rep,
			boolean severalConcurrencies) {
		RunContext context = parts.context();
		String name = variant.name(severalConcurrencies);
		Path variantDir = context.raw().resolve(name);
		Path dir = variantDir.resolve("rep" + rep);
		String label = "rep " + rep + "/" + this.settings.repetitions() + " variant " + number + "/" + count + " " + name;
		Topology topology = parts.stores().topology(variant.topology());
		VariantRun run = new VariantRun(variant, dir, label, topology);
		Path variantEnv = variantDir.resolve("variant.env");
		createDirectories(dir);
		RawFiles.write(variantEnv, String.join("\n", "app=" + variant.app().label(),
				"mode=" + Named.labelOf(variant.mode()), "compression=" + variant.compression().label(),
				"topology=" + variant.topology(), "masters=" + topology.nodes().size(), "redis_rtt=" + variant.redisRtt(), "app_rtt=" + variant.appRtt(),
				"concurrency=" + variant.concurrency(), "redis_settings=" + variant.redisSetup().label(),
				"layout=" + variant.layout().label()) + "\n");
		if (topology.isCluster()) {
			List<String> nodes = new ArrayList<>();
			for (int k = 1; k <= topology.nodes().size(); k++) {
				nodes.add(k + " " + topology.nodes().get(k - 1));
			}
			RawFiles.write(dir.resolve("nodes.txt"), String.join("\n", nodes) + "\n");
		}
		parts.stores().flush(topology);
		// A Redis the run did not start keeps its own configuration (the settings' checks refuse what would change it).
		if (!this.settings.redisSetups().equals(List.of(RedisSetup.DEFAULT)) && !topology.isMemcached()) {
			parts.stores().applySettings(topology, variant.redisSetup());
		}
		parts.stores().applyLayout(topology, variant.layout(), variantEnv);
		try (Distance distance = opened(new Distance(context))) {
			Node redis = distance.openRedis(variant.redisRtt(), dir, parts.stores());
			AppUnderTest app = AppUnderTest.start(context, variant, dir, topology, parts.stores(), redis);
			AutoCloseable stopApp = app::stop;
			this.open.push(stopApp);
			try {
				run.started(app);
				run.reachAt(distance.openApp(variant.appRtt(), dir, app));
				parts.warmUp().run(run);
				parts.measurement().phase(run, "noop", this.settings.noopRequests(), label + " noop");
				parts.freshIds().reset(run, label);
				try (Stores.Stall stall = parts.stores().stall(topology)) {
					parts.measurement().phase(run, "add", this.settings.requests(), label + " add");
				}
				parts.snapshots().sampleValueSizes(topology, variant.layout(), dir);
				parts.measurement().phase(run, "check", this.settings.requests(), label + " check");
				parts.openLoop().run(run, distance.pids());
				if (rep == 1) {
					parts.profiling().profile(run);
				}
			}
			finally {
				this.open.remove(stopApp);
				app.stop();
			}
			this.open.remove(distance);
		}
		RedisBenchmark.run(context, run);
	}

	/** The jars the run starts, when missing or stale (BENCH_BUILD); the program's own was built by its launcher. */
	private void buildJars(RunContext context) {
		List<String> parts = new ArrayList<>();
		if (this.settings.profile()) {
			parts.add("bench-run");
		}
		for (App app : this.settings.apps()) {
			if (!this.settings.urls().containsKey(app)) {
				parts.add(app.label());
			}
		}
		if (Distance.used(this.settings)) {
			parts.add("latency-proxy");
		}
		if (OpenLoopSteps.wanted(this.settings)) {
			parts.add("open-loop");
		}
		if (parts.isEmpty()) {
			return;
		}
		Path messages = context.raw().resolve("build-steps.log");
		try {
			AppJars.of(BenchRun.class).build(this.settings.build().label(), this.settings.phaseTimeout(),
					context.raw().resolve("build.log"), messages, parts);
		}
		catch (IllegalStateException ex) {
			throw this.log.failure(ex.getMessage());
		}
		finally {
			relay(messages);
		}
	}

	/** The build's own lines, once in the run's log. */
	private void relay(Path messages) {
		try {
			if (Files.exists(messages)) {
				Files.readAllLines(messages).stream().map((line) -> line.replaceFirst("^\\[[^]]*\\] ", ""))
					.forEach(this.log::line);
				Files.delete(messages);
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** The report's table of every variant, on the terminal, and with --quick what a full run adds. */
	private void headline(Path out) {
		List<String> report;
		try {
			report = Files.readAllLines(out.resolve("report.md"));
		}
		catch (IOException ex) {
			return;
		}
		this.out.println();
		boolean inside = false;
		for (String line : report) {
			if (line.startsWith("## ")) {
				inside = line.equals("## Configurations compared");
			}
			if (inside) {
				this.out.println(line);
			}
		}
		this.out.println("Every figure, chart and check: " + out.resolve("report.md"));
		if (this.settings.quick()) {
			this.out.println("This was --quick: " + this.settings.requests() + " requests a phase, one repetition, a"
					+ " warm-up bounded at " + this.settings.warmupSeconds().toSeconds() + " s,\nno profile. A full run"
					+ " (scripts/bench.sh, about an hour) is the published procedure: 150000 requests a phase\nat -c 200,"
					+ " 3 repetitions with their spread, warm-ups until the JIT compiler is quiet, and where the app's"
					+ " CPU\ngoes, flame graphs included. Its figures are the ones to quote.");
		}
		this.out.flush();
	}

	private <T extends AutoCloseable> T opened(T part) {
		this.open.push(part);
		return part;
	}

	/** Stops what the run started, the last first, once: at its end, or from the shutdown hook when stopped. */
	private void close() {
		if (!this.closed.compareAndSet(false, true)) {
			return;
		}
		while (!this.open.isEmpty()) {
			AutoCloseable part = this.open.pop();
			try {
				part.close();
			}
			catch (Exception ex) {
				this.log.line("while stopping: " + ex.getMessage());
			}
		}
	}

	private static void createDirectories(Path dir) {
		try {
			Files.createDirectories(dir);
		}
		catch (IOException ex) {
			throw new Failure("cannot make " + dir + ": " + ex.getMessage());
		}
	}

}
