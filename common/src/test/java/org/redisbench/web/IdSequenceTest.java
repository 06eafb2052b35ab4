package org.redisbench.web;

import java.util.List;
import java.util.OptionalLong;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class IdSequenceTest {

	@Test
	void withoutARangeTheIdsRunOnFromOne() {
		IdSequence ids = new IdSequence();
		assertThat(IntStream.range(0, 4).mapToObj((block) -> ids.reserve(100)).toList())
			.containsExactly(1L, 101L, 201L, 301L);
		ids.reset();
		assertThat(ids.reserve(100)).isEqualTo(1);
	}

	@Test
	void withinARangeTheBlocksWrapBackToOneAfterItsLast() {
		IdSequence ids = new IdSequence(OptionalLong.of(300));
		List<Long> firsts = IntStream.range(0, 7).mapToObj((block) -> ids.reserve(100)).toList();
		assertThat(firsts).containsExactly(1L, 101L, 201L, 1L, 101L, 201L, 1L);
		ids.reset();
		assertThat(ids.reserve(100)).isEqualTo(1);
	}

}
