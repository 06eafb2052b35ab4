package org.redisbench.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;

class SpreadTest {

	@Test
	void medianOfOddAndEvenCountsSkippingMissingFigures() {
		assertEquals(new Spread(400, 380, 420, 3), Spread.of(List.of(420.0, 380.0, 400.0)));
		assertEquals(new Spread(395, 380, 420, 4), Spread.of(Arrays.asList(420.0, null, 380.0, 390.0, 400.0)));
		assertNull(Spread.of(Arrays.asList((Double) null)));
	}

	/** A single phase's round trips: the even count's median is the mean of the middle two, as every median here. */
	@Test
	void ofAnArrayAsOfItsList() {
		assertEquals(new Spread(2.5, 1, 4, 4), Spread.of(new double[] { 4, 1, 3, 2 }));
		assertEquals(Spread.of(List.of(5.0, 1.0, 3.0)), Spread.of(new double[] { 5, 1, 3 }));
		assertNull(Spread.of(new double[0]));
	}

	@Test
	void differenceCountsOnlyWhenRangesDoNotOverlap() {
		Spread string = Spread.of(List.of(400.0, 410.0, 405.0));
		assertTrue(Spread.beyondSpread(string, Spread.of(List.of(380.0, 390.0, 399.0))));
		assertFalse(Spread.beyondSpread(string, Spread.of(List.of(380.0, 390.0, 401.0))));
		assertNull(Spread.beyondSpread(string, Spread.of(List.of(300.0))), "one run measures no spread");
	}

}
