package org.redisbench.bench.openloop;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.redisbench.bench.SettingsForTests;
import org.redisbench.tooloutput.SafepointLog;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The app's safepoint log, which a run with open-loop steps starts the app with, and only such a run: the option as
 * this JVM takes it, into a folder whose name holds a colon (which -Xlog would otherwise read as its next field).
 */
class AppSafepointLogTest {

	@TempDir
	Path folder;

	@Test
	void onlyARunWithStepsLogsTheAppsSafepointsWhereTheStepsReadThem() throws Exception {
		Path dir = Files.createDirectories(this.folder.resolve("rep:1"));
		assertThat(OpenLoopSteps.appJavaOptions(SettingsForTests.of(Map.of()), dir)).as("no steps, no log").isEmpty();
		List<String> options = OpenLoopSteps.appJavaOptions(SettingsForTests.of(Map.of(), "--rates", "20"), dir);

		List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
			.toString()));
		command.addAll(options);
		// a full collection is a safepoint
		Path program = Files.writeString(this.folder.resolve("Gc.java"),
				"class Gc { public static void main(String[] args) { System.gc(); } }");
		command.addAll(List.of("-XX:+UseSerialGC", program.toString()));
		Process java = new ProcessBuilder(command).redirectErrorStream(true)
			.redirectOutput(this.folder.resolve("java.out").toFile())
			.start();
		assertThat(java.waitFor(60, TimeUnit.SECONDS)).isTrue();
		assertThat(java.exitValue()).as(Files.readString(this.folder.resolve("java.out"))).isZero();

		Path log = dir.resolve(OpenLoopSteps.SAFEPOINTS);
		assertThat(log).as("the log the steps read, written by this JVM").exists();
		long startedMs = ProcessHandle.current().info().startInstant().orElseThrow().toEpochMilli();
		assertThat(SafepointLog.pauses(Files.readString(log))).as(Files.readString(log))
			.as("System.gc()'s at least, GenCollectFull on JDK 17, SerialGCCollect on 25").isNotEmpty()
			.allSatisfy((pause) -> assertThat(pause.toUs()).isGreaterThan(startedMs * 1_000));
	}

}
