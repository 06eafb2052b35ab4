package org.redisbench.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.redisbench.processes.ChildEnvironment;

/**
 * {@code redis-bench bench} run as a user runs it, in a JVM of its own (as scripts/bench.sh execs the launcher's):
 * its own environment (BENCH_* settings, REDIS_PASSWORD, a PATH), its own signals, its own child processes, its
 * output and errors into a log. The JVM is started as scripts/bench.sh starts it (the quick compiler, a small heap, the
 * exports its manifest gives), on this test JVM's class path, which holds the report too.
 */
public final class BenchProcess {

	/** What a run of the tests' sizes may take, build included; a run still going then is killed and fails. */
	public static final Duration TIMEOUT = Duration.ofMinutes(10);

	private final Map<String, String> environment = new LinkedHashMap<>();

	private final Path log;

	private BenchProcess(Path log) {
		this.log = log;
	}

	/** A run whose output goes to {@code log}, with the tests' settings (scripts/lib/check.sh's smoke_bench). */
	public static BenchProcess logTo(Path log) {
		BenchProcess bench = new BenchProcess(log);
		// One warm-up round and no wait for an idle compiler before a phase: a few hundred requests never quiet it.
		bench.environment.put("BENCH_WARMUP_ROUNDS", "1");
		bench.environment.put("BENCH_JIT_IDLE_TIMEOUT", "0");
		bench.environment.put("BENCH_PROFILE_REQUESTS", "500");
		// The apps' jars are the build's: this module's tests are built after them.
		bench.environment.put("BENCH_BUILD", "never");
		return bench;
	}

	/**
	 * The apps start through their class-data-sharing archives, with the quick compiler only, as every run of the
	 * tests but the published procedure's (scripts/lib/check.sh): each start half the CPU, and smoke runs end before
	 * the optimising compiler pays back.
	 */
	public BenchProcess quickApps() {
		return with("APP_CLASS_SHARING", "yes").with("APP_JIT", "c1");
	}

	/**
	 * What a user's shell may export for a Redis of theirs and for the apps (the bash suites' USER_SHELL), each
	 * wrong for any Redis the run starts: a run under them that measures as it would without them shows none reached
	 * its redis-cli, redis-server or apps.
	 */
	public BenchProcess fromAShellWithRedisSettings() {
		return with("REDISCLI_AUTH", "wrong-from-the-shell").with("SPRING_DATA_REDIS_URL", "redis://127.0.0.1:1")
			.with("SPRING_DATA_REDIS_USERNAME", "wrong-from-the-shell")
			.with("SPRING_DATA_REDIS_PASSWORD", "wrong-from-the-shell");
	}

	/** A variable of the run's environment, such as BENCH_APP_THREADS, REDIS_PASSWORD or PATH. */
	public BenchProcess with(String name, String value) {
		this.environment.put(name, value);
		return this;
	}

	public Path log() {
		return this.log;
	}

	/** Starts it with {@code args}, for a test that signals it while it runs. */
	public Process start(String... args) {
		List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
				"-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xms64m", "-Xmx512m",
				"--add-exports", "jdk.internal.jvmstat/sun.jvmstat.monitor=ALL-UNNAMED",
				"--add-exports", "jdk.attach/sun.tools.attach=ALL-UNNAMED",
				"-cp", System.getProperty("java.class.path"), BenchMain.class.getName()));
		command.addAll(List.of(args));
		ProcessBuilder builder = ChildEnvironment.processBuilder(command).redirectErrorStream(true)
			.redirectOutput(ProcessBuilder.Redirect.appendTo(this.log.toFile()));
		builder.environment().putAll(this.environment);
		try {
			return builder.start();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** Runs it with {@code args} to its end; its exit status. */
	public int run(String... args) {
		Process process = start(args);
		try {
			if (!process.waitFor(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
				process.destroyForcibly().waitFor();
				throw new AssertionError("bench " + String.join(" ", args) + " still running after " + TIMEOUT
						+ "; see " + this.log);
			}
			return process.exitValue();
		}
		catch (InterruptedException ex) {
			process.destroyForcibly();
			Thread.currentThread().interrupt();
			throw new AssertionError(ex);
		}
	}

	/** What it wrote so far, output and errors. */
	public String output() {
		try {
			return Files.exists(this.log) ? Files.readString(this.log) : "";
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
