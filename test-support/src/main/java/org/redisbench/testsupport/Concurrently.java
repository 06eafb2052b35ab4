package org.redisbench.testsupport;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/** Tasks run at once, each on a thread of its own, so that requests overlap as they do under load. */
public final class Concurrently {

	private Concurrently() {
	}

	/** Runs every task and returns their results in the tasks' order, once all have finished. */
	public static <T> List<T> run(List<Callable<T>> tasks) throws Exception {
		ExecutorService threads = Executors.newFixedThreadPool(tasks.size());
		try {
			List<T> results = new ArrayList<>();
			for (Future<T> result : threads.invokeAll(tasks)) {
				results.add(result.get());
			}
			return results;
		}
		finally {
			threads.shutdownNow();
		}
	}

}
