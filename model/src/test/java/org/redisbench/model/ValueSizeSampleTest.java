package org.redisbench.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;

import org.junit.jupiter.api.Test;

class ValueSizeSampleTest {

	@Test
	void evenlySpreadKeysOfAPersonEach() {
		assertEquals(List.of("STRLEN person_1", "STRLEN person_4", "STRLEN person_7", "STRLEN person_10"),
				new ValueSizeSample(Layout.STRING_PER_KEY, 10, 4).commands());
	}

	@Test
	void aFieldInItsBucketInHashBuckets() {
		assertEquals(List.of("HSTRLEN persons:{0} 1", "HSTRLEN persons:{1} 101", "HSTRLEN persons:{2} 201"),
				new ValueSizeSample(Layout.HASH_BUCKET, 300, 3).commands());
	}

	@Test
	void fewerPersonsThanTheSampleAreEachRead() {
		assertEquals(List.of(1L, 2L, 3L), new ValueSizeSample(Layout.STRING_PER_KEY, 3, 1000).ids().boxed().toList());
		assertEquals(List.of(), new ValueSizeSample(Layout.STRING_PER_KEY, 0, 1000).commands());
	}

	@Test
	void aSampleOfNoneIsRefused() {
		assertThrows(IllegalArgumentException.class, () -> new ValueSizeSample(Layout.HASH_BUCKET, 10, 0));
	}

}
