package org.redisbench.faults;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.redisbench.processes.ChildProcess;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code scripts/faults.sh} ({@code redis-bench faults}) run whole, as a user runs it: a JVM of its own, its settings
 * from FAULTS_* variables, at a small size. The string app against a Redis that demands a password, which must never
 * show on any process's command line, in the output or in a log; then the kryo app with Redis 1 ms away behind the
 * latency proxy, where every fault must be answered as truthfully. One app a run: how an app answers a fault is
 * common's, held for every app by RedisFaultContractTest; here it is the tool that is tested. Each scenario's verdict
 * is read from the results.tsv it writes (this module's other tests hold the rules on hand-made logs). The apps' jars
 * and the latency proxy's are built before this module's tests (the pom's string-app, kryo-app and latency-proxy
 * dependencies).
 */
@Tag("end-to-end")
class FaultsRunTest {

	private static final List<String> FAULTS = List.of("outage", "slow", "full");

	/** Small, as the bash suite ran it; the full scenario loads until Redis refuses for OOM, at its default most. */
	private static final Map<String, String> SMALL = Map.of("FAULTS_CLIENTS", "2", "FAULTS_BEFORE_SECONDS", "2",
			"FAULTS_FAULT_SECONDS", "3", "FAULTS_AFTER_SECONDS", "3", "FAULTS_BUILD", "never",
			// The quick compiler only: a smoke run ends before the optimising one pays back (as the tests' apps).
			"FAULTS_JAVA_OPTS", "-Xms512m -Xmx512m -XX:TieredStopAtLevel=1");

	private static final Duration RUN = Duration.ofMinutes(10);

	@TempDir
	Path work;

	@Test
	void helpNamesEveryVariable() throws IOException {
		Run help = faults(Map.of(), "--help");
		assertThat(help.status()).as(help.output()).isZero();
		assertThat(help.output()).contains("FAULTS_CLIENTS=4", "FAULTS_REDIS_RTT=0", "REDIS_PASSWORD");
	}

	@ParameterizedTest
	@ValueSource(strings = { "FAULTS_APPS=string,nosuch", "FAULTS_SCENARIOS=outage,outage", "FAULTS_CLIENTS=two",
			"FAULTS_PAUSE_MODE=SOME", "FAULTS_REDIS_RTT=far" })
	void aBadSettingIsRefusedInOneLine(String setting) throws IOException {
		String[] variable = setting.split("=", 2);
		Run refused = faults(Map.of(variable[0], variable[1]));
		assertThat(refused.status()).as(refused.output()).isEqualTo(2);
		assertThat(refused.output()).hasLineCount(1).startsWith("redis-bench faults: ");
	}

	@Test
	void everyFaultIsAnsweredTruthfullyAndThePasswordShowsNowhere() throws IOException {
		// Random, and with what a config file or a shell could mistake: a quote, a backslash, a space, a '#'.
		byte[] random = new byte[18];
		new SecureRandom().nextBytes(random);
		String password = Base64.getEncoder().encodeToString(random).replaceAll("[^A-Za-z0-9]", "") + "\"\\ #'x";
		Map<String, String> environment = new HashMap<>(SMALL);
		environment.put("FAULTS_APPS", "string");
		environment.put("FAULTS_OUTPUT", this.work.resolve("run").toString());
		environment.put("REDIS_PASSWORD", password);
		Set<String> leaks = new TreeSet<>();
		Set<String> apps = new TreeSet<>();

		Run run = faults(environment, (commandLine, ours) -> {
			if (commandLine.contains(password)) {
				leaks.add(commandLine.replace(password, "<the password>"));
			}
			// The app's JVM, not the build's look at its jar's age.
			if (ours && commandLine.contains("-jar " + Path.of("..", "string-app", "target", "string-app.jar")
				.toAbsolutePath().normalize())) {
				apps.add(commandLine);
			}
		});

		assertTruthful(run, "string", this.work.resolve("run"));
		assertThat(leaks).as("command lines holding the Redis password").isEmpty();
		List<Path> files = new ArrayList<>(files(this.work.resolve("run")));
		files.add(run.log());
		assertThat(files).as("the output and the logs").hasSizeGreaterThan(10)
			.noneMatch((file) -> read(file).contains(password));
		assertThat(run.output()).as("a 200 cannot be lost to the SIGKILL, and Redis demands the password")
			.contains("Redis: appendonly yes, appendfsync always, a password demanded");
		assertThat(apps).as("the app's command line").isNotEmpty().allMatch((line) -> line.contains("-Xmx512m"));
	}

	@Test
	void behindTheLatencyProxyEveryFaultIsAnsweredAsTruthfully() throws IOException {
		// A killed Redis is a reset the proxy passes on, a paused one a delay it adds to.
		Map<String, String> environment = new HashMap<>(SMALL);
		environment.put("FAULTS_APPS", "kryo");
		environment.put("FAULTS_REDIS_RTT", "1ms");
		environment.put("FAULTS_OUTPUT", this.work.resolve("proxied").toString());

		Run run = faults(environment);

		assertTruthful(run, "kryo", this.work.resolve("proxied"));
		assertThat(run.output()).contains("Redis behind the latency proxy: 1ms round trip added")
			.as("the test's own REDIS_PASSWORD kept from it").contains("appendfsync always, no password");
	}

	private static void assertTruthful(Run run, String app, Path output) {
		assertThat(run.status()).as("every fault answered truthfully; output:%n%s", run.output()).isZero();
		List<String> results = read(output.resolve("results.tsv")).lines().toList();
		int verdict = List.of(results.get(0).split("\t")).indexOf("verdict");
		for (String fault : FAULTS) {
			assertThat(run.output().lines()).as("%s: figures printed for %s", app, fault)
				.anyMatch((line) -> line.matches(app + " +" + fault + " +[0-9]+ .*"));
			assertThat(results).as("%s: %s in results.tsv", app, fault)
				.anyMatch((row) -> row.startsWith(app + "\t" + fault + "\t") && row.split("\t")[verdict].equals("passed"));
		}
	}

	private Run faults(Map<String, String> environment, String... args) throws IOException {
		return faults(environment, (commandLine, ours) -> {
		}, args);
	}

	/**
	 * redis-bench faults ARGS in a JVM of its own with the given variables (the test's own Redis and Spring settings
	 * left out: processes' ChildEnvironment), every process's command line handed to {@code watch} twice a second
	 * while it runs, saying whether it is one it started (the machine is shared: other apps run beside).
	 */
	private Run faults(Map<String, String> environment, CommandLineWatch watch, String... args) throws IOException {
		List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
				"-cp", System.getProperty("java.class.path"), FaultsMain.class.getName()));
		command.addAll(List.of(args));
		Path log = Files.createTempFile(this.work, "faults", ".out");
		// In this module's folder, as the tests run: the repository, with the apps' jars, is its parent.
		ChildProcess faults = ChildProcess.start(Path.of("").toAbsolutePath(), command, log, environment);
		long deadline = System.nanoTime() + RUN.toNanos();
		while (!faults.awaitExit(Duration.ofMillis(500))) {
			Set<Long> ours = ProcessHandle.of(faults.pid()).stream().flatMap(ProcessHandle::descendants)
				.map(ProcessHandle::pid).collect(Collectors.toSet());
			commandLines().forEach((pid, commandLine) -> watch.saw(commandLine, ours.contains(pid)));
			assertThat(System.nanoTime()).as("faults ran longer than %s; see %s", RUN, log).isLessThan(deadline);
		}
		return new Run(faults.exitValue(), read(log), log);
	}

	/** Every process's command line now, by pid, its arguments joined by spaces; one that ended meanwhile is left out. */
	private static Map<Long, String> commandLines() throws IOException {
		Map<Long, String> commandLines = new HashMap<>();
		try (Stream<Path> processes = Files.list(Path.of("/proc"))) {
			processes.filter((process) -> process.getFileName().toString().matches("[0-9]+")).forEach((process) -> {
				try {
					commandLines.put(Long.valueOf(process.getFileName().toString()),
							new String(Files.readAllBytes(process.resolve("cmdline")), StandardCharsets.UTF_8)
								.replace('\0', ' '));
				}
				catch (IOException ended) {
					// Gone between the listing and the reading: nothing to see.
				}
			});
		}
		return commandLines;
	}

	private static List<Path> files(Path folder) throws IOException {
		try (Stream<Path> files = Files.walk(folder)) {
			return files.filter(Files::isRegularFile).toList();
		}
	}

	private static String read(Path file) {
		try {
			return new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new IllegalStateException("cannot read " + file, ex);
		}
	}

	private interface CommandLineWatch {

		void saw(String commandLine, boolean ours);

	}

	private record Run(int status, String output, Path log) {
	}

}
