package org.redisbench.footprint.sampling;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ReservoirTest {

	@Test
	void keepsAtMostItsCapacityAndCountsEverything() {
		Reservoir<Integer> reservoir = new Reservoir<>(100, 1);
		for (int i = 0; i < 1_000_000; i++) {
			reservoir.offer(i);
		}
		assertEquals(100, reservoir.kept().size());
		assertEquals(1_000_000, reservoir.seen());
	}

	/** A short stream is kept whole, but not in its order: the first half of the sample must not be the stream's. */
	@Test
	void keepsEveryItemOfAShortStreamInRandomOrder() {
		Reservoir<Integer> reservoir = new Reservoir<>(100, 1);
		for (int i = 0; i < 40; i++) {
			reservoir.offer(i);
		}
		assertEquals(40, reservoir.kept().size());
		assertEquals(java.util.stream.IntStream.range(0, 40).boxed().toList(),
				reservoir.kept().stream().sorted().toList());
		assertTrue(reservoir.kept().subList(0, 20).stream().anyMatch((item) -> item >= 20));
	}

	/** Each of 10 deciles of a 10,000-item stream should hold a tenth of the sample, the last as the first. */
	@Test
	void sampleIsUniformOverTheStream() {
		int[] perDecile = new int[10];
		for (int seed = 0; seed < 200; seed++) {
			Reservoir<Integer> reservoir = new Reservoir<>(100, seed);
			for (int i = 0; i < 10_000; i++) {
				reservoir.offer(i);
			}
			reservoir.kept().forEach((item) -> perDecile[item / 1000]++);
		}
		// 2,000 expected per decile; a binomial's standard deviation here is about 42
		for (int count : perDecile) {
			assertTrue(Math.abs(count - 2000) < 250, () -> "decile counts " + java.util.Arrays.toString(perDecile));
		}
	}

}
