package org.redisbench.bench.warmup;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalLong;

import org.redisbench.bench.run.RawFiles;
import org.redisbench.bench.run.WatchedApp;
import org.redisbench.bench.BenchSettings;
import org.redisbench.bench.phases.Ab;
import org.redisbench.bench.run.RunContext;
import org.redisbench.bench.run.VariantRun;

/**
 * Where a variant's app CPU goes: after the measured phases of its first repetition, each profiled phase runs twice
 * more, as it is and under async-profiler (loaded with jcmd JVMTI.agent_load; the native library the bench-run
 * build unpacks), into {@code profiles/<variant>/}: {@code <phase>.collapsed}, {@code .html}, {@code .event}, and
 * for both runs {@code .ab.txt} and {@code .before|after.proc-stat.txt}. Off with --no-profile, for an app the run
 * did not start, and on a platform the build ships no library for.
 * <p>
 * Profiling changes none of the measured figures and its own cost is measured side by side: the report gives each
 * share in ms of the unprofiled run's app CPU a request. /noop shows what a request costs without the codec and
 * Redis (the connection's part above all), and costs a fraction of the other two.
 */
public final class Profiling {

	private final RunContext context;

	private final Optional<AsyncProfiler> profiler;

	/** Finds the profiler's library for this machine; a {@code Failure} when the build did not unpack it. */
	public Profiling(RunContext context) {
		this(context, System.getProperty("os.name"), System.getProperty("os.arch"));
	}

	Profiling(RunContext context, String osName, String osArch) {
		this.context = context;
		this.profiler = context.settings().profile() ? find(context, osName, osArch) : Optional.empty();
	}

	private static Optional<AsyncProfiler> find(RunContext context, String osName, String osArch) {
		Optional<String> platform = AsyncProfiler.platform(osName, osArch);
		if (platform.isEmpty()) {
			context.log().line("no async-profiler for " + osName + " " + osArch + ": profiles skipped");
			return Optional.empty();
		}
		Path library = AsyncProfiler.find(context.repository(), platform.get())
			.orElseThrow(() -> context.log().failure("async-profiler's library is missing under bench-run/target/:"
					+ " build with ./mvnw -pl bench-run package"));
		return Optional.of(new AsyncProfiler(context.placement(), library));
	}

	/** Whether profiles are taken (--profile, and a library for this platform). */
	public boolean on() {
		return this.profiler.isPresent();
	}

	/** The profiler's version, as settings.env records it. */
	public String version() {
		return this.profiler.orElseThrow(() -> new IllegalStateException("profiles are off")).version();
	}

	/** The variant's profiles; {@code run} is its first repetition. */
	public void profile(VariantRun run) {
		profile(run, WatchedApp.of(run));
	}

	/** The profiles of {@code app}, reached as {@code run} reaches it. */
	void profile(VariantRun run, WatchedApp app) {
		OptionalLong pid = app.pid();
		if (this.profiler.isEmpty() || pid.isEmpty()) {
			return;
		}
		AsyncProfiler profiler = this.profiler.get();
		BenchSettings settings = this.context.settings();
		String label = run.label();
		// The app's JVM writes the profiles: a relative path would be relative to the app's working folder.
		Path into = this.context.out().toAbsolutePath().resolve("profiles").resolve(run.dir().getParent().getFileName());
		createDirectories(into);
		for (String phase : settings.profilePhases()) {
			if (!app.isAlive()) {
				return;
			}
			Path prefix = into.resolve(phase);
			app.settle(this.context, label + " unprofiled " + phase);
			profiledRun(run, pid.getAsLong(), RawFiles.named(prefix, ".unprofiled"), phase, label + " unprofiled " + phase);
			if (!app.isAlive()) {
				return;
			}
			app.settle(this.context, label + " profiled " + phase);
			String event = settings.profileEvent();
			if (!profiler.send(pid.getAsLong(), start(event))) {
				event = "itimer";
				if (!profiler.send(pid.getAsLong(), start(event))) {
					this.context.log().line(label + ": async-profiler did not start; see the app's log");
					return;
				}
				this.context.log().line(label + ": perf_events refused, profiled with itimer");
			}
			RawFiles.write(RawFiles.named(prefix, ".event"), event + "\n");
			profiledRun(run, pid.getAsLong(), prefix, phase, label + " profiled " + phase);
			if (!profiler.send(pid.getAsLong(), "dump,flamegraph,file=" + RawFiles.named(prefix, ".html"))) {
				this.context.log().line(label + ": no flame graph for " + phase);
			}
			if (!profiler.send(pid.getAsLong(), "stop,collapsed,file=" + RawFiles.named(prefix, ".collapsed"))) {
				this.context.log().line(label + ": no stacks for " + phase);
			}
		}
	}

	private String start(String event) {
		return "start,event=" + event + ",interval=" + this.context.settings().profileInterval();
	}

	/** One ab run of /PHASE with the app's CPU time around it, into PREFIX.*. */
	private void profiledRun(VariantRun run, long pid, Path prefix, String phase, String label) {
		Path stat = Path.of("/proc", String.valueOf(pid), "stat");
		copy(stat, RawFiles.named(prefix, ".before.proc-stat.txt"));
		Ab.run(this.context, run, RawFiles.named(prefix, ".ab.txt"), this.context.settings().profileRequests(), "/" + phase,
				label);
		copy(stat, RawFiles.named(prefix, ".after.proc-stat.txt"));
	}

	/** The app's /proc stat now; an empty file once the app is gone, as bash's {@code cat >FILE} left it. */
	private static void copy(Path stat, Path into) {
		String text;
		try {
			text = Files.readString(stat);
		}
		catch (IOException gone) {
			text = "";
		}
		RawFiles.write(into, text);
	}

	private static void createDirectories(Path folder) {
		try {
			Files.createDirectories(folder);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot create " + folder, ex);
		}
	}

}
