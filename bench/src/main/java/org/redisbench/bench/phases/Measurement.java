package org.redisbench.bench.phases;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.OptionalLong;

import org.redisbench.bench.run.RawFiles;
import org.redisbench.bench.run.WatchedApp;
import org.redisbench.bench.run.Curl;
import org.redisbench.processes.Program;
import org.redisbench.bench.run.RunContext;
import org.redisbench.bench.run.VariantRun;
import org.redisbench.bench.stores.StoreSnapshots;
import org.redisbench.benchrun.CompilerThreads;

/**
 * One measured ab phase on /PHASE ({@code noop}, {@code add}, {@code check}), sampled over time ({@link Sampling}),
 * between snapshots of the store, the app's process and its metrics: {@code PHASE.before.*}, {@code PHASE.ab.txt},
 * {@code PHASE.after.*} in the repetition's folder. The app's CPU is read last before ab and first after it, once its
 * compiler has finished what came before: the scrape is a request of its own, and what it makes hot would be
 * compiled on the phase's bill.
 */
public final class Measurement {

	private static final Duration SCRAPE_TIMEOUT = Duration.ofSeconds(10);

	private final RunContext context;

	private final StoreSnapshots snapshots;

	private final Sampling sampling;

	private final Curl curl;

	public Measurement(RunContext context, StoreSnapshots snapshots, Sampling sampling) {
		this.context = context;
		this.snapshots = snapshots;
		this.sampling = sampling;
		this.curl = new Curl(context.placement());
	}

	/**
	 * The phase; false when it was skipped (the app had exited: {@code PHASE.skipped} says so) or ab failed.
	 */
	public boolean phase(VariantRun run, String phase, int requests, String label) {
		Path dir = run.dir();
		if (!run.appAlive()) {
			skipped(dir, phase, label);
			return false;
		}
		Path before = dir.resolve(phase + ".before");
		Path after = dir.resolve(phase + ".after");
		this.snapshots.take(run.topology(), run.variant().layout(), before);
		metrics(run, before);
		WatchedApp.of(run).settle(this.context, label);
		app(run, before);
		this.sampling.start(run, dir.resolve(phase));
		int status = Ab.run(this.context, run, dir.resolve(phase + ".ab.txt"), requests, "/" + phase, label);
		this.sampling.stop(dir.resolve(phase));
		app(run, after);
		this.snapshots.settleEvictions(run.topology(), label);
		this.snapshots.take(run.topology(), run.variant().layout(), after);
		metrics(run, after);
		return status == 0;
	}

	/** A phase not measured since the app had exited: {@code PHASE.skipped} and the log say so. */
	public void skipped(Path dir, String phase, String label) {
		this.context.log().line(label + ": skipped: the app exited; see " + dir.resolve("app.log"));
		RawFiles.write(dir.resolve(phase + ".skipped"), "skipped: the app had exited\n");
	}

	/** The app's Prometheus metrics into {@code PREFIX.prometheus.txt}; empty, and said in the log, when it fails. */
	public void metrics(VariantRun run, Path prefix) {
		metrics(run.url(), prefix);
	}

	/**
	 * The metrics of the app at {@code url}. Only the time split between codec and Redis depends on them: a failed
	 * scrape costs that, not the run.
	 */
	public void metrics(String url, Path prefix) {
		Path into = RawFiles.named(prefix, ".prometheus.txt");
		String metrics = url + "/actuator/prometheus";
		Program.Ended scrape = this.curl.get(metrics, into, SCRAPE_TIMEOUT);
		if (!scrape.succeeded()) {
			RawFiles.write(into, "");
			String error = scrape.errors().strip();
			this.context.log().line(prefix.getFileName() + ": GET " + metrics + " failed: "
					+ (error.isEmpty() ? "no answer" : error));
		}
	}

	/**
	 * A scrape of the app's metrics, thrown away, as a measured phase takes one before and after (warm-up). The
	 * scrape runs through the same dispatcher, filters and message converters with other types: compiled without
	 * it, that shared code is thrown out at the first scrape and compiled again in the next measured phase.
	 */
	public void scrape(VariantRun run) {
		scrape(run.url());
	}

	/** The same of the app at {@code url}; whether it answered. */
	public boolean scrape(String url) {
		return this.curl.get(url + "/actuator/prometheus", Path.of("/dev/null"), SCRAPE_TIMEOUT).succeeded();
	}

	/**
	 * The app's process, for an app the run started: {@code PREFIX.proc-stat.txt}, {@code .proc-status.txt} and
	 * its compiler threads' {@code .proc-jit.txt}.
	 */
	public void app(VariantRun run, Path prefix) {
		OptionalLong pid = run.appPid();
		if (pid.isPresent()) {
			app(pid.getAsLong(), prefix);
		}
	}

	/** The process {@code pid}'s files; empty ones for a process that is gone, as bash's {@code cat} left them. */
	public static void app(long pid, Path prefix) {
		Path proc = Path.of("/proc", Long.toString(pid));
		RawFiles.write(RawFiles.named(prefix, ".proc-stat.txt"), readOrEmpty(proc.resolve("stat")));
		RawFiles.write(RawFiles.named(prefix, ".proc-status.txt"), readOrEmpty(proc.resolve("status")));
		RawFiles.write(RawFiles.named(prefix, ".proc-jit.txt"), CompilerThreads.statLines(pid));
	}

	private static String readOrEmpty(Path file) {
		try {
			return Files.readString(file);
		}
		catch (IOException gone) {
			return "";
		}
	}

}
