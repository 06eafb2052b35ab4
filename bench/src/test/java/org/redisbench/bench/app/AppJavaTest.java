package org.redisbench.bench.app;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.redisbench.bench.SettingsForTests;
import org.redisbench.commandline.Refusal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * APP_JAVA, the java that runs the apps: the PATH's unless given; one given that does not run is refused (exit 2,
 * one line) before anything starts.
 */
class AppJavaTest {

	private static final Path JAVA_25 = Path.of("/usr/lib/jvm/temurin-25-jdk-amd64/bin/java");

	/** Another java than the PATH's where the machine has one (Temurin 25), else this JVM's, named by its path. */
	static Path otherJava() {
		return Files.isExecutable(JAVA_25) ? JAVA_25 : Path.of(System.getProperty("java.home"), "bin", "java");
	}

	@Test
	void theAppsRunOnTheJavaOfThePathUnlessAnotherIsGiven() {
		assertThat(SettingsForTests.of(Map.of()).appJava()).isEqualTo("java");
		assertThat(SettingsForTests.of(Map.of("APP_JAVA", otherJava().toString())).appJava())
			.isEqualTo(otherJava().toString());
	}

	@Test
	void aJavaThatIsMissingOrDoesNotRunIsRefusedInOneLine() {
		assertThatThrownBy(() -> SettingsForTests.of(Map.of("APP_JAVA", "/nowhere/bin/java")))
			.isInstanceOf(Refusal.class)
			.hasMessageStartingWith("APP_JAVA '/nowhere/bin/java' does not run: cannot start /nowhere/bin/java")
			.message().doesNotContain("\n");
		assertThatThrownBy(() -> SettingsForTests.of(Map.of("APP_JAVA", "false")))
			.isInstanceOf(Refusal.class)
			.hasMessage("APP_JAVA 'false' does not run: exit status 1");
		// Where BENCH_APP_EXEC places the apps: a prefix that fails fails the java behind it.
		assertThatThrownBy(() -> SettingsForTests.of(Map.of("APP_JAVA", otherJava().toString(), "BENCH_APP_EXEC",
				"false")))
			.isInstanceOf(Refusal.class)
			.hasMessage("APP_JAVA '" + otherJava() + "' does not run: exit status 1");
	}

}
