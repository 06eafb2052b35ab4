package org.redisbench.processes;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One training run of an app's AOT cache (JDK 25 on: JEP 483's loaded and linked classes, JEP 515's method profiles,
 * written in one step at exit, JEP 514): the extracted jar started as every app of ours ({@link AppProcess}) with
 * {@code -XX:AOTCacheOutput} against a redis-server of its own, loaded with the requests a run sends
 * ({@link TrainingLoad}), then stopped as a run stops an app ({@code SIGTERM}). At its exit the JVM forks another
 * that assembles the cache from what it recorded.
 */
final class AotCacheTraining {

	/**
	 * Requests a training sends each endpoint: a few thousand. Each /add and /check handles 100 persons, so the codec
	 * runs hundreds of thousands of times, past C2's thresholds (10,000 calls or loops), and the request path often
	 * enough for its profile. A whole training took 35 to 60 s an app, start included (bench run of 2026-12-06,
	 * Temurin 25.0.3, load average 8 to 14 on 2 cores).
	 */
	static final int REQUESTS = 3000;

	/** Clients sending at once: more than one, so that the app's threads and locks are those of a run. */
	static final int CLIENTS = 4;

	/** A cold start until UP, on a loaded 2-core machine, with time to spare (the dynamic archive's bound). */
	private static final Duration START_TIMEOUT = Duration.ofSeconds(180);

	/**
	 * From SIGTERM to the cache written: the JVM stops the app, then a second JVM assembles the cache. On a loaded
	 * 2-core machine that took 14 s for the string app (2026-12-06, Temurin 25.0.3, load average 9): minutes spare.
	 */
	private static final Duration ASSEMBLY_TIMEOUT = Duration.ofMinutes(5);

	/** What the JVM prints once the cache is written; a killed assembly may leave a file that is no cache. */
	private static final String COMPLETE = "AOTCache creation is complete: ";

	private AotCacheTraining() {
	}

	/**
	 * Trains the cache into {@code staged}, the app's output appended to {@code log}; whether it was written whole.
	 *
	 * @param java the app's java: a cache maps only into a JVM whose object and class pointers are compressed as the
	 * training's were, so the training runs with the app's JVM options
	 * @param extracted the app's extracted jar, the class path the cache is for
	 */
	static boolean train(AppJava java, Path extracted, Path staged, Path log) throws IOException {
		List<String> launch = new ArrayList<>(java.options());
		// Thousands of warnings for classes it leaves out (Spring's proxies, classes generated at run time): only
		// errors say why a cache was not written.
		launch.addAll(List.of("-XX:AOTCacheOutput=" + staged, "-Xlog:aot=error", "-jar", extracted.toString()));
		try (RedisServer redis = new RedisServer();
				AppProcess app = new AppProcess("aot-training", Path.of(java.command()), launch,
						List.of("--spring.data.redis.host=127.0.0.1", "--spring.data.redis.port=" + redis.port()),
						Map.of(), START_TIMEOUT)) {
			redis.start();
			try {
				boolean loaded = started(app, log) && load(app.url(), log);
				if (!loaded) {
					// No cache of a start that failed, nor of error paths.
					app.kill();
					return false;
				}
				// A SIGKILL after the bound may leave a file that is no cache, and the recorded configuration the
				// JVM removes once the cache is written: its last word says whether it was.
				app.stop(ASSEMBLY_TIMEOUT);
			}
			finally {
				if (app.directory() != null) {
					Files.write(log, Files.readAllBytes(app.log()), StandardOpenOption.CREATE, StandardOpenOption.APPEND);
				}
			}
			Files.deleteIfExists(Path.of(staged + ".config"));
			return Files.isRegularFile(staged) && Files.readString(log).contains(COMPLETE + staged);
		}
	}

	/** Whether it answered UP as the process started; when not, why, in the log. */
	private static boolean started(AppProcess app, Path log) throws IOException {
		try {
			app.start();
			return true;
		}
		catch (IllegalStateException | UncheckedIOException failed) {
			Files.writeString(log, "the training's app did not start: " + failed.getMessage() + "\n",
					StandardOpenOption.CREATE, StandardOpenOption.APPEND);
			return false;
		}
	}

	/** Whether the app answered every request of the load; when not, why, in the log. */
	private static boolean load(URI url, Path log) throws IOException {
		try {
			new TrainingLoad(url, REQUESTS, CLIENTS).send();
			return true;
		}
		catch (IllegalStateException | UncheckedIOException failed) {
			Files.writeString(log, "the training's requests failed: " + failed.getMessage() + "\n",
					StandardOpenOption.CREATE, StandardOpenOption.APPEND);
			return false;
		}
	}

}
