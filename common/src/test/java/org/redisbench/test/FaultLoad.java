package org.redisbench.test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Predicate;

import org.redisbench.store.PersonStorage;
import org.redisbench.test.RunningApp.Answer;
import org.redisbench.testsupport.Concurrently;

import static org.assertj.core.api.Assertions.assertThat;

/** Loads a {@link RunningApp} while a fault plays, and the checks every fault test makes of the answers. */
public final class FaultLoad {

	private static final int CLIENTS = 4;

	private FaultLoad() {
	}

	/**
	 * Runs {@value #CLIENTS} clients requesting {@code path} back to back while {@code faults} plays, and
	 * returns every answer in the order they came.
	 */
	public static List<Answer> underLoad(RunningApp app, String path, Runnable faults) throws Exception {
		List<Answer> answers = Collections.synchronizedList(new ArrayList<>());
		AtomicBoolean running = new AtomicBoolean(true);
		ExecutorService clients = Executors.newFixedThreadPool(CLIENTS);
		try {
			for (int i = 0; i < CLIENTS; i++) {
				clients.submit(() -> {
					while (running.get()) {
						answers.add(app.get(path));
					}
				});
			}
			faults.run();
		}
		finally {
			running.set(false);
			clients.shutdown();
			assertThat(clients.awaitTermination(30, TimeUnit.SECONDS)).as("load clients stopped").isTrue();
		}
		return new ArrayList<>(answers);
	}

	/** Requests every path at once, and returns their answers in the paths' order. */
	public static List<Answer> concurrently(RunningApp app, String... paths) throws Exception {
		return Concurrently.run(Arrays.stream(paths).<Callable<Answer>>map(path -> () -> app.get(path)).toList());
	}

	public static void assertAllAnsweredWithin(List<Answer> answers, Duration bound) {
		assertThat(answers).isNotEmpty().allSatisfy((answer) -> {
			assertThat(answer.status()).as("%s answered", answer.path()).isPositive();
			assertThat(answer.took()).as("%s took", answer.path()).isLessThan(bound);
		});
	}

	/** Reads back, through the app's own read path, every id that a 200 claimed stored or verified. */
	public static void assertEveryIdOfEvery200IsIntact(RunningApp app, List<Answer> answers) {
		PersonStorage store = app.context().getBean(PersonStorage.class);
		for (Answer answer : select(answers, (a) -> a.ok() && a.personIds() != null)) {
			String[] ids = answer.personIds().split("-");
			long first = Long.parseLong(ids[0]);
			store.verifyAll(first, (int) (Long.parseLong(ids[1]) - first + 1));
		}
		assertThat(answers).as("200s naming their ids").anyMatch((a) -> a.ok() && a.personIds() != null);
	}

	public static List<Answer> select(List<Answer> answers, Predicate<Answer> which) {
		return answers.stream().filter(which).toList();
	}

}
