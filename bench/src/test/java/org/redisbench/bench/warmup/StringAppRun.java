package org.redisbench.bench.warmup;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

import org.redisbench.bench.run.WatchedApp;
import org.redisbench.bench.App;
import org.redisbench.bench.BenchSettings;
import org.redisbench.bench.RedisSetup;
import org.redisbench.bench.run.Curl;
import org.redisbench.bench.run.Placement;
import org.redisbench.bench.run.PlannedVariant;
import org.redisbench.processes.Program;
import org.redisbench.bench.run.RunContext;
import org.redisbench.bench.run.RunLog;
import org.redisbench.bench.run.VariantRun;
import org.redisbench.bench.stores.Node;
import org.redisbench.bench.stores.Topology;
import org.redisbench.model.Layout;
import org.redisbench.processes.AppJars;
import org.redisbench.processes.AppProcess;
import org.redisbench.processes.RedisServer;
import org.redisbench.store.RoundTrips;
import org.redisbench.valueformat.Compression;

/**
 * The string app (its jar, as {@code ./mvnw -pl string-app package} builds it) on a test's own Redis, and a run's
 * parts around it as the runner gives them: its context (the repository's jars, a log kept for the test to read),
 * a repetition's folder, its topology, and where the client reaches the app. Until bench's AppUnderTest runs apps,
 * the app is a processes' {@link AppProcess} and the run reaches it by its URL ({@link VariantRun#reachAt}).
 */
public final class StringAppRun {

	public static final String VARIANT = "string-per-key-none-single";

	private final RedisServer redis;

	private final AppProcess app;

	private final ByteArrayOutputStream log = new ByteArrayOutputStream();

	private StringAppRun(RedisServer redis) {
		this.redis = redis;
		this.app = new AppProcess("string-app",
				// Compiler threads that come and go would take their ticks with them: a round's share could fall
				// under 0.
				List.of("-Xmx256m", "-XX:TieredStopAtLevel=1", "-XX:-UseDynamicNumberOfCompilerThreads", "-jar",
						AppJars.of(StringAppRun.class).jar("string").toString()),
				List.of("--spring.data.redis.host=127.0.0.1", "--spring.data.redis.port=" + redis.port(),
						"--bench.mode=per-key"),
				Map.of());
	}

	/** The app started on {@code redis}, UP. */
	public static StringAppRun start(RedisServer redis) {
		StringAppRun run = new StringAppRun(redis);
		run.app.start();
		return run;
	}

	public AppProcess app() {
		return this.app;
	}

	/** The app as the run watches one it started. */
	public WatchedApp watched() {
		return new WatchedApp(OptionalLong.of(this.app.pid()), this.app::isRunning);
	}

	/** A run's context in {@code folder}: out/, out/raw/, this repository's jars. */
	public RunContext context(Path folder, BenchSettings settings) {
		Path out = folder.resolve("out");
		return new RunContext(settings, Placement.of(settings),
				new RunLog(new PrintStream(this.log, true, StandardCharsets.UTF_8)), out, out.resolve("raw"),
				AppJars.of(StringAppRun.class).repository(), Optional.empty());
	}

	/** The first repetition of the string app's variant on the single Redis the test started, its folder made. */
	public VariantRun variantRun(RunContext context) {
		PlannedVariant variant = new PlannedVariant(App.STRING, RoundTrips.PER_KEY, Compression.NONE,
				Topology.SINGLE, "0", "0", context.settings().concurrencies().get(0), RedisSetup.DEFAULT,
				Layout.STRING_PER_KEY);
		Path dir = context.raw().resolve(VARIANT).resolve("rep1");
		try {
			Files.createDirectories(dir);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		Topology topology = new Topology(Topology.SINGLE, List.of(new Node("127.0.0.1", this.redis.port())), true,
				List.of(this.redis.pid()));
		VariantRun run = new VariantRun(variant, dir, "rep 1/1 variant 1/1 " + VARIANT, topology);
		run.reachAt(this.app.url().toString());
		return run;
	}

	/** FreshIds' reset on the test's Redis: an empty store and the app's ids back at 1. */
	public void freshIds(VariantRun run, String label) {
		this.redis.flushAll();
		Program.Ended reset = new Curl(new Placement(List.of(), List.of(), List.of())).get(run.url() + "/reset",
				run.dir().resolve("reset.txt"), Duration.ofSeconds(10));
		if (!reset.succeeded()) {
			throw new AssertionError(label + ": GET /reset failed: " + reset.errors());
		}
	}

	/** What the run logged so far. */
	public String log() {
		return this.log.toString(StandardCharsets.UTF_8);
	}

	public void stop() {
		this.app.discard();
	}

}
