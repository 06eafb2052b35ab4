package org.redisbench.openloop.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ObjectiveTest {

	private static final Objective P99_20 = Objective.parse("p99=20ms");

	@Test
	void parsesAPercentileAndABoundInMs() {
		assertEquals(new Objective("p99", 20), P99_20);
		assertEquals(new Objective("p99.9", 2.5), Objective.parse("p99.9=2.5ms"));
		assertEquals(new Objective("p50", 0), Objective.parse("p50=0ms"));
		assertEquals("p99.9=2.5ms", Objective.parse("p99.9=2.5ms").toString());
		assertEquals("p99=20ms", P99_20.toString());
	}

	@Test
	void refusesAPercentileAStepDoesNotGiveAndABoundWithoutItsUnit() {
		for (String text : new String[] { "p98=20ms", "p99=20", "p99=ms", "P99=20ms", "p99=20ms ", "p99=-1ms",
				"p99.=20ms", "p99=20s", "=20ms", "" }) {
			IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
					() -> Objective.parse(text), text);
			assertTrue(refused.getMessage().contains("'" + text + "'"), refused.getMessage());
		}
		assertThrows(IllegalArgumentException.class, () -> new Objective("p95", 20));
	}

	@Test
	void aStepMeetsItStrictlyUnderTheBound() {
		assertTrue(P99_20.meets(step(100L, 0L, 19.999)));
		assertFalse(P99_20.meets(step(100L, 0L, 20.0)), "at the bound is not under it");
		assertFalse(P99_20.meets(step(100L, 0L, 20.001)));
	}

	@Test
	void aStepWithAnErrorOrNothingSentMissesItWhateverItsLatency() {
		assertFalse(P99_20.meets(step(100L, 1L, 1.0)), "one error");
		assertFalse(P99_20.meets(step(0L, 0L, 1.0)), "nothing sent");
		assertFalse(P99_20.meets(step(null, 0L, 1.0)), "no count of requests sent");
		assertFalse(P99_20.meets(step(100L, null, 1.0)), "no count of errors");
		assertFalse(P99_20.meets(step(100L, 0L, null)), "no p99");
	}

	@Test
	void readsThePercentileItNames() {
		StepFigures step = StepFigures.parse("sent=10\nerrors=0\np50_ms=1\np90_ms=2\np99_ms=30\np99.9_ms=40\n");
		assertTrue(Objective.parse("p50=1.5ms").meets(step));
		assertFalse(Objective.parse("p90=1.5ms").meets(step));
		assertTrue(Objective.parse("p99=31ms").meets(step));
		assertFalse(Objective.parse("p99.9=31ms").meets(step));
	}

	private static StepFigures step(Long sent, Long errors, Double p99Ms) {
		return new StepFigures(100.0, 10L, 2L, sent, errors, 100.0, 1.0, 2.0, p99Ms, 50.0, 60.0, 0.5, 1.0, 0.2);
	}

}
