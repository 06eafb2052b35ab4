package org.redisbench.processes;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

class AppJarsTest {

	@TempDir
	Path work;

	@Test
	void theRepositoryIsFoundAboveTheClassesAndNamesEachAppsJar() {
		AppJars jars = AppJars.of(AppJarsTest.class);

		assertThat(jars.repository().resolve("scripts/lib/apps.sh")).isRegularFile();
		assertThat(jars.jar("kryo")).isEqualTo(jars.repository().resolve("kryo-app/target/kryo-app.jar"));
	}

	@Test
	void aJarMissingWithBuildingOffIsAFailureNamingTheLog() {
		AppJars jars = AppJars.of(AppJarsTest.class);
		Path log = this.work.resolve("build-jars.log");

		assertThatIllegalStateException()
			.isThrownBy(() -> jars.build("never", Duration.ofMinutes(1), this.work.resolve("maven.log"), log,
					List.of("nosuch")))
			.withMessageContaining("building is off")
			.withMessageContaining(log.toString());
		assertThat(Files.exists(this.work.resolve("maven.log"))).as("no Maven run").isFalse();
	}

}
