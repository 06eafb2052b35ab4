package org.redisbench.instrumentcost;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;

import org.redisbench.processes.ProgramPath;
import org.redisbench.commandline.Checks;
import org.redisbench.commandline.Choices;
import org.redisbench.commandline.CommandLines;
import org.redisbench.commandline.CommandLog;
import org.redisbench.commandline.Failure;
import org.redisbench.commandline.JarBuild;
import org.redisbench.commandline.Refusal;
import org.redisbench.html.ResultsFolder;
import org.redisbench.processes.ChildProcess;
import org.redisbench.processes.ClockTicks;
import org.redisbench.processes.Folders;
import org.redisbench.processes.RedisServer;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code instrument-cost} ({@code scripts/instrument-cost.sh}): what the instrument costs around the codec, side by
 * side. One app on a private redis-server under each Java runtime, thread kind, Tomcat thread count and more app
 * properties, and ab with or without keep-alive, in alternating rounds ({@link Measurement}); then, per setting,
 * the median and range of requests/s and of the app's CPU ms per request ({@link InstrumentCostTable}). The
 * published procedure (no keep-alive, platform threads) stays bench.sh's default; this measures the alternatives.
 */
@Command(name = "instrument-cost", mixinStandardHelpOptions = true, sortOptions = false, usageHelpAutoWidth = true,
		description = { "Measures one app's requests/s and CPU ms per request on /noop and /add under each setting, in "
				+ "alternating rounds on one private redis-server, and prints the medians with their range "
				+ "(docs/instrument-cost.md)." },
		footer = { "", "Exit status: 0 done, 1 error, 2 bad option or setting." })
public final class InstrumentCostCommand implements Callable<Integer> {

	static final List<String> APPS = List.of("string", "kryo", "jackson");

	static final List<String> MODES = List.of("pipeline", "per-key");

	static final List<String> BUILDS = List.of("auto", "always", "never");

	/** A setting's Spring properties: name=value, joined by +. */
	private static final String PROPERTIES = "[a-z][a-z0-9.-]*=[^+\\s]+(\\+[a-z][a-z0-9.-]*=[^+\\s]+)*";

	private static final Duration BUILD = Duration.ofMinutes(30);

	/** What the machine must have, with where to get it. */
	private static final Map<String, String> COMMANDS = Map.of("ab", "Debian apache2-utils", "redis-server",
			"Debian redis-server");

	static final class Load {

		@Option(names = { "-n", "--requests" }, paramLabel = "N", defaultValue = "${COST_REQUESTS:-20000}",
				description = "requests per measured phase [COST_REQUESTS=${DEFAULT-VALUE}]")
		int requests;

		@Option(names = { "-w", "--warmup" }, paramLabel = "N", defaultValue = "${COST_WARMUP:-10000}",
				description = "requests thrown away per path after the app starts [COST_WARMUP=${DEFAULT-VALUE}]")
		int warmup;

		@Option(names = { "-c", "--concurrency" }, paramLabel = "N", defaultValue = "${COST_CONCURRENCY:-50}",
				description = "ab -c [COST_CONCURRENCY=${DEFAULT-VALUE}]")
		int concurrency;

		@Option(names = { "-r", "--rounds" }, paramLabel = "N", defaultValue = "${COST_ROUNDS:-3}",
				description = "alternating rounds over every setting [COST_ROUNDS=${DEFAULT-VALUE}]")
		int rounds;

	}

	static final class Settings {

		@Option(names = { "-a", "--app" }, paramLabel = "APP", defaultValue = "${COST_APP:-kryo}",
				description = "string, kryo, jackson [COST_APP=${DEFAULT-VALUE}]")
		String app;

		@Option(names = "--java", paramLabel = "LIST", defaultValue = "${COST_JAVA:-java}",
				description = "java commands or JDK folders [COST_JAVA=${DEFAULT-VALUE}]")
		String java;

		@Option(names = "--threads", paramLabel = "LIST", defaultValue = "${COST_THREADS:-platform}",
				description = "platform,virtual (spring.threads.virtual.enabled; Java 21+) "
						+ "[COST_THREADS=${DEFAULT-VALUE}]")
		String threads;

		@Option(names = "--keep-alive", paramLabel = "LIST", defaultValue = "${COST_KEEPALIVE:-no,yes}",
				description = "no,yes (ab -k) [COST_KEEPALIVE=${DEFAULT-VALUE}]")
		String keepAlive;

		@Option(names = "--tomcat-threads", paramLabel = "LIST", defaultValue = "${COST_TOMCAT_THREADS:-200}",
				description = "Tomcat's most request threads (server.tomcat.threads.max), platform threads only; 200 "
						+ "as published [COST_TOMCAT_THREADS=${DEFAULT-VALUE}]")
		String tomcatThreads;

		@Option(names = "--app-settings", paramLabel = "LIST", defaultValue = "${COST_APP_SETTINGS:-none}",
				description = "more app properties, each setting none or name=value joined by +, e.g. "
						+ "none,bench.redis-buffer=8KB [COST_APP_SETTINGS=${DEFAULT-VALUE}]")
		String appSettings;

		@Option(names = "--mode", paramLabel = "MODE", defaultValue = "${COST_MODE:-pipeline}",
				description = "the app's bench.mode: pipeline, per-key [COST_MODE=${DEFAULT-VALUE}]")
		String mode;

	}

	static final class Timeouts {

		@Option(names = "--phase-timeout", paramLabel = "SECONDS", defaultValue = "${COST_PHASE_TIMEOUT:-900}",
				description = "one ab [COST_PHASE_TIMEOUT=${DEFAULT-VALUE}]")
		int phase;

		@Option(names = "--jit-idle-timeout", paramLabel = "SECONDS", defaultValue = "${COST_JIT_IDLE_TIMEOUT:-30}",
				description = "an idle JIT compiler before a phase; then it is measured anyway "
						+ "[COST_JIT_IDLE_TIMEOUT=${DEFAULT-VALUE}]")
		int idleCompiler;

	}

	static final class Output {

		@Option(names = { "-o", "--output" }, paramLabel = "DIR", defaultValue = "${COST_OUTPUT:-}",
				description = "keep the raw outputs there (ab's, the apps' and Redis's logs, facts.txt: a line a "
						+ "phase) [COST_OUTPUT=${DEFAULT-VALUE}; empty: a temporary folder, removed]")
		String folder;

	}

	@ArgGroup(validate = false, heading = "Load:%n", order = 1)
	Load load = new Load();

	@ArgGroup(validate = false, heading = "Settings compared (comma-separated lists, each combination):%n", order = 2)
	Settings settings = new Settings();

	@ArgGroup(validate = false, heading = "Timeouts:%n", order = 3)
	Timeouts timeouts = new Timeouts();

	@ArgGroup(validate = false, heading = "Output:%n", order = 4)
	Output output = new Output();

	@ArgGroup(validate = false, heading = "Build (the launcher's jar, and the app's; neither given: the app's as "
			+ "COST_BUILD=${COST_BUILD:-auto} says, auto when missing or stale, always, never):%n", order = 5)
	final JarBuild build = new JarBuild();

	@Spec
	CommandSpec spec;

	/** Where COST_BUILD is read. */
	private final Map<String, String> environment;

	public InstrumentCostCommand() {
		this(System.getenv());
	}

	InstrumentCostCommand(Map<String, String> environment) {
		this.environment = environment;
	}

	@Override
	public Integer call() throws IOException, InterruptedException {
		Measurement.Load load = load();
		String buildPolicy = this.build.policy(this.environment.getOrDefault("COST_BUILD", "auto"));
		oneOf("COST_BUILD", buildPolicy, BUILDS);
		List<String> properties = appSettings();
		List<String> threads = Choices.of("--threads", this.settings.threads,
				List.of(ServerSetting.PLATFORM, ServerSetting.VIRTUAL));
		List<String> tomcats = tomcatThreads();
		List<JavaRuntime> javas = javas(threads);
		requireCommands();
		CommandLog log = new CommandLog(this.spec);
		for (JavaRuntime java : javas) {
			if (threads.contains(ServerSetting.VIRTUAL) && java.major() < JavaRuntime.VIRTUAL_THREADS) {
				log.say("virtual threads not run on " + java.label() + ": Spring Boot needs Java "
						+ JavaRuntime.VIRTUAL_THREADS + " for them");
			}
		}
		List<ServerSetting> settings = ServerSetting.all(javas, threads, tomcats, properties);
		boolean keep = !this.output.folder.isEmpty();
		Path work = keep ? Files.createDirectories(Path.of(this.output.folder))
				: Files.createTempDirectory("instrument-cost-");
		// Ctrl-C ends the JVM without running finally blocks: the temporary folder then goes in its shutdown, as
		// the app and Redis do (ChildProcess).
		Thread removal = new Thread(() -> Folders.delete(work), "remove instrument-cost's temporary folder");
		if (!keep) {
			Runtime.getRuntime().addShutdownHook(removal);
		}
		try {
			buildApp(buildPolicy, work);
			long clockTicks = ClockTicks.perSecond();
			try (RedisServer redis = new RedisServer()) {
				try {
					redis.start();
				}
				catch (IllegalStateException ex) {
					throw new Failure("could not start redis-server: " + ex.getMessage(), ex);
				}
				try {
					new Measurement(load, work, redis, clockTicks, log).run(settings);
				}
				finally {
					Files.copy(redis.log(), work.resolve("redis-server.log"), StandardCopyOption.REPLACE_EXISTING);
				}
			}
			printTable(work);
			return CommandLines.OK;
		}
		finally {
			if (!keep) {
				Runtime.getRuntime().removeShutdownHook(removal);
				Folders.delete(work);
			}
		}
	}

	/** The load's numbers, checked, and the app and mode. */
	private Measurement.Load load() {
		Checks.atLeast("--requests", this.load.requests, 1);
		Checks.atLeast("--warmup", this.load.warmup, 0);
		Checks.atLeast("--concurrency", this.load.concurrency, 1);
		Checks.atLeast("--rounds", this.load.rounds, 1);
		Checks.atLeast("--phase-timeout", this.timeouts.phase, 1);
		Checks.atLeast("--jit-idle-timeout", this.timeouts.idleCompiler, 1);
		if (this.load.concurrency > this.load.requests) {
			throw new Refusal("concurrency " + this.load.concurrency + " exceeds the " + this.load.requests
					+ " requests");
		}
		oneOf("--app", this.settings.app, APPS);
		oneOf("--mode", this.settings.mode, MODES);
		List<String> keepAlives = Choices.of("--keep-alive", this.settings.keepAlive, List.of("no", "yes"));
		return new Measurement.Load(this.settings.app, jar(this.settings.app), this.settings.mode, this.load.requests,
				this.load.warmup, this.load.concurrency, this.load.rounds, keepAlives,
				Duration.ofSeconds(this.timeouts.phase), Duration.ofSeconds(this.timeouts.idleCompiler));
	}

	/** Each none, or Spring properties joined by +, given once. */
	private List<String> appSettings() {
		List<String> properties = items("app setting", this.settings.appSettings);
		for (String setting : properties) {
			if (!setting.equals(ServerSetting.NO_PROPERTIES) && !setting.matches(PROPERTIES)) {
				throw new Refusal("an app setting is none or name=value joined by +, e.g. bench.redis-buffer=8KB, was '"
						+ setting + "'");
			}
		}
		return once("app setting", properties);
	}

	/** Each a thread count, given once. */
	private List<String> tomcatThreads() {
		List<String> counts = items("Tomcat thread count", this.settings.tomcatThreads);
		for (String count : counts) {
			if (!count.matches("[1-9][0-9]{0,4}")) {
				throw new Refusal("a Tomcat thread count is a whole number from 1, was '" + count + "'");
			}
		}
		return once("Tomcat thread count", counts);
	}

	/**
	 * Each runtime, given once. Spring Boot ignores spring.threads.virtual.enabled below Java 21 and runs platform
	 * threads, so virtual threads on such a runtime would measure platform threads under another name: they run
	 * only on the runtimes of 21 and later, and are refused when there is none.
	 */
	private List<JavaRuntime> javas(List<String> threads) {
		List<JavaRuntime> javas = items("java", this.settings.java).stream().map(JavaRuntime::of).toList();
		once("java", javas.stream().map((java) -> java.command().toString()).toList());
		int newest = javas.stream().mapToInt(JavaRuntime::major).max().orElseThrow();
		if (newest < JavaRuntime.VIRTUAL_THREADS && threads.contains(ServerSetting.VIRTUAL)) {
			throw new Refusal("virtual threads need Java " + JavaRuntime.VIRTUAL_THREADS + " or later, and the newest "
					+ "java given is Java " + newest + ": add a newer JDK with --java");
		}
		return javas;
	}

	/** A list's items, separated by commas or spaces; refused when there is none. */
	private static List<String> items(String what, String list) {
		List<String> items = Arrays.stream(list.split("[,\\s]+")).filter((item) -> !item.isEmpty()).toList();
		if (items.isEmpty()) {
			throw new Refusal("no " + what + " given");
		}
		return items;
	}

	/** The items, refused when one is given twice: the same setting run twice under one name would count twice. */
	private static List<String> once(String what, List<String> items) {
		Set<String> seen = new HashSet<>();
		for (String item : items) {
			if (!seen.add(item)) {
				throw new Refusal(what + " '" + item + "' given twice");
			}
		}
		return items;
	}

	private static void oneOf(String name, String value, List<String> known) {
		if (!known.contains(value)) {
			throw new Refusal(name + " is one of: " + String.join(", ", known) + "; was '" + value + "'");
		}
	}

	private static void requireCommands() {
		List<String> missing = new ArrayList<>();
		COMMANDS.forEach((command, where) -> {
			if (!ProgramPath.has(command)) {
				missing.add(command + " (" + where + ")");
			}
		});
		if (!missing.isEmpty()) {
			throw new Failure("missing commands: " + String.join(", ", missing.stream().sorted().toList()));
		}
	}

	private static Path jar(String app) {
		return ResultsFolder.repository().resolve(Path.of(app + "-app", "target", app + "-app.jar"));
	}

	/**
	 * The app's jar, built as POLICY says by scripts/lib/apps.sh's build_jars, so that a stale jar has one
	 * definition.
	 */
	private void buildApp(String policy, Path work) {
		Path log = work.resolve("build.log");
		ChildProcess.Ran build;
		try {
			build = ChildProcess.run(ResultsFolder.repository(), List.of("bash", "-c",
					"source scripts/lib/common.sh && source scripts/lib/apps.sh && build_jars \"$1\" 1800 \"$2\" \"$3\"",
					"build", policy, work.resolve("maven.log").toAbsolutePath().toString(), this.settings.app), log,
					BUILD);
		}
		catch (IllegalStateException ex) {
			throw new Failure(ex.getMessage(), ex);
		}
		if (build.exitValue() != 0) {
			throw new Failure("the " + this.settings.app + " app's jar did not build; see " + log);
		}
	}

	private void printTable(Path work) throws IOException {
		List<String> table;
		try {
			table = InstrumentCostTable.of(work.resolve(Measurement.FACTS));
		}
		catch (InstrumentCostTable.FactsException ex) {
			throw new Failure("the table: " + ex.getMessage(), ex);
		}
		PrintWriter out = this.spec.commandLine().getOut();
		out.println();
		out.println(String.format(Locale.ROOT, "%s app, %s mode, ab -n %d -c %d, %d rounds, %d cores, load %s",
				this.settings.app, this.settings.mode, this.load.requests, this.load.concurrency, this.load.rounds,
				Runtime.getRuntime().availableProcessors(), String.join(" ", Arrays.asList(
						Files.readString(Path.of("/proc/loadavg")).strip().split(" ")).subList(0, 3))));
		table.forEach(out::println);
		out.flush();
	}

}
