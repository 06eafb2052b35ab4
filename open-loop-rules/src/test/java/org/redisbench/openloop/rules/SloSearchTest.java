package org.redisbench.openloop.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.function.LongPredicate;

import org.junit.jupiter.api.Test;

import org.redisbench.openloop.rules.SloSearch.Tried;

/** The rates a search tries against an app whose steps meet the objective up to a rate the test sets. */
class SloSearchTest {

	@Test
	void doublesUntilAMissThenHalvesTheGapUntilWithinThePrecision() {
		List<Tried> steps = run(new SloSearch(50, 20_000, 10), rate -> rate <= 430);
		assertEquals(List.of(50L, 100L, 200L, 400L, 800L, 600L, 500L, 450L, 425L), rates(steps));
		// 425 met and 450 missed: 25 is within 10 % of 425
		assertEquals(425, SloSearch.capacity(steps));
		assertEquals(450, SloSearch.lowestMissed(steps));
	}

	@Test
	void aWiderPrecisionStopsSooner() {
		List<Tried> steps = run(new SloSearch(50, 20_000, 50), rate -> rate <= 430);
		assertEquals(List.of(50L, 100L, 200L, 400L, 800L, 600L), rates(steps));
		// 400 met and 600 missed: 200 is within 50 % of 400
		assertEquals(400, SloSearch.capacity(steps));
		assertEquals(600, SloSearch.lowestMissed(steps));
	}

	@Test
	void theGapIsHalvedWhileItIsMoreThanThePrecisionExactlyAtItItStops() {
		// 400 met, 440 missed: 40 is exactly 10 % of 400
		List<Tried> steps = List.of(new Tried(400, true), new Tried(440, false));
		assertEquals(OptionalLong.empty(), new SloSearch(50, 20_000, 10).next(steps));
		assertEquals(OptionalLong.of(420), new SloSearch(50, 20_000, 9).next(steps));
	}

	@Test
	void noRateAboveTheMaxIsTried() {
		List<Tried> steps = run(new SloSearch(50, 300, 10), rate -> true);
		assertEquals(List.of(50L, 100L, 200L, 300L), rates(steps));
		assertEquals(300, SloSearch.capacity(steps));
		assertEquals(0, SloSearch.lowestMissed(steps), "none missed");

		steps = run(new SloSearch(50, 300, 10), rate -> rate <= 260);
		assertEquals(List.of(50L, 100L, 200L, 300L, 250L, 275L), rates(steps));
		assertEquals(250, SloSearch.capacity(steps));
		assertEquals(275, SloSearch.lowestMissed(steps));
	}

	@Test
	void aSearchStartingAtItsMaxRunsOneStep() {
		assertEquals(List.of(40L), rates(run(new SloSearch(40, 40, 10), rate -> true)));
	}

	@Test
	void aFirstRateMissedIsACapacityOfZero() {
		List<Tried> steps = run(new SloSearch(50, 20_000, 10), rate -> false);
		assertEquals(List.of(50L), rates(steps));
		assertEquals(0, SloSearch.capacity(steps));
		assertEquals(50, SloSearch.lowestMissed(steps));
	}

	@Test
	void aGapOfOneRequestASecondEndsTheSearchWhateverThePrecision() {
		List<Tried> steps = run(new SloSearch(1, 100, 1), rate -> rate <= 1);
		assertEquals(List.of(1L, 2L), rates(steps));
		steps = run(new SloSearch(10, 100, 1), rate -> rate <= 12);
		assertEquals(List.of(10L, 20L, 15L, 12L, 13L), rates(steps));
		assertEquals(12, SloSearch.capacity(steps));
	}

	@Test
	void refusesAStartBelowOneOrAboveTheMaxAndAPrecisionBelowOne() {
		assertThrows(IllegalArgumentException.class, () -> new SloSearch(0, 100, 10));
		assertThrows(IllegalArgumentException.class, () -> new SloSearch(200, 100, 10));
		assertThrows(IllegalArgumentException.class, () -> new SloSearch(50, 100, 0));
	}

	/** The steps the search tries, in order, each met when the app meets its rate. */
	private static List<Tried> run(SloSearch search, LongPredicate meets) {
		List<Tried> steps = new ArrayList<>();
		for (OptionalLong next = search.next(steps); next.isPresent(); next = search.next(steps)) {
			long rate = next.getAsLong();
			assertTrue(steps.stream().noneMatch(s -> s.rate() == rate), "tried " + rate + " again: " + steps);
			steps.add(new Tried(rate, meets.test(rate)));
		}
		return steps;
	}

	private static List<Long> rates(List<Tried> steps) {
		return steps.stream().map(Tried::rate).toList();
	}

}
