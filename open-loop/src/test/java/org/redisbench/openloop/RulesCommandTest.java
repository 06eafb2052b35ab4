package org.redisbench.openloop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** test-open-loop.sh's questions of a run's steps, asked as it asks them: of the steps' files. */
class RulesCommandTest {

	@TempDir
	Path dir;

	private final ByteArrayOutputStream out = new ByteArrayOutputStream();

	private final ByteArrayOutputStream err = new ByteArrayOutputStream();

	@Test
	void aSearchGoesStepByStepFromItsFilesAndWritesItsResultWhenOver() throws IOException {
		Path result = this.dir.resolve("slo1.env");
		List<String> args = new ArrayList<>(List.of("slo", "p99=20ms", "50", "20000", "10", result.toString()));
		assertEquals("50", run(args));
		args.add(step("slo1-01-r50", 50, 0, 7.0));
		assertEquals("100", run(args));
		args.add(step("slo1-02-r100", 100, 0, 19.9));
		assertEquals("200", run(args));
		// an error misses the objective whatever the latency
		args.add(step("slo1-03-r200", 200, 1, 9.0));
		assertEquals("150", run(args));
		args.add(step("slo1-04-r150", 150, 0, 20.0));
		assertEquals("125", run(args));
		args.add(step("slo1-05-r125", 125, 0, 12.0));
		assertEquals("137", run(args));
		assertFalse(Files.exists(result), "no result before the search is over");
		args.add(step("slo1-06-r137", 137, 0, 30.0));

		assertEquals("p99=20ms met up to 125 requests/s, missed at 137", run(args));
		// open-loop-rules' SloStepsTest tells what it holds
		assertTrue(Files.readString(result).contains("capacity_rps=125\n"));
	}

	@Test
	void describesAStep() throws IOException {
		assertEquals("achieved 400/s, 0 errors, p50 7 p90 12.6 p99 14 p99.9 15.4 max 21 ms; generator 0.20 cores",
				run(List.of("describe", step("rates-01-r400", 400, 0, 14.0))));
	}

	@Test
	void badArgumentsExit2AndAMissingStepExits1() {
		assertEquals(2, status(List.of("slo", "p98=20ms", "50", "20000", "10", "slo1.env")));
		assertTrue(this.err.toString(StandardCharsets.UTF_8).contains("'p98=20ms'"), this.err.toString());
		assertEquals(2, status(List.of("slo", "p99=20ms", "fifty", "20000", "10", "slo1.env")));
		assertEquals(2, status(List.of("slo", "p99=20ms", "500", "200", "10", "slo1.env")));
		assertEquals(2, status(List.of("describe")));
		assertEquals(1, status(List.of("describe", this.dir.resolve("none.env").toString())));
	}

	private String run(List<String> args) {
		this.out.reset();
		assertEquals(0, status(args), this.err.toString(StandardCharsets.UTF_8));
		return this.out.toString(StandardCharsets.UTF_8).strip();
	}

	private int status(List<String> args) {
		return RulesCommand.run(args.toArray(String[]::new), new PrintStream(this.out, true, StandardCharsets.UTF_8),
				new PrintStream(this.err, true, StandardCharsets.UTF_8));
	}

	/** A step's file as the generator writes it, its p50 half its p99, p90 0.9, p99.9 1.1, max 1.5. */
	private String step(String name, double rate, long errors, double p99Ms) throws IOException {
		Path file = this.dir.resolve(name + ".env");
		Files.writeString(file, String.format(Locale.ROOT, """
				offered_rps=%.3f
				seconds=10
				lead_in_seconds=2
				sent=%d
				errors=%d
				achieved_rps=%.3f
				p50_ms=%.3f
				p90_ms=%.3f
				p99_ms=%.3f
				p99.9_ms=%.3f
				max_ms=%.3f
				lag_p99_ms=0.500
				lag_max_ms=2.000
				client_cpu_cores=0.200
				""", rate, (long) rate * 10, errors, rate, p99Ms / 2, p99Ms * 0.9, p99Ms, p99Ms * 1.1, p99Ms * 1.5));
		return file.toString();
	}

}
