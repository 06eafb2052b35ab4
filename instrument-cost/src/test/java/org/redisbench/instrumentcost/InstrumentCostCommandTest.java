package org.redisbench.instrumentcost;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.redisbench.commandline.CommandLines;
import picocli.CommandLine;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code redis-bench instrument-cost}'s command line: its options and their environment defaults, and every bad
 * option or setting refused in one line, exit 2, before anything starts. {@link InstrumentCostRunTest} runs it.
 */
class InstrumentCostCommandTest {

	@TempDir
	Path dir;

	@Test
	void helpShowsEveryOptionWithItsEnvironmentDefaultGroupedAsTheScriptsWas() {
		Run help = run(Map.of(), "--help");

		assertThat(help.status()).isZero();
		assertThat(help.out()).contains("Load:", "Settings compared", "Timeouts:", "Output:", "Build", "Exit status")
			.contains("-n, --requests=N", "-w, --warmup=N", "-c, --concurrency=N", "-r, --rounds=N", "-a, --app=APP",
					"--java=LIST", "--threads=LIST", "--keep-alive=LIST", "--tomcat-threads=LIST", "--app-settings=LIST",
					"--mode=MODE", "--phase-timeout=SECONDS", "--jit-idle-timeout=SECONDS", "-o, --output=DIR",
					"--build", "--no-build")
			.contains("[COST_REQUESTS=20000]", "[COST_WARMUP=10000]", "[COST_CONCURRENCY=50]", "[COST_ROUNDS=3]",
					"[COST_APP=kryo]", "[COST_JAVA=java]", "[COST_THREADS=platform]", "[COST_KEEPALIVE=no,yes]",
					"[COST_TOMCAT_THREADS=200]", "[COST_APP_SETTINGS=none]", "[COST_MODE=pipeline]",
					"[COST_PHASE_TIMEOUT=900]", "[COST_JIT_IDLE_TIMEOUT=30]", "[COST_OUTPUT=;", "COST_BUILD=auto");
	}

	/** picocli reads ${COST_...} from the system properties before the environment: the test's way to set one. */
	@Test
	void theEnvironmentGivesTheDefaultsAndAnOptionOverridesThem() {
		System.setProperty("COST_REQUESTS", "700");
		System.setProperty("COST_TOMCAT_THREADS", "16,8");
		try {
			InstrumentCostCommand command = new InstrumentCostCommand(Map.of());
			CommandLines.of(command).parseArgs("-c", "7", "--keep-alive", "yes");

			assertThat(command.load.requests).isEqualTo(700);
			assertThat(command.load.concurrency).isEqualTo(7);
			assertThat(command.load.warmup).isEqualTo(10000);
			assertThat(command.settings.tomcatThreads).isEqualTo("16,8");
			assertThat(command.settings.keepAlive).isEqualTo("yes");
			assertThat(command.output.folder).isEmpty();
		}
		finally {
			System.clearProperty("COST_REQUESTS");
			System.clearProperty("COST_TOMCAT_THREADS");
		}
	}

	@ParameterizedTest
	@CsvSource(delimiter = '|', quoteCharacter = '"', value = {
			"--tomcat-threads 0 | a Tomcat thread count is a whole number from 1, was '0'",
			"--tomcat-threads x | a Tomcat thread count is a whole number from 1, was 'x'",
			"--tomcat-threads 8,8 | Tomcat thread count '8' given twice",
			"--app-settings bench.redis-buffer | an app setting is none or name=value joined by +, e.g. bench.redis-buffer=8KB, was 'bench.redis-buffer'",
			"--app-settings x=1+ | an app setting is none or name=value joined by +, e.g. bench.redis-buffer=8KB, was 'x=1+'",
			"--app-settings none,none | app setting 'none' given twice",
			"--app-settings Bench.x=1 | was 'Bench.x=1'",
			"--mode cluster | --mode is one of: pipeline, per-key; was 'cluster'",
			"--app gson | --app is one of: string, kryo, jackson; was 'gson'",
			"--threads carrier | unknown threads 'carrier' (one of: platform,virtual, or all)",
			"--keep-alive no,no | --keep-alive: 'no' given twice",
			"--java /nonexistent | '/nonexistent' is neither a java command nor a JDK folder",
			"--java java,java | java 'java' given twice",
			"-n 10 -c 50 | concurrency 50 exceeds the 10 requests",
			"-n 0 | --requests is a whole number, at least 1, not 0",
			"-r 0 | --rounds is a whole number, at least 1, not 0",
			"-w -1 | --warmup is a whole number, at least 0, not -1",
			"--phase-timeout 0 | --phase-timeout is a whole number, at least 1, not 0",
			"-n many | Invalid value for option '--requests': 'many' is not an int",
			"--rouns 2 | unknown option '--rouns', did you mean --rounds?" })
	void aBadOptionIsRefusedInOneLineBeforeAnythingStarts(String arguments, String message) {
		Run refused = run(Map.of(), arguments.split(" "));

		assertThat(refused.status()).as(refused.err()).isEqualTo(CommandLines.REFUSED);
		assertThat(refused.err()).hasLineCount(1).startsWith("instrument-cost: ").contains(message);
		assertThat(refused.out()).isEmpty();
	}

	@Test
	void aBuildPolicyOfTheEnvironmentIsOneOfAutoAlwaysNever() {
		Run refused = run(Map.of("COST_BUILD", "sometimes"));

		assertThat(refused.status()).isEqualTo(CommandLines.REFUSED);
		assertThat(refused.err()).hasLineCount(1).contains("COST_BUILD is one of: auto, always, never; was 'sometimes'");
	}

	/** Spring Boot runs platform threads below Java 21 whatever spring.threads.virtual.enabled says. */
	@Test
	void virtualThreadsAreRefusedWhenNoJavaGivenIsTwentyOneOrLater() throws IOException {
		Path java17 = fakeJava("17");
		Path java11 = fakeJava("11");

		Run refused = run(Map.of(), "--java", java17 + "," + java11, "--threads", "platform,virtual");

		assertThat(refused.status()).isEqualTo(CommandLines.REFUSED);
		assertThat(refused.err()).hasLineCount(1).contains("virtual threads need Java 21 or later, and the newest java "
				+ "given is Java 17: add a newer JDK with --java");
	}

	@Test
	void aJdkFolderStandsForItsJavaAndIsTheSameJavaAsItsCommand() throws IOException {
		Path jdk = Files.createDirectories(this.dir.resolve("jdk"));
		Path java = fakeJava(jdk, "25");
		Files.createDirectories(jdk.resolve("bin"));
		Files.move(java, jdk.resolve("bin").resolve("java"));

		assertThat(JavaRuntime.of(jdk.toString())).isEqualTo(new JavaRuntime(jdk.resolve("bin/java"), "25"));
		assertThat(JavaRuntime.of(jdk.toString()).label()).isEqualTo("java25");
		Run refused = run(Map.of(), "--java", jdk + "," + jdk.resolve("bin/java"));
		assertThat(refused.err()).hasLineCount(1).contains("java '" + jdk.resolve("bin/java") + "' given twice");
	}

	@Test
	void eachSettingIsAnAppsArgumentsAndVirtualThreadsRunOnceOnTheNewerJavasOnly() {
		JavaRuntime java17 = new JavaRuntime(Path.of("/jdk17/bin/java"), "17");
		JavaRuntime java25 = new JavaRuntime(Path.of("/jdk25/bin/java"), "25");

		List<ServerSetting> settings = ServerSetting.all(List.of(java17, java25), List.of("platform", "virtual"),
				List.of("200", "8"), List.of("none", "bench.redis-buffer=8KB+bench.x=1"));

		assertThat(settings).extracting(ServerSetting::facts).containsExactly("java17 platform 200 none",
				"java17 platform 200 bench.redis-buffer=8KB+bench.x=1", "java17 platform 8 none",
				"java17 platform 8 bench.redis-buffer=8KB+bench.x=1", "java25 platform 200 none",
				"java25 platform 200 bench.redis-buffer=8KB+bench.x=1", "java25 platform 8 none",
				"java25 platform 8 bench.redis-buffer=8KB+bench.x=1", "java25 virtual - none",
				"java25 virtual - bench.redis-buffer=8KB+bench.x=1");
		assertThat(settings.get(3).arguments()).containsExactly("--spring.threads.virtual.enabled=false",
				"--server.tomcat.threads.max=8", "--server.tomcat.threads.min-spare=8", "--bench.redis-buffer=8KB",
				"--bench.x=1");
		assertThat(settings.get(4).arguments()).containsExactly("--spring.threads.virtual.enabled=false",
				"--server.tomcat.threads.max=200", "--server.tomcat.threads.min-spare=10");
		assertThat(settings.get(8).arguments()).containsExactly("--spring.threads.virtual.enabled=true");
		assertThat(settings.get(9).fileName()).isEqualTo("java25-virtual---bench.redis-buffer=8KB_bench.x=1");
	}

	/** A java that says only its version, as {@code java -XshowSettings:properties -version} does on stderr. */
	private Path fakeJava(String version) throws IOException {
		return fakeJava(this.dir, version);
	}

	private static Path fakeJava(Path folder, String version) throws IOException {
		Path java = folder.resolve("java" + version);
		Files.writeString(java, "#!/bin/sh\necho 'Property settings:' >&2\necho '    java.specification.version = "
				+ version + "' >&2\necho '    java.vendor = Fake' >&2\n");
		assertThat(java.toFile().setExecutable(true)).isTrue();
		return java;
	}

	static Run run(Map<String, String> environment, String... args) {
		StringWriter out = new StringWriter();
		StringWriter err = new StringWriter();
		CommandLine line = CommandLines.of(new InstrumentCostCommand(environment));
		line.setOut(new PrintWriter(out, true));
		line.setErr(new PrintWriter(err, true));
		int status = line.execute(args);
		return new Run(status, out.toString(), err.toString());
	}

	record Run(int status, String out, String err) {
	}

}
