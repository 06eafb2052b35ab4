package org.redisbench.bench.warmup;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;
import java.util.OptionalLong;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

import org.redisbench.bench.run.WatchedApp;
import org.redisbench.bench.BenchSettings;
import org.redisbench.bench.phases.Ab;
import org.redisbench.bench.run.RunContext;
import org.redisbench.bench.run.VariantRun;
import org.redisbench.benchrun.CompilerState;
import org.redisbench.benchrun.CompilerThreads;
import org.redisbench.benchrun.WarmupRound;
import org.redisbench.tooloutput.ProcStat;

/**
 * {@link WarmUp}'s rounds, given the scrape and the reset to fresh ids they run, and the app they watch.
 * <p>
 * On 2 cores the compiler's two threads compete with 200 busy request threads: a kryo app on /noop alone took about
 * 160,000 requests to stop compiling (0.56 ms of app CPU a request at first, 0.06 ms at the end, ab -k -c 50,
 * 2026-11-25), and for 5-22 s after each round its compiler went on with what the round had queued. Only the ab
 * phases count, because only they are billed in a measured phase: counted over the whole round, the scrapes and the
 * compiling they set off kept the share at 3.7-5.5% through 12 rounds while the measured phases after them compiled
 * 0.007-0.047 ms of a 0.31 ms /add (eeeb279). Each round ends on an empty store and /reset, so warm-up rounds never
 * fill Redis.
 */
final class WarmUpRounds {

	static final List<String> PATHS = List.of("add", "check", "noop");

	private final RunContext context;

	/**
	 * A Prometheus scrape, as a measured phase takes one before and after. The scrape runs through the same
	 * dispatcher, filters and message converters with other types: compiled without it, that shared code is thrown
	 * out at the first scrape and compiled again in the next measured phase (a quiet kryo app's /noop went from 0.004
	 * to 0.041-0.055 ms of compiling a request after one scrape, ab -k -c 200, 2026-11-25).
	 */
	private final Consumer<VariantRun> scrape;

	private final BiConsumer<VariantRun, String> freshIds;

	WarmUpRounds(RunContext context, Consumer<VariantRun> scrape, BiConsumer<VariantRun, String> freshIds) {
		this.context = context;
		this.scrape = scrape;
		this.freshIds = freshIds;
	}

	/**
	 * The rounds of one repetition, into its folder's warmup.txt and warmup&lt;R&gt;-&lt;path&gt;.ab.txt. A warm-up sends
	 * at most --warmup-rounds times -w requests a path, as many as rounds of -w did, but in rounds that double from
	 * -w: the compilations a round leads to did not fall with the requests it sent, so a round's compilations a
	 * request fall faster in long rounds (a string app per key: 3,732 compilations in the first round of 3,000
	 * requests, then 545, 266, 98, 63, 51, 60 and 55 in rounds of 6,000, scripts/bench.sh --quick --warmup-rounds 8
	 * --warmup-compiles 0, 2026-12-06). Between its phases no wait for an idle compiler: what one phase queued is
	 * the next one's, and the compiler's own counts, not its threads' share of the CPU, say when it is done.
	 */
	void run(VariantRun run, WatchedApp app) {
		BenchSettings settings = this.context.settings();
		if (settings.warmup() <= 0) {
			return;
		}
		Path warmupTxt = run.dir().resolve("warmup.txt");
		write(warmupTxt, "", StandardOpenOption.TRUNCATE_EXISTING);
		long started = System.nanoTime();
		OptionalLong pid = app.pid();
		WarmupRound.Limits limits = new WarmupRound.Limits(settings.warmupCompiles().doubleValue(),
				settings.warmupJitShare().doubleValue(), settings.warmupSeconds().toSeconds());
		CompilerState before = compiler(pid);
		long budget = (long) settings.warmupRounds() * settings.warmup();
		long sent = 0;
		for (int round = 1; sent < budget; round++) {
			int requests = (int) Math.min(budget - sent, (long) settings.warmup() << Math.min(round - 1, 30));
			sent += requests;
			long appTicks = 0;
			long jitTicks = 0;
			for (String path : PATHS) {
				if (!app.isAlive()) {
					return;
				}
				this.scrape.accept(run);
				long appBefore = pid.isPresent() ? processTicks(pid.getAsLong()) : 0;
				long jitBefore = pid.isPresent() ? CompilerThreads.ticks(pid.getAsLong()) : 0;
				Ab.run(this.context, run, run.dir().resolve("warmup" + round + "-" + path + ".ab.txt"), requests,
						"/" + path, run.label() + " warm-up round " + round + " " + path);
				if (pid.isPresent() && app.isAlive()) {
					appTicks += processTicks(pid.getAsLong()) - appBefore;
					jitTicks += CompilerThreads.ticks(pid.getAsLong()) - jitBefore;
				}
				this.scrape.accept(run);
			}
			this.freshIds.accept(run, run.label());
			if (pid.isPresent() && !app.isAlive()) {
				return;
			}
			// The round's verdict is bench-run's WarmupRound, the rule the report explains: one place for both. It
			// reads the app's compiler (compilations finished and pending) through the JDK's jstat and jcmd readers,
			// whose packages the launcher's manifest exports.
			CompilerState after = compiler(pid);
			WarmupRound verdict = new WarmupRound(round, (long) requests * PATHS.size(),
					pid.isPresent() ? appTicks : null, jitTicks,
					before == null || after == null ? null : after.compiled() - before.compiled(),
					Duration.ofNanos(System.nanoTime() - started).toSeconds(), after);
			WarmupRound.Ending ending = verdict.ending(limits, sent == budget);
			String line = verdict.line(ending);
			write(warmupTxt, line + "\n", StandardOpenOption.APPEND);
			this.context.log().line(run.label() + ": warm-up " + line);
			if (ending != null) {
				return;
			}
			before = after;
		}
	}

	private static CompilerState compiler(OptionalLong pid) {
		return pid.isPresent() ? CompilerState.of(pid.getAsLong()).orElse(null) : null;
	}

	/** The CPU clock ticks of the process so far; 0 for one that is gone, as bash's read of an empty stat gave. */
	private static long processTicks(long pid) {
		return ProcStat.read(pid).map(ProcStat::cpuTicks).orElse(0L);
	}

	private static void write(Path file, String text, StandardOpenOption how) {
		try {
			Files.writeString(file, text, StandardOpenOption.CREATE, how, StandardOpenOption.WRITE);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot write " + file, ex);
		}
	}

}
