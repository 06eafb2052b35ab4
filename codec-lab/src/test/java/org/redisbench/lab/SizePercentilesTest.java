package org.redisbench.lab;

import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class SizePercentilesTest {

	@Test
	void nearestRankPercentilesOfUnsortedSizes() {
		// 1..100 shuffled by a stride coprime to 100
		int[] sizes = IntStream.range(0, 100).map((i) -> (i * 37) % 100 + 1).toArray();
		assertEquals(new SizePercentiles(100, 50.5, 50, 99), SizePercentiles.of(sizes));
	}

	@Test
	void oneOutlierMovesTheMeanAndTheTopPercentileOnly() {
		int[] sizes = IntStream.range(0, 10).map((i) -> (i == 9) ? 1000 : 100).toArray();
		assertEquals(new SizePercentiles(10, 190.0, 100, 1000), SizePercentiles.of(sizes));
	}

	@Test
	void noValuesIsAnError() {
		assertThrows(IllegalArgumentException.class, () -> SizePercentiles.of(new int[0]));
	}

}
