package org.redisbench.bench.app;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.redisbench.processes.AppJars;
import org.redisbench.processes.AppJava;
import org.redisbench.processes.AppLaunch;
import org.redisbench.processes.AppProcess;
import org.redisbench.processes.RedisServer;
import org.redisbench.testsupport.RedisServerExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * An app's launch line as a run builds it: from its jar, with the quick compiler alone for c1, and with class sharing
 * from its extracted jar and an archive trained once for the java on the PATH (17: a dynamic archive), then reused;
 * on Java 25, an AOT cache trained on requests. A copy of the string app's jar, so that the training is this test's.
 */
@Tag("end-to-end")
class AppLaunchTest {

	@RegisterExtension
	static final RedisServerExtension REDIS = new RedisServerExtension(RedisServer.withPassword());

	private static final Pattern TRAINING = Pattern
		.compile("training the string app's class-sharing archive for java (\\S+)");

	private static final Path JAVA_25 = Path.of("/usr/lib/jvm/temurin-25-jdk-amd64/bin/java");

	@TempDir
	Path dir;

	private final List<String> logged = new ArrayList<>();

	private Path jar() throws Exception {
		Path jar = this.dir.resolve("string-app.jar");
		Files.copy(AppJars.of(AppLaunchTest.class).jar("string"), jar);
		return jar;
	}

	@Test
	void withoutClassSharingTheAppStartsFromItsJarWithC1OnlyWhenAsked() throws Exception {
		Path jar = jar();

		assertThat(new AppLaunch(AppJava.onThePath(), false, false, this.logged::add).of("string", jar))
			.containsExactly("-jar", jar.toString());
		assertThat(new AppLaunch(AppJava.onThePath(), false, true, this.logged::add).of("string", jar))
			.containsExactly("-XX:TieredStopAtLevel=1", "-jar", jar.toString());
		assertThat(this.logged).isEmpty();
		assertThat(this.dir.resolve("class-sharing")).doesNotExist();
	}

	@Test
	void withClassSharingAnArchiveIsTrainedOnceAndTheAppStartsFromIt() throws Exception {
		Path jar = jar();

		List<String> launch = new AppLaunch(AppJava.onThePath(), true, true, this.logged::add).of("string", jar);

		assertThat(this.logged).hasSize(1);
		Matcher training = TRAINING.matcher(this.logged.get(0));
		assertThat(training.matches()).as(this.logged.get(0)).isTrue();
		Path archive = this.dir.resolve("class-sharing/string-" + training.group(1) + ".jsa");
		Path extracted = this.dir.resolve("class-sharing/extracted/string-app.jar");
		assertThat(launch).containsExactly("-XX:TieredStopAtLevel=1", "-XX:SharedArchiveFile=" + archive,
				"-Xlog:cds=off", "-Xlog:cds+dynamic=off", "-jar", extracted.toString());
		assertThat(Files.size(archive)).isPositive();
		assertThat(extracted).isRegularFile();
		FileTime trained = Files.getLastModifiedTime(archive);

		assertThat(new AppLaunch(AppJava.onThePath(), true, false, this.logged::add).of("string", jar))
			.containsExactly("-XX:SharedArchiveFile=" + archive, "-Xlog:cds=off", "-Xlog:cds+dynamic=off", "-jar",
					extracted.toString());
		assertThat(this.logged).hasSize(1);
		assertThat(Files.getLastModifiedTime(archive)).isEqualTo(trained);

		// -Xshare:on: a JVM that cannot map the archive refuses to start, rather than starting without it.
		List<String> shared = new ArrayList<>(List.of("-Xshare:on", "-Xmx256m"));
		shared.addAll(launch);
		try (AppProcess app = new AppProcess("string-app", javaOnThePath(), shared,
				List.of("--spring.data.redis.port=" + REDIS.port()),
				Map.of("SPRING_DATA_REDIS_PASSWORD", REDIS.server().password()), AppProcess.START_TIMEOUT)) {
			app.start();
			assertThat(app.isRunning()).isTrue();
		}
	}

	/**
	 * Trained once with the app's JVM options, on a Redis of its own, by a JVM that assembles the cache as it exits;
	 * then a JVM that must map it ({@code -XX:AOTMode=on}: it refuses to start otherwise) says it opened it.
	 */
	@Test
	void onJava25AnAotCacheIsTrainedOnRequestsAndTheAppStartsFromIt() throws Exception {
		assumeTrue(Files.isExecutable(JAVA_25), "no " + JAVA_25);
		Path jar = jar();
		AppJava java25 = new AppJava(List.of(), JAVA_25.toString(), List.of("-Xmx256m"));

		List<String> launch = new AppLaunch(java25, true, true, this.logged::add).of("string", jar);

		assertThat(this.logged).hasSize(1);
		Matcher training = Pattern.compile("training the string app's AOT cache for java (\\S+) on 3000 requests to each"
				+ " of /noop, /add, /check").matcher(this.logged.get(0));
		assertThat(training.matches()).as(this.logged.get(0)).isTrue();
		assertThat(training.group(1)).startsWith("25");
		Path cache = this.dir.resolve("class-sharing/string-" + training.group(1) + ".aot");
		Path extracted = this.dir.resolve("class-sharing/extracted/string-app.jar");
		assertThat(launch).containsExactly("-XX:TieredStopAtLevel=1", "-XX:AOTCache=" + cache, "-jar",
				extracted.toString());
		assertThat(Files.size(cache)).isPositive();
		try (var files = Files.list(this.dir.resolve("class-sharing"))) {
			assertThat(files.map((file) -> file.getFileName().toString())).as("nothing staged left, no .jsa")
				.containsExactlyInAnyOrder(cache.getFileName().toString(), "extracted", "training.log");
		}
		assertThat(new AppLaunch(java25, true, false, this.logged::add).of("string", jar))
			.containsExactly("-XX:AOTCache=" + cache, "-jar", extracted.toString());
		assertThat(this.logged).hasSize(1);

		List<String> mapped = new ArrayList<>(List.of("-XX:AOTMode=on", "-Xlog:aot", "-Xmx256m"));
		mapped.addAll(launch);
		try (AppProcess app = new AppProcess("string-app", JAVA_25, mapped,
				List.of("--spring.data.redis.port=" + REDIS.port()),
				Map.of("SPRING_DATA_REDIS_PASSWORD", REDIS.server().password()), AppProcess.START_TIMEOUT)) {
			app.start();
			assertThat(app.log()).content().contains("Opened AOT cache " + cache);
		}
	}

	/** A training that fails (here its JVM refuses the run's options) is a warning: the app starts from its jar. */
	@Test
	void onJava25AFailedTrainingIsAWarningAndTheAppStartsFromItsJar() throws Exception {
		assumeTrue(Files.isExecutable(JAVA_25), "no " + JAVA_25);
		Path jar = jar();
		AppJava refused = new AppJava(List.of(), JAVA_25.toString(), List.of("-XX:+NoSuchOptionOfTheJvm"));

		assertThat(new AppLaunch(refused, true, false, this.logged::add).of("string", jar))
			.containsExactly("-jar", jar.toString());

		Path classSharing = this.dir.resolve("class-sharing");
		assertThat(this.logged).last().isEqualTo("warning: no class-sharing archive for the string app (see "
				+ classSharing.resolve("training.log") + "); it starts from its jar");
		assertThat(classSharing.resolve("training.log")).content().contains("NoSuchOptionOfTheJvm");
		try (var files = Files.list(classSharing)) {
			assertThat(files.map((file) -> file.getFileName().toString())).containsExactlyInAnyOrder("extracted",
					"training.log");
		}
	}

	/** The java a run starts the apps with, as bash's {@code java}. */
	private static Path javaOnThePath() {
		for (String folder : System.getenv("PATH").split(":")) {
			Path java = Path.of(folder, "java");
			if (Files.isExecutable(java)) {
				return java;
			}
		}
		throw new IllegalStateException("no java on the PATH");
	}

}
