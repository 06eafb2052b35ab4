package org.redisbench.instrumentcost;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A small whole run: the string app on the JVM's java, against a redis-server the command starts itself, /noop
 * and /add without keep-alive, one round; its facts, its raw outputs kept with -o, and its table. Started from a
 * shell whose Redis settings would send the app elsewhere (the pom's surefire environment).
 */
@Tag("end-to-end")
class InstrumentCostRunTest {

	@TempDir
	Path dir;

	@Test
	void oneSettingIsMeasuredIntoFactsAndATableRowPerPath() throws Exception {
		// Built before this module's tests (the pom's string-app dependency): --no-build runs it as it is.
		assertThat(Path.of("string-app", "target", "string-app.jar")).as("the string app's jar").isRegularFile();
		Path output = this.dir.resolve("raw");
		String java = JavaRuntime.of("java").label();

		InstrumentCostCommandTest.Run run = InstrumentCostCommandTest.run(Map.of(), "-n", "200", "-w", "100", "-c",
				"4", "-r", "1", "--app", "string", "--keep-alive", "no", "--jit-idle-timeout", "5", "--no-build", "-o",
				output.toString());

		assertThat(run.status()).as("exit status; out:%n%s%nerr:%n%s", run.out(), run.err()).isZero();
		List<String> facts = Files.readAllLines(output.resolve("facts.txt"));
		assertThat(facts).hasSize(2);
		assertThat(facts.get(0)).matches(java + " platform 200 none no noop \\d+ \\d+ [1-9]\\d* 200 " + java
				+ "-platform-200-none-no-noop-1\\.ab\\.txt");
		assertThat(facts.get(1)).matches(java + " platform 200 none no add \\d+ \\d+ [1-9]\\d* 200 " + java
				+ "-platform-200-none-no-add-1\\.ab\\.txt");
		assertThat(output.resolve(java + "-platform-200-none-no-add-1.ab.txt")).content()
			.contains("Complete requests:      200");
		assertThat(output.resolve("app-" + java + "-platform-200-none-1.log")).isRegularFile();
		assertThat(output.resolve("redis-server.log")).isRegularFile();
		List<String> table = run.out().lines().toList();
		assertThat(table).hasSize(5);
		assertThat(table.get(0)).isEmpty();
		assertThat(table.get(1)).startsWith("string app, pipeline mode, ab -n 200 -c 4, 1 rounds, ");
		assertThat(table.get(2)).startsWith("java     threads   tomcat  settings");
		assertThat(table.get(3)).matches(java + " +platform +200 +none +no +noop +\\d+ \\(\\d+-\\d+\\) +\\d+\\.\\d{3} .*");
		assertThat(table.get(4)).matches(java + " +platform +200 +none +no +add +\\d+ \\(\\d+-\\d+\\) +\\d+\\.\\d{3} .*");
		assertThat(run.err()).contains("round 1/1: " + java + ", platform threads, Tomcat threads 200, none, "
				+ "keep-alive no, /noop");
	}

}
