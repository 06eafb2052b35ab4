package org.redisbench.bench.openloop;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.redisbench.bench.BenchSettings;
import org.redisbench.bench.run.FreshIds;
import org.redisbench.bench.run.RunContext;
import org.redisbench.bench.run.VariantRun;
import org.redisbench.bench.stores.Stores;
import org.redisbench.bench.run.WatchedApp;

/**
 * Open-loop load after a variant's ab phases, on the app they warmed up (--rates, --slo): each step runs the open-loop
 * generator (module open-loop, a process of its own so that its CPU is accounted apart) on an empty store and fresh
 * ids, the compiler idle, into {@code open-loop/<name>.env} (and its .hgrm and .log); --slo's search picks each next
 * rate with open-loop-rules' {@code SloSearch} and writes {@code slo<N>.env}. Also raw/env/open-loop.env.
 * <p>
 * ab's clients each wait for an answer before they send again, so a stall holds back the requests that would have
 * queued behind it and its percentiles never see them (coordinated omission). Here requests arrive at a fixed rate
 * whatever the app does (Gatling's open injection, each request timed from its intended send time into an
 * HdrHistogram). --redis-stall pauses the Redis the run started once a second during each step, as during ab's /add.
 * docs/open-loop.md tells more.
 */
public final class OpenLoopSteps {

	private final RunContext context;

	private final StepRunner steps;

	public OpenLoopSteps(RunContext context, Stores stores, FreshIds freshIds) {
		this.context = context;
		this.steps = new StepRunner(context, freshIds::reset, stores::stall, stores::watchLatency);
	}

	/** The app's safepoints, in its repetition's folder, when the run has open-loop steps. */
	static final String SAFEPOINTS = "app-safepoints.log";

	/** Whether the run has open-loop steps at all (its jar is then built). */
	public static boolean wanted(BenchSettings settings) {
		return !settings.rates().isEmpty() || settings.slo().isPresent();
	}

	/**
	 * The app's JVM options the steps need, none without steps: its safepoints into {@code DIR/app-safepoints.log},
	 * each line stamped with the epoch's ms when it ends, so that a step can tell which of its requests waited
	 * through one. The file is not rotated (a safepoint a line, about 250 bytes); the quotes let the path hold a colon.
	 */
	public static List<String> appJavaOptions(BenchSettings settings, Path dir) {
		if (!wanted(settings)) {
			return List.of();
		}
		return List.of("-Xlog:safepoint:file=\"" + dir.resolve(SAFEPOINTS).toAbsolutePath() + "\":timemillis:filecount=0");
	}

	/** raw/env/open-loop.env: the open-loop settings. */
	public void record() {
		record(this.context);
	}

	/** The run's open-loop settings as bash wrote them (run-results' OpenLoopRuns reads them). */
	static void record(RunContext context) {
		BenchSettings settings = context.settings();
		Path file = context.raw().resolve("env/open-loop.env");
		String text = String.join("\n", "# scripts/bench.sh open-loop settings",
				"rates=" + String.join(",", settings.rates()), "slo=" + settings.slo().orElse(""),
				"step_seconds=" + settings.stepSeconds().toSeconds(),
				"step_lead_in_seconds=" + settings.stepLeadIn().toSeconds(), "slo_start=" + settings.sloStart(),
				"slo_precision_percent=" + settings.sloPrecision(), "slo_max=" + settings.sloMax(),
				"slo_searches=" + settings.sloSearches(), "path=/" + settings.openLoopPath(),
				"java_opts=" + String.join(" ", settings.openLoopJavaOptions()),
				"redis_stall_ms=" + settings.redisStall().toMillis()) + "\n";
		try {
			Files.createDirectories(file.getParent());
			Files.writeString(file, text);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot write " + file, ex);
		}
	}

	/**
	 * The steps of one repetition.
	 *
	 * @param proxyPids the variant's latency proxies now running, accounted as {@code proxy}
	 */
	public void run(VariantRun run, List<Long> proxyPids) {
		this.steps.run(run, WatchedApp.of(run), proxyPids);
	}

}
