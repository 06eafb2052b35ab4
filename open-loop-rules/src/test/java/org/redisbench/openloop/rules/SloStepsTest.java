package org.redisbench.openloop.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.redisbench.openloop.rules.SloSteps.Next;
import org.redisbench.openloop.rules.SloSteps.Over;

/** A search asked as the runner asks it between steps: of the steps' files. */
class SloStepsTest {

	@TempDir
	Path dir;

	@Test
	void aSearchGoesStepByStepFromItsFilesAndWritesItsResultWhenOver() throws IOException {
		SloSteps search = new SloSteps(Objective.parse("p99=20ms"), new SloSearch(50, 20_000, 10));
		Path result = this.dir.resolve("slo1.env");
		List<Path> steps = new ArrayList<>();
		assertEquals(new Next(50), search.after(steps, result));
		steps.add(step("slo1-01-r50", 50, 0, 7.0));
		assertEquals(new Next(100), search.after(steps, result));
		steps.add(step("slo1-02-r100", 100, 0, 19.9));
		assertEquals(new Next(200), search.after(steps, result));
		// an error misses the objective whatever the latency
		steps.add(step("slo1-03-r200", 200, 1, 9.0));
		assertEquals(new Next(150), search.after(steps, result));
		steps.add(step("slo1-04-r150", 150, 0, 20.0));
		assertEquals(new Next(125), search.after(steps, result));
		steps.add(step("slo1-05-r125", 125, 0, 12.0));
		assertEquals(new Next(137), search.after(steps, result));
		assertFalse(Files.exists(result), "no result before the search is over");
		steps.add(step("slo1-06-r137", 137, 0, 30.0));

		assertEquals(new Over("p99=20ms met up to 125 requests/s, missed at 137"), search.after(steps, result));
		assertEquals("""
				objective=p99=20ms
				percentile=p99
				bound_ms=20
				capacity_rps=125
				lowest_missed_rps=137
				steps=6
				max_rps=20000
				""", Files.readString(result));
	}

	@Test
	void aSearchThatReachesItsMaxSaysSoWithoutAMiss() throws IOException {
		SloSteps search = new SloSteps(Objective.parse("p99.9=2.5ms"), new SloSearch(20, 40, 100));
		Path result = this.dir.resolve("slo2.env");
		List<Path> steps = new ArrayList<>(List.of(step("slo2-01-r20", 20, 0, 1.0)));
		assertEquals(new Next(40), search.after(steps, result));
		steps.add(step("slo2-02-r40", 40, 0, 1.0));
		assertEquals(new Over("p99.9=2.5ms met up to 40 requests/s"), search.after(steps, result));
		assertEquals("0", value(result, "lowest_missed_rps"));
		assertEquals("2.5", value(result, "bound_ms"));
	}

	@Test
	void aStepWithoutItsRateIsAnError() throws IOException {
		Path empty = Files.writeString(this.dir.resolve("empty.env"), "errors=0\n");
		SloSteps search = new SloSteps(Objective.parse("p99=20ms"), new SloSearch(50, 100, 10));
		assertThrows(IOException.class, () -> search.after(List.of(empty), this.dir.resolve("slo1.env")));
	}

	private static String value(Path file, String name) throws IOException {
		return Files.readAllLines(file).stream().filter(line -> line.startsWith(name + "=")).findFirst().orElseThrow()
			.substring(name.length() + 1);
	}

	/** A step's file as the generator writes it, its p50 half its p99, p90 0.9, p99.9 1.1, max 1.5. */
	private Path step(String name, double rate, long errors, double p99Ms) throws IOException {
		return Files.writeString(this.dir.resolve(name + ".env"), String.format(Locale.ROOT, """
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
	}

}
