package org.redisbench.fill;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.redisbench.commandline.Failure;
import org.redisbench.ownredis.ChildProcesses;
import org.redisbench.ownredis.OwnRedisServer;

/**
 * The codec's app, started from its jar (built first when stale) on a free port of 127.0.0.1 against a Redis on
 * 127.0.0.1, waited for until its health answers, stopped by its process.
 * <p>
 * SEAM: stands in for module {@code processes}' app process (scripts/lib/app.sh's app_start today); the build is
 * scripts/lib/apps.sh's build_jars, run through bash, so that the jar's staleness has one definition. Once
 * {@code processes} starts apps, this class goes.
 */
final class OwnApp implements AutoCloseable {

	private static final Duration START = Duration.ofSeconds(120);

	private static final Duration STOP = Duration.ofSeconds(30);

	private static final Duration BUILD = Duration.ofMinutes(30);

	private final Process process;

	private final URI url;

	private OwnApp(Process process, URI url) {
		this.process = process;
		this.url = url;
	}

	/** The app on {@code redisPort}, with the fill's layout and compression, its log at {@code log}. */
	static OwnApp start(CodecApp app, FillOptions fill, Path log, HttpClient http) {
		ProcessBuilder build = ChildProcesses.builder(List.of("bash", "-c",
				"source scripts/lib/common.sh && source scripts/lib/apps.sh && build_jars auto 1800 \"$1\" \"$2\"",
				"build", log.resolveSibling("build.log").toString(), app.id()))
			.redirectErrorStream(true)
			.redirectOutput(log.resolveSibling("build.out").toFile());
		if (ChildProcesses.run(build, BUILD) != 0) {
			throw new Failure("cannot verify: the " + app.id() + " app's jar did not build; see "
					+ log.resolveSibling("build.log"));
		}
		int port = OwnRedisServer.freePort(app.firstPort());
		List<String> command = new ArrayList<>(List.of("java", "-Xms512m", "-Xmx512m", "-jar", app.jar().toString(),
				"--server.port=" + port, "--server.address=127.0.0.1", "--spring.data.redis.host=127.0.0.1",
				"--spring.data.redis.port=" + fill.reach().port(), "--bench.layout=" + fill.layout().label(),
				"--bench.compression=" + fill.compression().label()));
		ProcessBuilder builder = ChildProcesses.builder(command).redirectErrorStream(true).redirectOutput(log.toFile());
		// The Redis's password, for a Redis that has one, in the environment, which only this user can read.
		if (fill.reach().password() != null) {
			builder.environment().put("SPRING_DATA_REDIS_PASSWORD", fill.reach().password());
		}
		Process process;
		try {
			process = builder.start();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		OwnApp started = new OwnApp(process, URI.create("http://127.0.0.1:" + port));
		started.awaitHealth(http, app, log);
		return started;
	}

	private void awaitHealth(HttpClient http, CodecApp app, Path log) {
		long deadline = System.nanoTime() + START.toNanos();
		while (this.process.isAlive() && System.nanoTime() < deadline) {
			try {
				HttpResponse<Void> health = http.send(HttpRequest.newBuilder(this.url.resolve("/actuator/health"))
					.timeout(Duration.ofSeconds(2))
					.build(), HttpResponse.BodyHandlers.discarding());
				if (health.statusCode() == 200) {
					return;
				}
			}
			catch (IOException ex) {
				// Not listening yet.
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				break;
			}
			try {
				Thread.sleep(500);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				break;
			}
		}
		close();
		throw new Failure("cannot verify: the " + app.id() + " app did not come UP within " + START.toSeconds()
				+ " s; see " + log);
	}

	URI url(String path) {
		return this.url.resolve(path);
	}

	@Override
	public void close() {
		ChildProcesses.stop(this.process, STOP);
	}

}
