package org.redisbench.processes;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Which Java a java command runs, which names an app's archive and says whether it is an AOT cache. When the app's
 * java is this JVM's own, this JVM says its version: no JVM is started to ask it.
 */
class JavaReleaseTest {

	static final Path JAVA_25 = Path.of("/usr/lib/jvm/temurin-25-jdk-amd64/bin/java");

	@Test
	void aPlacedOrAnotherJavaIsNeverTakenForThisOne() {
		assertThat(JavaRelease.isThisJava(List.of("ip", "netns", "exec", "rb-app", "java"))).isFalse();
		assertThat(JavaRelease.isThisJava(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString())))
			.as("a java named by its path, not found on the PATH").isFalse();
	}

	@Test
	void aJavaSaysItsVmVersionAndFeatureVersionAndOnlyFrom25OnKeepsAnAotCache() {
		String thisJava = Path.of(System.getProperty("java.home"), "bin", "java").toString();
		JavaRelease asked = JavaRelease.of(List.of(thisJava));
		assertThat(asked).isEqualTo(new JavaRelease(System.getProperty("java.vm.version"), Runtime.version().feature()));
		assertThat(asked.hasAotCache()).isEqualTo(Runtime.version().feature() >= 25);
		assertThat(JavaRelease.of(List.of("no-such-java-here"))).isEqualTo(JavaRelease.UNKNOWN);
		assertThat(JavaRelease.UNKNOWN.hasAotCache()).isFalse();

		assumeTrue(Files.isExecutable(JAVA_25), "no " + JAVA_25);
		JavaRelease java25 = JavaRelease.of(List.of(JAVA_25.toString()));
		assertThat(java25.feature()).isEqualTo(25);
		assertThat(java25.vmVersion()).startsWith("25");
		assertThat(java25.hasAotCache()).isTrue();
	}

}
