package org.redisbench.faults;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.redisbench.commandline.Failure;
import org.redisbench.faults.FaultSettings.PauseMode;
import org.redisbench.model.Batch;
import org.redisbench.processes.AppJars;
import org.redisbench.processes.AppProcess;
import org.redisbench.processes.LatencyProxyProcess;
import org.redisbench.processes.RedisServer;
import org.redisbench.tooloutput.RedisInfo;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.args.ClientPauseMode;

/**
 * One app through every scenario, on a Redis of its own: a private redis-server whose append-only file is synced on
 * every write, so that what a 200 claimed survives a SIGKILL and can be read back; the latency proxy in front of it
 * when asked, up while Redis is killed and restarted behind it; the app against either. Each scenario loads the app,
 * plays its fault, reads back through the app's {@code /check} every batch a 200 claimed, and records its verdict
 * ({@link Results}). The processes' logs are copied into the output folder before they are stopped.
 */
final class FaultRun implements AutoCloseable {

	private static final int WARM_UP_ROUNDS = 20;

	/** How often the full scenario looks whether Redis has refused for OOM yet. */
	private static final long FULL_POLL_MILLIS = 200;

	private final String app;

	private final FaultSettings settings;

	private final Path work;

	private final PrintWriter out;

	private final RedisServer redis;

	private LatencyProxyProcess proxy;

	private AppProcess appProcess;

	private AppClient client;

	private boolean closed;

	private FaultRun(String app, FaultSettings settings, Path work, PrintWriter out) {
		this.app = app;
		this.settings = settings;
		this.work = work;
		this.out = out;
		// Every confirmed write must survive a SIGKILL, so what a 200 claimed can be checked after: with everysec,
		// Redis may reply before its write reaches the file and lose the last second.
		String[] durable = { "--appendonly", "yes", "--appendfsync", "always" };
		this.redis = (settings.password() == null) ? new RedisServer(durable)
				: RedisServer.withGivenPassword(settings.password(), durable);
	}

	/** Starts Redis, the proxy if asked (from {@code jars}) and the app, and warms the app up. */
	static FaultRun start(String app, FaultSettings settings, Path work, PrintWriter out, AppJars jars) {
		FaultRun run = new FaultRun(app, settings, work, out);
		try {
			run.open(jars);
			return run;
		}
		catch (RuntimeException ex) {
			run.close();
			throw ex;
		}
	}

	private void open(AppJars jars) {
		this.redis.start();
		try (Jedis admin = this.redis.client()) {
			// As Redis says it, not as it was told: what a 200 claimed survives the SIGKILL only if both hold.
			this.out.println("  Redis: appendonly " + admin.configGet("appendonly").get("appendonly") + ", appendfsync "
					+ admin.configGet("appendfsync").get("appendfsync") + ", "
					+ (admin.configGet("requirepass").get("requirepass").isEmpty() ? "no password" : "a password demanded"));
		}
		int redisPort = this.redis.port();
		if (this.settings.proxied()) {
			Path log = this.work.resolve(this.app + "-proxy.log");
			try {
				this.proxy = LatencyProxyProcess.Launch.jar(jars).start("127.0.0.1:" + this.redis.port(),
						this.settings.redisRtt(), log);
			}
			catch (IllegalStateException ex) {
				throw new Failure(ex.getMessage() + "; see " + log, ex);
			}
			redisPort = this.proxy.port();
			this.out.println("  Redis behind the latency proxy: " + this.settings.redisRtt() + " round trip added (port "
					+ redisPort + ")");
		}
		List<String> launch = new ArrayList<>(this.settings.javaOptions());
		launch.addAll(List.of("-jar", jars.jar(this.app).toString()));
		this.appProcess = new AppProcess(this.app + "-app", AppProcess.thisJava(), launch, List.of("--spring.data.redis.host=127.0.0.1",
				"--spring.data.redis.port=" + redisPort, "--spring.data.redis.timeout=" + this.settings.redisTimeout(),
				"--bench.request-timeout=" + this.settings.requestTimeout()),
				(this.settings.password() == null) ? Map.of()
						: Map.of("SPRING_DATA_REDIS_PASSWORD", this.settings.password()),
				this.settings.startTimeout());
		try {
			this.appProcess.start();
		}
		catch (IllegalStateException ex) {
			throw new Failure("the " + this.app + " app did not start; see " + this.work.resolve(this.app + ".log"), ex);
		}
		this.client = new AppClient(this.appProcess.url());
		// The first requests of a fresh JVM are slow (class loading, JIT): they would be counted as over the bound
		// without any fault. Their answers are thrown away.
		for (int i = 0; i < WARM_UP_ROUNDS; i++) {
			this.client.status("/add");
			this.client.status("/check");
		}
	}

	/** Plays {@code scenario} on an empty Redis and records its verdict. */
	void play(String scenario) throws InterruptedException {
		this.out.println(this.app + ": " + scenario);
		this.out.flush();
		this.redis.flushAll();
		reset();
		switch (scenario) {
			case "outage" -> outage();
			case "slow" -> slow();
			case "full" -> full();
			default -> throw new IllegalArgumentException("no scenario " + scenario);
		}
		this.out.flush();
	}

	/** Redis killed (SIGKILL) under load, restarted on the same port after the fault time. */
	private void outage() throws InterruptedException {
		LoadLoops load = load("outage");
		sleepSeconds(this.settings.beforeSeconds());
		long killed = LoggedRequest.now();
		this.redis.kill();
		sleepSeconds(this.settings.faultSeconds());
		long restarting = LoggedRequest.now();
		this.redis.start();
		long back = LoggedRequest.now();
		sleepSeconds(this.settings.afterSeconds());
		load.stop();
		readBack("outage");
		this.out.printf(Locale.ROOT, "  Redis took %.2f s to load its append-only file and answer%n",
				(back - restarting) / 1e6);
		record("outage", new Window(killed, restarting), Recovery.since(RequestLog.read(this.work, "outage"), back),
				List.of());
	}

	/** CLIENT PAUSE for the fault time; health must answer within the bound meanwhile, whatever it says. */
	private void slow() throws InterruptedException {
		LoadLoops load = load("slow");
		sleepSeconds(this.settings.beforeSeconds());
		boolean writes = this.settings.pauseMode() == PauseMode.WRITE;
		long paused = LoggedRequest.now();
		long before;
		try (Jedis admin = this.redis.client()) {
			admin.clientPause(this.settings.faultSeconds() * 1000L, ClientPauseMode.valueOf(this.settings.pauseMode().name()));
			// DBSIZE is a read: a write pause lets it through, so it can tell that nothing was stored meanwhile.
			before = writes ? admin.dbSize() : -1;
		}
		long resumed = paused + this.settings.faultSeconds() * 1_000_000L;
		String health = this.client.status("/actuator/health", Duration.ofSeconds(this.settings.boundSeconds()));
		sleepUntil(resumed - 500_000);
		long during = writes ? this.redis.dbSize() : -1;
		sleepUntil(resumed);
		sleepSeconds(this.settings.afterSeconds());
		load.stop();
		this.out.println("  health while paused: " + health);
		List<String> failed = new ArrayList<>(ObservationChecks.answered("health while paused", health));
		if (writes) {
			this.out.println("  keys as the pause began: " + before + ", as it ended: " + during);
			failed.addAll(ObservationChecks.same("keys as the pause ended", Long.toString(during), Long.toString(before)));
		}
		readBack("slow");
		record("slow", new Window(paused, resumed), Recovery.since(RequestLog.read(this.work, "slow"), resumed), failed);
	}

	/**
	 * maxmemory just above used_memory with noeviction, loaded until Redis refuses for OOM and a second more, at
	 * most the full time: how long Redis takes to fill depends on how fast the app writes, 28 requests in 5 s behind
	 * a 1 ms proxy on a loaded machine.
	 */
	private void full() throws InterruptedException {
		String statuses;
		long full;
		long after;
		String health;
		try (Jedis admin = this.redis.client()) {
			admin.configSet("maxmemory-policy", "noeviction");
			admin.configSet("maxmemory", String.valueOf(RedisInfo.number(admin.info("memory"), "used_memory") + this.settings.fullHeadroom()));
			LoadLoops load = load("full");
			long deadline = System.nanoTime() + this.settings.fullSeconds() * 1_000_000_000L;
			while (!load.refusedFor("OOM") && System.nanoTime() < deadline) {
				Thread.sleep(FULL_POLL_MILLIS);
			}
			Thread.sleep(1000);
			load.stop();
			// Freed client buffers can bring used_memory back under the limit just reached and let a write in; a
			// limit far below keeps Redis full, so every further /add must be a 503 that stores nothing.
			admin.configSet("maxmemory", "1");
			full = admin.dbSize();
			TreeSet<String> answered = new TreeSet<>();
			for (int i = 0; i < 3; i++) {
				answered.add(this.client.status("/add"));
			}
			statuses = String.join(" ", answered);
			after = admin.dbSize();
			health = this.client.status("/actuator/health");
		}
		this.out.println("  keys when full: " + full + ", after 3 more /add (answered " + statuses + "): " + after
				+ "; health while full: " + health);
		readBack("full");
		try (Jedis admin = this.redis.client()) {
			admin.configSet("maxmemory", "0");
		}
		// The first /add with room again, in a phase of its own: its answer is the recovery, not a figure of the fault.
		long since = LoggedRequest.now();
		write(this.work.resolve("full-after.0"), List.of(this.client.request("/add").line()));
		// Once full, a later /add may still fit and be stored whole: only a claim that does not read back is wrong.
		List<String> failed = new ArrayList<>(ObservationChecks.refusedFor(RequestLog.read(this.work, "full"), "OOM"));
		failed.addAll(ObservationChecks.same("keys after 3 more /add", Long.toString(after), Long.toString(full)));
		failed.addAll(ObservationChecks.same("3 more /add answered", statuses, "503"));
		failed.addAll(ObservationChecks.same("health while full", health, "200"));
		record("full", null, Recovery.since(RequestLog.read(this.work, "full-after"), since), failed);
	}

	private LoadLoops load(String phase) {
		return LoadLoops.start(this.client, "/add", this.work, phase, this.settings.clients(),
				this.settings.maxRequests());
	}

	private void reset() {
		String status = this.client.status("/reset");
		if (!status.equals("200")) {
			throw new Failure("GET /reset of the " + this.app + " app answered " + status);
		}
	}

	/**
	 * Reads back every batch of ids that a 200 of the phase claimed, through the app's {@code /check} (which verifies
	 * each md5), into {@code PHASE.checked.N}: the ids of each batch read back intact. {@code /check} takes the next
	 * batch from 1 on, so the loops together check every batch up to the last one claimed.
	 */
	private void readBack(String phase) throws InterruptedException {
		long batches = ClaimedBatches.of(RequestLog.read(this.work, phase)).batchesToCheck(Batch.SIZE);
		reset();
		int loops = this.settings.clients();
		ExecutorService pool = Executors.newFixedThreadPool(loops);
		// A /check not answered 200 leaves its batch unverified, which the verdict counts as wrong: said apart, so
		// that a read-back the app could not serve is not taken for a 200 that lied.
		List<String> unread = Collections.synchronizedList(new ArrayList<>());
		try {
			List<Future<?>> checks = new ArrayList<>();
			for (int i = 0; i < loops; i++) {
				long count = (batches + loops - 1 - i) / loops;
				Path file = this.work.resolve(phase + ".checked." + i);
				checks.add(pool.submit(() -> {
					List<String> intact = new ArrayList<>();
					for (long n = 0; n < count; n++) {
						LoggedRequest check = this.client.request("/check");
						if (check.status().equals("200") && check.ids() != null) {
							intact.add(check.ids().toString());
						}
						else {
							unread.add(check.status() + " " + check.failure());
						}
					}
					write(file, intact);
					return null;
				}));
			}
			for (Future<?> check : checks) {
				check.get();
			}
			if (!unread.isEmpty()) {
				this.out.printf("  read back: %d of %d /check not answered 200, the first: %s%n", unread.size(), batches,
						unread.get(0));
			}
		}
		catch (ExecutionException ex) {
			throw new Failure("reading back " + phase + " failed: " + ex.getCause().getMessage(), ex.getCause());
		}
		finally {
			pool.shutdownNow();
		}
	}

	private void record(String fault, Window window, Recovery recovery, List<String> failedChecks) {
		failedChecks.forEach((check) -> this.out.println("  failed: " + check));
		Results.record(this.work, this.app, fault, this.settings.boundMicros(), window, recovery, failedChecks);
	}

	/**
	 * Stops the app, the proxy and Redis, after copying the app's and Redis's logs into the output folder; once, from
	 * the run or from a signal's shutdown.
	 */
	@Override
	public synchronized void close() {
		if (this.closed) {
			return;
		}
		this.closed = true;
		try {
			if (this.appProcess != null && this.appProcess.directory() != null) {
				append(this.appProcess.log(), this.work.resolve(this.app + ".log"));
			}
			if (this.redis.directory() != null) {
				append(this.redis.log(), this.work.resolve("redis.log"));
			}
		}
		finally {
			if (this.appProcess != null) {
				this.appProcess.close();
			}
			if (this.proxy != null) {
				this.proxy.close();
			}
			this.redis.close();
		}
	}

	private static void append(Path log, Path into) {
		try {
			if (Files.exists(log)) {
				Files.write(into, Files.readAllBytes(log), StandardOpenOption.CREATE, StandardOpenOption.APPEND);
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private static void write(Path file, List<String> lines) {
		try {
			Files.write(file, lines, StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private static void sleepSeconds(int seconds) throws InterruptedException {
		Thread.sleep(seconds * 1000L);
	}

	/** Sleeps until the wall-clock time {@code micros}, if that is still to come. */
	private static void sleepUntil(long micros) throws InterruptedException {
		long left = micros - LoggedRequest.now();
		if (left > 0) {
			Thread.sleep(left / 1000, (int) (left % 1000) * 1000);
		}
	}

}
