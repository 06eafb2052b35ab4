package org.redisbench.launcher;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.redisbench.commandline.CommandLines;
import picocli.CommandLine;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code scripts/fill.sh --verify}: every person read back through the codec's app, which decodes them as it stores
 * them; the app started against the fill's own Redis from a shell whose Redis and Spring settings, REDIS_PASSWORD
 * among them, would send it elsewhere (the pom's surefire environment).
 */
@Tag("end-to-end")
class FillVerifyTest {

	@Test
	void everyPersonOfHashBucketsIsCheckedIntactThroughTheStringApp() {
		// Built before this module's tests (the pom's string-app dependency): else the fill would build it in the test.
		assertThat(Path.of("..", "string-app", "target", "string-app.jar")).as("the string app's jar").isRegularFile();
		StringWriter out = new StringWriter();
		StringWriter err = new StringWriter();
		CommandLine line = CommandLines.of(new RedisBench());
		line.setOut(new PrintWriter(out, true));
		line.setErr(new PrintWriter(err, true));

		int status = line.execute("fill", "-n", "300", "--codec", "fastjson2", "--layout", "hash-bucket", "--verify");

		assertThat(status).as("exit status; out:%n%s%nerr:%n%s", out, err).isZero();
		assertThat(out.toString().lines()).as(out.toString())
			.anyMatch((text) -> text.startsWith("verified: all 300 persons read and intact through the string app"));
	}

}
