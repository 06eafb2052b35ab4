package org.redisbench.openloop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The generator's process as the runner starts it ({@code java -jar open-loop.jar ...}), on this module's classes. */
class OpenLoopGeneratorTest {

	@TempDir
	Path dir;

	@Test
	void aRateOf0ExitsWith2SayingSoInOneLineAndWritesNothing() throws IOException, InterruptedException {
		Path out = this.dir.resolve("never.env");
		Path log = this.dir.resolve("generator.log");
		Process generator = new ProcessBuilder(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
				"-cp", System.getProperty("java.class.path"), OpenLoopGenerator.class.getName(),
				"http://127.0.0.1:1/add", "0", "1", "0", out.toString()))
			.redirectErrorStream(true)
			.redirectOutput(log.toFile())
			.start();
		assertTrue(generator.waitFor(60, TimeUnit.SECONDS), "the generator still runs");
		String said = Files.readString(log, StandardCharsets.UTF_8);

		assertEquals(2, generator.exitValue(), said);
		assertEquals(List.of("open-loop: RATE is a number above 0, was '0' (open-loop --help for usage)"),
				said.lines().toList());
		assertFalse(Files.exists(out), "no step's file");
	}

}
