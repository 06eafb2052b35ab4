package org.redisbench.processes;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** When the app's java is this JVM's own, this JVM says its version: no JVM is started to ask it. */
class AppLaunchTest {

	@Test
	void aPlacedOrAnotherJavaIsNeverTakenForThisOne() {
		assertThat(AppLaunch.isThisJava(List.of("ip", "netns", "exec", "rb-app", "java"))).isFalse();
		assertThat(AppLaunch.isThisJava(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString())))
			.as("a java named by its path, not found on the PATH").isFalse();
	}

}
