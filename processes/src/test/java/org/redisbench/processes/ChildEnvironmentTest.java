package org.redisbench.processes;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/** The shell's REDISCLI_AUTH, REDIS_PASSWORD and SPRING_* never reach a server, an app or a tool of ours. */
class ChildEnvironmentTest {

	@TempDir
	Path directory;

	/** Without them in the tests' own environment every test here would pass whatever a child inherits. */
	@BeforeAll
	static void theTestsRunFromAShellWithRedisSettings() {
		assertThat(Environ.SHELL_SETTINGS).allSatisfy((name) -> assertThat(System.getenv(name))
			.as(name + " in the tests' environment (processes/pom.xml sets it)")
			.isNotNull());
	}

	@Test
	void theShellsRedisAndSpringSettingsAreTheOnesLeftOut() {
		assertThat(List.of("REDISCLI_AUTH", "REDIS_PASSWORD", "ADVISE_PASSWORD", "SPRING_DATA_REDIS_URL",
				"SPRING_PROFILES_ACTIVE")).allMatch(ChildEnvironment::isShellRedisSetting);
		assertThat(List.of("PATH", "HOME", "JAVA_HOME", "TMPDIR", "REDIS_PASSWORD_FILE", "MY_SPRING_THING"))
			.noneMatch(ChildEnvironment::isShellRedisSetting);
	}

	@Test
	void aToolGetsWhatIsHandedToItByNameAndNoneOfTheShells() throws IOException {
		Path log = this.directory.resolve("env.log");
		ChildProcess env = ChildProcess.start(this.directory, List.of("env"), log,
				Map.of("SPRING_DATA_REDIS_PASSWORD", "handed-over"));
		assertThat(env.awaitExit(Duration.ofSeconds(10))).isTrue();

		List<String> printed = Files.readAllLines(log);
		assertThat(Environ.shellSettingsIn(printed)).containsExactly("SPRING_DATA_REDIS_PASSWORD=handed-over");
	}

}
