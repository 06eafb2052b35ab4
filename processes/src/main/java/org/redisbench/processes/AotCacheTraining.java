package org.redisbench.processes;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One training run of an app's AOT cache (JDK 25 on: JEP 483's loaded and linked classes, JEP 515's method profiles,
 * written in one step at exit, JEP 514): the extracted jar started with {@code -XX:AOTCacheOutput} against a
 * redis-server of its own, loaded with the requests a run sends ({@link TrainingLoad}), then stopped as a run stops
 * an app ({@code SIGTERM}). At its exit the JVM forks another that assembles the cache from what it recorded.
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

	private static final Duration KILL_WAIT = Duration.ofSeconds(10);

	private static final Duration POLL = Duration.ofMillis(250);

	private AotCacheTraining() {
	}

	/**
	 * Trains the cache into {@code staged}, the app's output appended to {@code log}; whether it was written whole.
	 *
	 * @param java the java command and the JVM options the app will run with: a cache maps only into a JVM whose
	 * object and class pointers are compressed as the training's were
	 * @param extracted the app's extracted jar, the class path the cache is for
	 */
	static boolean train(List<String> java, Path extracted, Path staged, Path log) throws IOException {
		try (RedisServer redis = new RedisServer()) {
			redis.start();
			int port = FreePorts.next();
			List<String> command = new ArrayList<>(java);
			// Thousands of warnings for classes it leaves out (Spring's proxies, classes generated at run time):
			// only errors say why a cache was not written.
			command.addAll(List.of("-XX:AOTCacheOutput=" + staged, "-Xlog:aot=error", "-jar", extracted.toString(),
					"--server.port=" + port, "--server.address=127.0.0.1", "--spring.data.redis.host=127.0.0.1",
					"--spring.data.redis.port=" + redis.port()));
			ChildProcess app = ChildProcess.start(log.getParent(), command, log, Map.of());
			boolean loaded = false;
			try {
				URI url = URI.create("http://127.0.0.1:" + port);
				loaded = awaitUp(app, url, port) && load(url, log);
			}
			finally {
				if (!loaded) {
					// No cache of a start that failed, nor of error paths.
					app.kill(KILL_WAIT);
				}
			}
			if (!loaded) {
				return false;
			}
			// A SIGKILL after the bound may leave a file that is no cache, and the recorded configuration the JVM
			// removes once the cache is written: its last word says whether it was.
			app.stop(ASSEMBLY_TIMEOUT);
			Files.deleteIfExists(Path.of(staged + ".config"));
			return Files.isRegularFile(staged) && Files.readString(log).contains(COMPLETE + staged);
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
					StandardOpenOption.APPEND);
			return false;
		}
	}

	/** Whether it answers UP on {@code port} as the process holding it, before it exits or the bound. */
	private static boolean awaitUp(ChildProcess app, URI url, int port) {
		HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
		HttpRequest health = HttpRequest.newBuilder(url.resolve("/actuator/health")).timeout(Duration.ofSeconds(2))
			.build();
		long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
		while (app.isAlive() && System.nanoTime() < deadline) {
			try {
				if (http.send(health, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
					return ListeningSocket.heldBy(app.pid(), port);
				}
			}
			catch (IOException notYet) {
				// Nothing listens yet.
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				return false;
			}
			Waits.sleep(POLL.toMillis());
		}
		return false;
	}

}
