package org.redisbench.instrumentcost;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.redisbench.tooloutput.AbOutput;
import org.redisbench.tooloutput.Resources;

class InstrumentCostTableTest {

	@TempDir
	Path dir;

	@Test
	void cpuPerRequestIsTheTicksDeltaInMsOverTheRequests() {
		// 50 ticks at 100 a second: 500 ms of CPU over 1000 requests.
		assertEquals(0.5, InstrumentCostTable.cpuMsPerRequest(100, 150, 100, 1000), 1e-12);
		assertEquals(0.0, InstrumentCostTable.cpuMsPerRequest(7, 7, 100, 20000));
	}

	@Test
	void medianOfAnOddCountIsTheMiddleOneOfAnEvenCountTheMeanOfTheMiddleTwo() {
		assertEquals("2 (1-9)", InstrumentCostTable.spread(new double[] { 9, 1, 2 }, "%.0f"));
		assertEquals("0.250 (0.100-0.400)", InstrumentCostTable.spread(new double[] { 0.4, 0.1, 0.3, 0.2 }, "%.3f"));
		assertEquals("378 (378-378)", InstrumentCostTable.spread(new double[] { 377.5 }, "%.0f"));
	}

	@Test
	void phaseReadsRequestsPerSecondFromAbAndCpuFromTheTicks() throws Exception {
		Files.writeString(this.dir.resolve("add.ab.txt"), Resources.raw("ab-add.txt"));
		InstrumentCostTable.Phase phase = InstrumentCostTable
			.phase("java17 platform 200 none no add 1000 1080 100 2000 add.ab.txt", this.dir, "facts:1");
		assertEquals(new InstrumentCostTable.Setting("java17", "platform", "200", "none", "no", "add"), phase.setting());
		assertEquals(377.39, phase.requestsPerSecond());
		assertEquals(0.4, phase.cpuMsPerRequest(), 1e-12);
	}

	@Test
	void rowsAreGroupedBySettingAndSortedAsTheScriptsTableWas() throws Exception {
		List<String> facts = new ArrayList<>();
		int file = 0;
		// Two rounds, each setting's phases in the order instrument-cost measures them, /noop then /add.
		for (int round = 1; round <= 2; round++) {
			for (String setting : List.of("java25 platform 16 none yes", "java25 platform 8 none yes",
					"java25 virtual - none yes", "java17 platform 8 none yes", "java17 platform 8 none no",
					"java17 platform 8 bench.redis-buffer=8KB no")) {
				for (String path : List.of("noop", "add")) {
					String ab = "phase-" + (++file) + ".ab.txt";
					Files.writeString(this.dir.resolve(ab), ab(100, 1000 * round + (path.equals("add") ? 0 : 500)));
					facts.add(setting + " " + path + " 0 " + (10 * round) + " 100 100 " + ab);
				}
			}
		}
		Path factsFile = this.dir.resolve("facts.txt");
		Files.write(factsFile, facts);
		List<String> lines = InstrumentCostTable.lines(InstrumentCostTable.read(factsFile));
		assertEquals("java     threads   tomcat  settings                 keep-alive path  requests/s                 "
				+ "app CPU ms per request    ", lines.get(0));
		assertEquals(List.of("java17 platform 8 bench.redis-buffer=8KB no noop", "java17 platform 8 bench.redis-buffer=8KB no add",
				"java17 platform 8 none no noop", "java17 platform 8 none no add", "java17 platform 8 none yes noop",
				"java17 platform 8 none yes add", "java25 platform 8 none yes noop", "java25 platform 8 none yes add",
				"java25 platform 16 none yes noop", "java25 platform 16 none yes add", "java25 virtual - none yes noop",
				"java25 virtual - none yes add"),
				lines.subList(1, lines.size())
					.stream()
					.map(line -> String.join(" ", Arrays.asList(line.split(" +")).subList(0, 6)))
					.toList());
		// Each row holds both rounds: 10 and 20 ticks at 100 a second over 100 requests.
		assertEquals("java17   platform  8       none                     no         noop  2000 (1500-2500)           "
				+ "1.500 (1.000-2.000)       ", lines.get(3));
	}

	@Test
	void aMissingOrGarbledFactsFileIsOneLineOfError() throws Exception {
		Files.writeString(this.dir.resolve("ok.ab.txt"), ab(100, 1000));
		Files.writeString(this.dir.resolve("refused.ab.txt"), Resources.raw("ab-refused.txt"));
		assertError("no facts file " + this.dir.resolve("missing.txt"), null);
		assertError("holds no measured phase", "\n");
		assertError(":1: 11 fields expected", "java17 platform 8 none no noop 0 10 100 100\n");
		assertError(":2: TICKS_AFTER is a whole number, was 'x'",
				"java17 platform 8 none no noop 0 10 100 100 ok.ab.txt\njava17 platform 8 none no add 0 x 100 100 ok.ab.txt\n");
		assertError(":1: ticks 10 to 5, 100 a second, 100 requests measure no phase",
				"java17 platform 8 none no noop 10 5 100 100 ok.ab.txt\n");
		assertError(":1: no ab output " + this.dir.resolve("gone.ab.txt"),
				"java17 platform 8 none no noop 0 10 100 100 gone.ab.txt\n");
		assertError(":1: ab did not finish in " + this.dir.resolve("refused.ab.txt"),
				"java17 platform 8 none no noop 0 10 100 100 refused.ab.txt\n");
		assertError(":1: ab completed 100 requests, not the 200 asked for",
				"java17 platform 8 none no noop 0 10 100 200 ok.ab.txt\n");
	}

	private void assertError(String expected, String facts) throws IOException {
		Path file = this.dir.resolve(facts == null ? "missing.txt" : "facts.txt");
		if (facts != null) {
			Files.writeString(file, facts);
		}
		InstrumentCostTable.FactsException refused = assertThrows(InstrumentCostTable.FactsException.class,
				() -> InstrumentCostTable.of(file));
		assertTrue(refused.getMessage().contains(expected), "'" + refused.getMessage() + "' should say " + expected);
		assertEquals(1, refused.getMessage().lines().count(), refused.getMessage());
	}

	/** What ab prints of a clean run, the lines AbOutput reads. */
	private static String ab(long requests, double requestsPerSecond) {
		return "Concurrency Level:      10\nTime taken for tests:   0.100 seconds\nComplete requests:      " + requests
				+ "\nFailed requests:        0\nRequests per second:    " + requestsPerSecond + " [#/sec] (mean)\n";
	}

}
