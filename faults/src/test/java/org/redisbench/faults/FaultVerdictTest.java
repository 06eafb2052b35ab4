package org.redisbench.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

class FaultVerdictTest {

	private static final Recovery BACK = new Recovery(270_000L);

	private static FaultVerdict verdict(FaultFigures figures, long wrong, Recovery recovery, List<String> checks) {
		return new FaultVerdict("kryo", "outage", figures, wrong, recovery, "Redis unavailable: Connection reset",
				checks);
	}

	@Test
	void failuresDuringTheFaultAloneAreATruthfulAnswer() {
		FaultVerdict passed = verdict(new FaultFigures(170, 126, 0, 0, 0), 0, BACK, List.of());
		assertFalse(passed.failed());
		assertEquals("kryo    outage     170    126       0      0      0      0      0.27  "
				+ "Redis unavailable: Connection reset", passed.tableRow());
	}

	@Test
	void anyOneUntruthfulAnswerFailsTheScenario() {
		assertTrue(verdict(new FaultFigures(170, 126, 1, 0, 0), 0, BACK, List.of()).failed(), "a 2xx in the fault");
		assertTrue(verdict(new FaultFigures(170, 126, 0, 1, 0), 0, BACK, List.of()).failed(), "one over the bound");
		assertTrue(verdict(new FaultFigures(170, 126, 0, 0, 1), 0, BACK, List.of()).failed(), "one unanswered");
		assertTrue(verdict(new FaultFigures(170, 126, 0, 0, 0), 1, BACK, List.of()).failed(), "one wrong claim");
		FaultFigures truthful = new FaultFigures(170, 126, 0, 0, 0);
		assertTrue(verdict(truthful, 0, new Recovery(null), List.of()).failed(), "never");
		assertTrue(verdict(truthful, 0, BACK, List.of("health while paused: no answer (000)")).failed(), "a check");
	}

	@Test
	void aFullRedisHasNoWindowAndPassesWithoutOne() {
		FaultVerdict full = new FaultVerdict("string", "full", new FaultFigures(136, 106, null, 0, 0), 0,
				new Recovery(10_000L), "Redis full: OOM command not allowed when used memory > 'maxmemory'.",
				List.of());
		assertFalse(full.failed());
		String row = full.tableRow();
		assertTrue(row.startsWith("string  full       136    106       -      0      0      0      0.01  "), row);
	}

	@Test
	void aRowReadsBackFromResultsTsvAsItWasWritten() {
		FaultVerdict failed = new FaultVerdict("string", "slow", new FaultFigures(46, 6, 2, 1, 0), 3,
				new Recovery(null), "a\ttab", List.of("keys as the pause ended: 12, not 10", "health: no answer"));
		String line = failed.tsv();
		assertEquals(FaultVerdict.COLUMNS.size(), line.split("\t", -1).length);
		assertTrue(line.startsWith("string\tslow\t46\t6\t2\t1\t0\t3\tnever\tfailed\ta tab\t"), line);
		FaultVerdict read = FaultVerdict.parseTsv(line);
		assertTrue(read.failed());
		assertEquals(failed.tableRow().replace('\t', ' '), read.tableRow());
		FaultVerdict written = verdict(new FaultFigures(5, 0, null, 0, 0), 0, BACK, List.of());
		FaultVerdict passed = FaultVerdict.parseTsv(written.tsv());
		assertFalse(passed.failed());
		assertEquals(BACK, passed.recovery());
	}

}
