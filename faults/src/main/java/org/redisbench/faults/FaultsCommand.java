package org.redisbench.faults;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;

import org.redisbench.commandline.Checks;
import org.redisbench.commandline.Choices;
import org.redisbench.commandline.CommandLines;
import org.redisbench.commandline.Failure;
import org.redisbench.commandline.JarBuild;
import org.redisbench.commandline.Refusal;
import org.redisbench.faults.FaultSettings.PauseMode;
import org.redisbench.processes.AppJars;
import org.redisbench.processes.Folders;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code redis-bench faults} ({@code scripts/faults.sh}): plays Redis faults against each app under a small load and
 * prints what the app answered: Redis killed and restarted (outage), paused (slow), and out of memory (full). Every
 * figure comes from the answers themselves and from Redis afterwards: a 2xx during a fault, an answer later than
 * the bound, a request left unanswered, or a 200 whose ids do not read back intact is a failure, and the exit
 * status says so. Traffic goes to 127.0.0.1 only, to a redis-server and apps it starts on free ports; the machine's
 * own Redis is never touched.
 */
@Command(name = "faults", mixinStandardHelpOptions = true, sortOptions = false, usageHelpAutoWidth = true,
		description = { "Starts a private redis-server (append-only file, fsync on every write) and each app against "
				+ "it, loads the app with request loops on 127.0.0.1 and plays each scenario, then reads back through "
				+ "the app's /check every batch a 200 claimed. Each scenario's verdict (passed or failed) is decided "
				+ "from what the loops wrote and printed in a table; its rows are in results.tsv in the output folder "
				+ "(kept when given or when a fault failed). docs/faults-and-security.md \"Faults\" tells more.",
				"Scenarios:",
				"  outage  Redis killed (SIGKILL) under load, restarted on the same port after the fault time",
				"  slow    CLIENT PAUSE for the fault time",
				"  full    maxmemory just above used_memory with noeviction, under load until Redis refuses",
				"Each option's environment variable is in brackets, with its current value." },
		footer = { "Secret: REDIS_PASSWORD (optional; the private Redis demands it and the apps give it; read from the "
				+ "environment only, never printed, never on a command line).",
				"Exit status: 0 every fault answered truthfully, 1 not (or an error), 2 bad option or setting, "
						+ "130 Ctrl-C, 143 SIGTERM." })
public final class FaultsCommand implements Callable<Integer> {

	static final List<String> APPS = List.of("string", "kryo", "jackson");

	static final List<String> SCENARIOS = List.of("outage", "slow", "full");

	private static final List<String> BUILD_POLICIES = List.of("auto", "always", "never");

	static final class What {

		@Option(names = "--apps", paramLabel = "LIST", defaultValue = "${FAULTS_APPS:-string,kryo}",
				description = "apps, comma-separated: string, kryo, jackson, or all [FAULTS_APPS=${DEFAULT-VALUE}]")
		String apps;

		@Option(names = "--scenarios", paramLabel = "LIST", defaultValue = "${FAULTS_SCENARIOS:-outage,slow,full}",
				description = "scenarios, comma-separated: outage, slow, full, or all "
						+ "[FAULTS_SCENARIOS=${DEFAULT-VALUE}]")
		String scenarios;

	}

	static final class Load {

		@Option(names = "--clients", paramLabel = "N", defaultValue = "${FAULTS_CLIENTS:-4}",
				description = "concurrent request loops [FAULTS_CLIENTS=${DEFAULT-VALUE}]")
		int clients;

		@Option(names = "--max-requests", paramLabel = "N", defaultValue = "${FAULTS_MAX_REQUESTS:-5000}",
				description = "per loop and phase, whatever the time [FAULTS_MAX_REQUESTS=${DEFAULT-VALUE}]")
		int maxRequests;

	}

	static final class Timing {

		@Option(names = "--before-seconds", paramLabel = "S", defaultValue = "${FAULTS_BEFORE_SECONDS:-3}",
				description = "load before the fault [FAULTS_BEFORE_SECONDS=${DEFAULT-VALUE}]")
		int before;

		@Option(names = "--fault-seconds", paramLabel = "S", defaultValue = "${FAULTS_FAULT_SECONDS:-5}",
				description = "Redis down, or paused [FAULTS_FAULT_SECONDS=${DEFAULT-VALUE}]")
		int fault;

		@Option(names = "--after-seconds", paramLabel = "S", defaultValue = "${FAULTS_AFTER_SECONDS:-5}",
				description = "load after the fault [FAULTS_AFTER_SECONDS=${DEFAULT-VALUE}]")
		int after;

		@Option(names = "--full-seconds", paramLabel = "S", defaultValue = "${FAULTS_FULL_SECONDS:-20}",
				description = "at most this long a load fills Redis, until its OOM and a second more "
						+ "[FAULTS_FULL_SECONDS=${DEFAULT-VALUE}]")
		int full;

		@Option(names = "--full-headroom", paramLabel = "BYTES", defaultValue = "${FAULTS_FULL_HEADROOM:-524288}",
				description = "maxmemory above used_memory [FAULTS_FULL_HEADROOM=${DEFAULT-VALUE}]")
		long fullHeadroom;

		@Option(names = "--pause-mode", paramLabel = "MODE", defaultValue = "${FAULTS_PAUSE_MODE:-WRITE}",
				description = "CLIENT PAUSE mode: WRITE (reads go on) or ALL [FAULTS_PAUSE_MODE=${DEFAULT-VALUE}]")
		PauseMode pauseMode;

	}

	static final class Bounds {

		@Option(names = "--bound-seconds", paramLabel = "S", defaultValue = "${FAULTS_BOUND_SECONDS:-5}",
				description = "the latest an answer may come [FAULTS_BOUND_SECONDS=${DEFAULT-VALUE}]")
		int bound;

		@Option(names = "--request-timeout", paramLabel = "D", defaultValue = "${FAULTS_REQUEST_TIMEOUT:-2s}",
				description = "the apps' bench.request-timeout [FAULTS_REQUEST_TIMEOUT=${DEFAULT-VALUE}]")
		String requestTimeout;

		@Option(names = "--redis-timeout", paramLabel = "D", defaultValue = "${FAULTS_REDIS_TIMEOUT:-1s}",
				description = "the apps' spring.data.redis.timeout [FAULTS_REDIS_TIMEOUT=${DEFAULT-VALUE}]")
		String redisTimeout;

	}

	static final class Distance {

		@Option(names = "--redis-rtt", paramLabel = "RTT", defaultValue = "${FAULTS_REDIS_RTT:-0}",
				description = "round trip the latency proxy adds between the apps and Redis, e.g. 1ms; 0: direct "
						+ "[FAULTS_REDIS_RTT=${DEFAULT-VALUE}]")
		String rtt;

	}

	static final class Apps {

		@Option(names = "--java-opts", paramLabel = "OPTIONS", defaultValue = "${FAULTS_JAVA_OPTS:--Xms512m -Xmx512m}",
				description = "the apps' JVM options: bench.sh's heap [FAULTS_JAVA_OPTS=${DEFAULT-VALUE}]")
		String javaOptions;

		@Option(names = "--start-timeout", paramLabel = "S", defaultValue = "${FAULTS_START_TIMEOUT:-180}",
				description = "seconds an app may take to report UP [FAULTS_START_TIMEOUT=${DEFAULT-VALUE}]")
		int startTimeout;

		@Option(names = "--apps-build", paramLabel = "POLICY", defaultValue = "${FAULTS_BUILD:-auto}",
				description = "the apps' jars, and the latency proxy's with --redis-rtt: auto (built when missing or "
						+ "stale), always, never; --build and --no-build say always and never "
						+ "[FAULTS_BUILD=${DEFAULT-VALUE}]")
		String build;

		@Option(names = "--build-timeout", paramLabel = "S", defaultValue = "${FAULTS_BUILD_TIMEOUT:-1800}",
				description = "seconds the build may take [FAULTS_BUILD_TIMEOUT=${DEFAULT-VALUE}]")
		int buildTimeout;

	}

	static final class Output {

		@Option(names = "--output", paramLabel = "DIR", defaultValue = "${FAULTS_OUTPUT:-}",
				description = "logs and raw answers; empty: a temporary folder, removed when every fault passed "
						+ "[FAULTS_OUTPUT=${DEFAULT-VALUE}]")
		String folder;

	}

	@ArgGroup(validate = false, heading = "What:%n", order = 1)
	What what = new What();

	@ArgGroup(validate = false, heading = "Load:%n", order = 2)
	Load load = new Load();

	@ArgGroup(validate = false, heading = "Timing:%n", order = 3)
	Timing timing = new Timing();

	@ArgGroup(validate = false, heading = "Bounds:%n", order = 4)
	Bounds bounds = new Bounds();

	@ArgGroup(validate = false, heading = "Distance:%n", order = 5)
	Distance distance = new Distance();

	@ArgGroup(validate = false, heading = "Apps:%n", order = 6)
	Apps apps = new Apps();

	@ArgGroup(validate = false, heading = "Output:%n", order = 7)
	Output output = new Output();

	@ArgGroup(validate = false, heading = "Build (read by scripts/lib/launcher.sh):%n", order = 8)
	final JarBuild build = new JarBuild();

	@Spec
	CommandSpec spec;

	@Override
	public Integer call() throws IOException, InterruptedException {
		List<String> apps = Choices.of("--apps", this.what.apps, APPS);
		List<String> scenarios = Choices.of("--scenarios", this.what.scenarios, SCENARIOS);
		FaultSettings settings = settings();
		String policy = this.build.policy(this.apps.build);
		if (!BUILD_POLICIES.contains(policy)) {
			throw new Refusal("--apps-build is auto, always or never, was '" + policy + "'");
		}
		PrintWriter out = this.spec.commandLine().getOut();
		Path work = this.output.folder.isEmpty() ? Files.createTempDirectory("faults-")
				: Files.createDirectories(Path.of(this.output.folder));
		AppJars jars;
		try {
			jars = AppJars.of(FaultsCommand.class);
			List<String> parts = new ArrayList<>(apps);
			if (settings.proxied()) {
				parts.add("latency-proxy");
			}
			jars.build(policy, Duration.ofSeconds(this.apps.buildTimeout), work.resolve("build.log"),
					work.resolve("build-jars.log"), parts);
		}
		catch (IllegalStateException ex) {
			throw new Failure(ex.getMessage(), ex);
		}
		out.println("faults: output in " + work + (settings.proxied()
				? ", Redis " + settings.redisRtt() + " away behind the latency proxy" : ""));
		out.flush();
		for (String app : apps) {
			try (FaultRun run = FaultRun.start(app, settings, work, out, jars)) {
				// Ctrl-C or SIGTERM (exit 130, 143): the logs into the output folder and the private Redis's folder,
				// with its password, removed, as at the run's end.
				Thread signalled = new Thread(run::close, "faults: stop " + app);
				Runtime.getRuntime().addShutdownHook(signalled);
				for (String scenario : scenarios) {
					run.play(scenario);
				}
				Runtime.getRuntime().removeShutdownHook(signalled);
			}
			catch (IllegalStateException ex) {
				throw new Failure(app + ": " + ex.getMessage() + "; see " + work, ex);
			}
		}
		List<FaultVerdict> verdicts = Results.read(work);
		out.println();
		FaultVerdict.table(verdicts, Integer.toString(settings.boundSeconds())).forEach(out::println);
		out.flush();
		if (verdicts.stream().anyMatch(FaultVerdict::failed)) {
			this.spec.commandLine().getErr().println("FAILED: see above and " + work);
			this.spec.commandLine().getErr().flush();
			return CommandLines.FAILED;
		}
		out.println("all faults answered truthfully");
		out.flush();
		if (this.output.folder.isEmpty()) {
			Folders.delete(work);
		}
		return CommandLines.OK;
	}

	/** The settings checked, before anything starts: each refusal names the option. */
	FaultSettings settings() {
		Checks.atLeast("--clients", this.load.clients, 1);
		Checks.atLeast("--max-requests", this.load.maxRequests, 1);
		Checks.atLeast("--before-seconds", this.timing.before, 0);
		Checks.atLeast("--fault-seconds", this.timing.fault, 1);
		Checks.atLeast("--after-seconds", this.timing.after, 0);
		Checks.atLeast("--full-seconds", this.timing.full, 1);
		Checks.atLeast("--full-headroom", this.timing.fullHeadroom, 1);
		Checks.atLeast("--bound-seconds", this.bounds.bound, 1);
		Checks.atLeast("--start-timeout", this.apps.startTimeout, 1);
		Checks.atLeast("--build-timeout", this.apps.buildTimeout, 1);
		Checks.duration("--request-timeout", this.bounds.requestTimeout);
		Checks.duration("--redis-timeout", this.bounds.redisTimeout);
		if (!this.distance.rtt.matches("0|[0-9]+(\\.[0-9]+)?(ns|us|ms|s)")) {
			throw new Refusal("--redis-rtt is 0 or a duration such as 1ms, 450us, was '" + this.distance.rtt + "'");
		}
		String password = System.getenv("REDIS_PASSWORD");
		return new FaultSettings(this.load.clients, this.timing.before, this.timing.fault, this.timing.after,
				this.timing.full, this.timing.fullHeadroom, this.timing.pauseMode, this.load.maxRequests,
				this.bounds.bound, this.bounds.requestTimeout, this.bounds.redisTimeout,
				Duration.ofSeconds(this.apps.startTimeout),
				Arrays.stream(this.apps.javaOptions.strip().split("\\s+")).filter((word) -> !word.isEmpty()).toList(),
				this.distance.rtt, (password == null || password.isEmpty()) ? null : password);
	}

}
