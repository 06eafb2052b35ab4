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
import org.redisbench.processes.AppLaunch;
import org.redisbench.processes.AppProcess;
import org.redisbench.processes.RedisServer;
import org.redisbench.testsupport.RedisServerExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An app's launch line as a run builds it: from its jar, with the quick compiler alone for c1, and with class sharing
 * from its extracted jar and an archive trained once for the java on the PATH, then reused. A copy of the string
 * app's jar, so that the training is this test's.
 */
@Tag("end-to-end")
class AppLaunchTest {

	@RegisterExtension
	static final RedisServerExtension REDIS = new RedisServerExtension(RedisServer.withPassword());

	private static final Pattern TRAINING = Pattern
		.compile("training the string app's class-sharing archive for java (\\S+)");

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

		assertThat(new AppLaunch(List.of("java"), false, false, this.logged::add).of("string", jar))
			.containsExactly("-jar", jar.toString());
		assertThat(new AppLaunch(List.of("java"), false, true, this.logged::add).of("string", jar))
			.containsExactly("-XX:TieredStopAtLevel=1", "-jar", jar.toString());
		assertThat(this.logged).isEmpty();
		assertThat(this.dir.resolve("class-sharing")).doesNotExist();
	}

	@Test
	void withClassSharingAnArchiveIsTrainedOnceAndTheAppStartsFromIt() throws Exception {
		Path jar = jar();

		List<String> launch = new AppLaunch(List.of("java"), true, true, this.logged::add).of("string", jar);

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

		assertThat(new AppLaunch(List.of("java"), true, false, this.logged::add).of("string", jar))
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
