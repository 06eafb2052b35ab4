package org.redisbench.testsupport;

import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ConcurrentlyTest {

	/** Each task waits for all the others to have begun: run one after another, none would. */
	@Test
	void tasksOverlapAndTheirResultsComeInTheTasksOrder() throws Exception {
		CountDownLatch begun = new CountDownLatch(4);
		List<Callable<Boolean>> tasks = IntStream.range(0, 4).mapToObj((i) -> (Callable<Boolean>) () -> {
			begun.countDown();
			return begun.await(10, TimeUnit.SECONDS);
		}).toList();

		assertThat(Concurrently.run(tasks)).containsExactly(true, true, true, true);
		assertThat(Concurrently.run(List.of(() -> "a", () -> "b", () -> "c"))).containsExactly("a", "b", "c");
	}

}
