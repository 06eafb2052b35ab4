package org.redisbench.openloop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.redisbench.openloop.rules.RunQueueTick;
import org.redisbench.openloop.rules.StepFigures;

import com.sun.net.httpserver.HttpServer;

/** The generator's process as the runner starts it ({@code java -jar open-loop.jar ...}), on this module's classes. */
class OpenLoopGeneratorTest {

	@TempDir
	Path dir;

	@Test
	void aRateOf0ExitsWith2SayingSoInOneLineAndWritesNothing() throws IOException, InterruptedException {
		Path out = this.dir.resolve("never.env");
		Path log = this.dir.resolve("generator.log");
		int status = generator(log, "http://127.0.0.1:1/add", "0", "1", "0", out.toString());
		String said = Files.readString(log, StandardCharsets.UTF_8);

		assertEquals(2, status, said);
		assertEquals(List.of("open-loop: RATE is a number above 0, was '0' (open-loop --help for usage)"),
				said.lines().toList());
		assertFalse(Files.exists(out), "no step's file");
	}


	/**
	 * The run-queue ticks are read as often as told, and not at all at 0: a step against a stand-in that answers
	 * every request at once, one with ticks 50 ms apart, one without.
	 */
	@Test
	void theRunQueueIsReadEveryTickAskedForAndNeverAt0() throws Exception {
		HttpServer standIn = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
		standIn.createContext("/", (exchange) -> {
			exchange.sendResponseHeaders(200, -1);
			exchange.close();
		});
		standIn.start();
		try {
			String url = "http://127.0.0.1:" + standIn.getAddress().getPort() + "/add";
			Path ticked = this.dir.resolve("ticked.env");
			Path unticked = this.dir.resolve("unticked.env");

			assertEquals(0, generator(this.dir.resolve("ticked.log"), "--runqueue-tick-ms", "50", url, "20", "2", "0",
					ticked.toString()), () -> read(this.dir.resolve("ticked.log")));
			assertEquals(0, generator(this.dir.resolve("unticked.log"), "--runqueue-tick-ms", "0", url, "20", "2", "0",
					unticked.toString()), () -> read(this.dir.resolve("unticked.log")));

			List<RunQueueTick> ticks = RunQueueTick.parse(read(Path.of(ticked + ".runqueue")));
			// the counted 2 s alone hold 40 ticks of 50 ms; a tick is late on a busy machine, never early
			assertTrue(ticks.size() >= 30, ticks.size() + " ticks");
			List<Long> spans = ticks.stream().map((tick) -> tick.toUs() - tick.fromUs()).sorted().toList();
			long median = spans.get(spans.size() / 2);
			assertTrue(median >= 40_000 && median < 100_000, "median tick " + median + " µs");
			assertTrue(ticks.stream().allMatch((tick) -> tick.process().equals(StepFigures.GENERATOR)));
			assertTrue(read(unticked).contains("runqueue_ms_per_s_generator="), "the step's own wait still");
			assertFalse(Files.exists(Path.of(unticked + ".runqueue")), "no ticks file at 0");
		}
		finally {
			standIn.stop(0);
		}
	}

	/** The generator's process as the runner starts it, its output into {@code log}; its exit status. */
	private static int generator(Path log, String... args) throws IOException, InterruptedException {
		List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
			.toString(), "-cp", System.getProperty("java.class.path"), OpenLoopGenerator.class.getName()));
		command.addAll(List.of(args));
		Process generator = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
		if (!generator.waitFor(120, TimeUnit.SECONDS)) {
			generator.destroyForcibly().waitFor();
			throw new AssertionError("the generator still ran after 120 s: " + read(log));
		}
		return generator.exitValue();
	}

	private static String read(Path file) {
		try {
			return Files.readString(file, StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			return "(" + ex + ")";
		}
	}

}
