package org.redisbench.fill;

import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongFunction;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.redisbench.commandline.CommandLog;
import org.redisbench.commandline.Failure;
import org.redisbench.model.Batch;
import org.redisbench.processes.AppJars;
import org.redisbench.processes.AppProcess;

/**
 * A fill read back and verified by the codec's app, with its own decoder: every person through {@code /check} (a
 * batch of persons a request, in order from {@code /reset}), or persons drawn at random through
 * {@code /checksingle/ID}. A person is intact when the app answers 200.
 */
final class AppCheck {

	/** Requests in flight at once. */
	private static final int CONCURRENCY = 4;

	private static final Duration REQUEST = Duration.ofSeconds(30);

	private static final Duration BUILD = Duration.ofMinutes(30);

	private final FillOptions fill;

	private final CodecApp app;

	private final CommandLog progress;

	private final PrintWriter out;

	private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

	AppCheck(FillOptions fill, CommandLog progress, PrintWriter out) {
		this.fill = fill;
		this.app = CodecApp.of(fill.codec()).orElseThrow();
		this.progress = progress;
		this.out = out;
	}

	/** Every person, read and verified by {@code /check}. */
	void all() throws IOException, InterruptedException {
		long requests = this.fill.persons() / Batch.SIZE;
		Path work = Files.createTempDirectory("fill-verify.");
		try (AppProcess own = start(work)) {
			if (get(own.url().resolve("/reset")) != 200) {
				throw new Failure("cannot verify: /reset of the " + this.app.id() + " app failed");
			}
			this.progress.say("verifying " + this.fill.persons() + " persons: " + requests + " requests to "
					+ own.url().resolve("/check") + ", " + CONCURRENCY + " at a time");
			Map<Integer, Long> codes = answers(requests, (each) -> own.url().resolve("/check"));
			if (codes.equals(Map.of(200, requests))) {
				this.out.println("verified: all " + this.fill.persons() + " persons read and intact through the "
						+ this.app.id() + " app's /check (" + requests + " requests, 0 failed)");
				delete(work);
			}
			else {
				throw new Failure("verification failed: /check of " + requests + " batches answered " + text(codes)
						+ "; see " + own.log());
			}
		}
	}

	/** {@code count} persons drawn uniformly at random from the fill, each read and verified by /checksingle. */
	void sample(long count) throws IOException, InterruptedException {
		Path work = Files.createTempDirectory("fill-verify.");
		List<Long> ids = ThreadLocalRandom.current().longs(1, this.fill.persons() + 1).distinct().limit(count).boxed()
			.toList();
		try (AppProcess own = start(work)) {
			this.progress.say("verifying " + count + " persons drawn at random from 1.." + this.fill.persons() + ": "
					+ own.url().resolve("/checksingle/") + "ID, " + CONCURRENCY + " at a time");
			long start = System.nanoTime();
			Map<Integer, Long> codes = answers(count, (each) -> own.url().resolve("/checksingle/" + ids.get((int) each)));
			if (codes.equals(Map.of(200, count))) {
				this.out.println("verified: " + count + " persons drawn at random from 1.." + this.fill.persons()
						+ ", every one 200 from the " + this.app.id() + " app's /checksingle ("
						+ Math.round((System.nanoTime() - start) / 1e9) + " s)");
				delete(work);
			}
			else {
				throw new Failure("verification failed: /checksingle of " + count + " random persons answered "
						+ text(codes) + "; see " + own.log());
			}
		}
	}

	/**
	 * The codec's app on a free port against the fill's Redis, with its layout and compression, built first when its
	 * jar is stale ({@link AppJars}); its log in {@code work}.
	 */
	private AppProcess start(Path work) {
		AppJars jars = AppJars.of(AppCheck.class);
		try {
			jars.build("auto", BUILD, work.resolve("maven.log"), work.resolve("build.log"), List.of(this.app.id()));
		}
		catch (IllegalStateException ex) {
			throw new Failure("cannot verify: " + ex.getMessage(), ex);
		}
		Map<String, String> handedOver = (this.fill.reach().password() != null)
				? Map.of("SPRING_DATA_REDIS_PASSWORD", this.fill.reach().password()) : Map.of();
		AppProcess app = new AppProcess(this.app.id() + "-app",
				List.of("-Xms512m", "-Xmx512m", "-jar", jars.jar(this.app.id()).toString()),
				List.of("--spring.data.redis.host=127.0.0.1", "--spring.data.redis.port=" + this.fill.reach().port(),
						"--bench.layout=" + this.fill.layout().label(),
						"--bench.compression=" + this.fill.compression().label()),
				handedOver);
		try {
			app.start();
		}
		catch (IllegalStateException ex) {
			app.close();
			throw new Failure("cannot verify: the " + this.app.id() + " app did not come UP: " + ex.getMessage(), ex);
		}
		return app;
	}

	/** The status codes of {@code requests} GETs, {@link #CONCURRENCY} at a time; 0 for no answer. */
	private Map<Integer, Long> answers(long requests, LongFunction<URI> url) throws InterruptedException {
		AtomicLong next = new AtomicLong();
		ExecutorService pool = Executors.newFixedThreadPool(CONCURRENCY);
		try {
			List<Future<Map<Integer, Long>>> workers = new ArrayList<>();
			for (int i = 0; i < CONCURRENCY; i++) {
				workers.add(pool.submit(() -> {
					Map<Integer, Long> codes = new TreeMap<>();
					for (long each = next.getAndIncrement(); each < requests; each = next.getAndIncrement()) {
						codes.merge(get(url.apply(each)), 1L, Long::sum);
					}
					return codes;
				}));
			}
			Map<Integer, Long> codes = new TreeMap<>();
			for (Future<Map<Integer, Long>> worker : workers) {
				worker.get().forEach((code, count) -> codes.merge(code, count, Long::sum));
			}
			return codes;
		}
		catch (ExecutionException ex) {
			throw new Failure("verification failed: " + ex.getCause().getMessage(), ex.getCause());
		}
		finally {
			pool.shutdownNow();
		}
	}

	private int get(URI url) throws InterruptedException {
		try {
			return this.http.send(HttpRequest.newBuilder(url).timeout(REQUEST).build(),
					HttpResponse.BodyHandlers.discarding()).statusCode();
		}
		catch (IOException ex) {
			return 0;
		}
	}

	private static String text(Map<Integer, Long> codes) {
		return codes.entrySet().stream().map((code) -> code.getValue() + " x " + code.getKey())
			.collect(Collectors.joining(", "));
	}

	private static void delete(Path work) throws IOException {
		try (Stream<Path> files = Files.walk(work)) {
			files.sorted((a, b) -> b.getNameCount() - a.getNameCount()).forEach((file) -> file.toFile().delete());
		}
	}

}
