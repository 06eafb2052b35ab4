package org.redisbench.lab;

import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class ValueSizesTest {

	@Test
	void nearestRankPercentilesOfUnsortedSizes() {
		// 1..100 shuffled by a stride coprime to 100
		int[] sizes = IntStream.range(0, 100).map((i) -> (i * 37) % 100 + 1).toArray();
		assertEquals(new ValueSizes(100, 50.5, 50, 99), ValueSizes.of(sizes));
	}

	@Test
	void oneOutlierMovesTheMeanAndTheTopPercentileOnly() {
		int[] sizes = IntStream.range(0, 10).map((i) -> (i == 9) ? 1000 : 100).toArray();
		assertEquals(new ValueSizes(10, 190.0, 100, 1000), ValueSizes.of(sizes));
	}

	@Test
	void noValuesIsAnError() {
		assertThrows(IllegalArgumentException.class, () -> ValueSizes.of(new int[0]));
	}

}
