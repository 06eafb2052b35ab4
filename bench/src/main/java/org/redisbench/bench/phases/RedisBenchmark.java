package org.redisbench.bench.phases;

import org.redisbench.bench.run.RunContext;
import org.redisbench.bench.run.VariantRun;

/**
 * Redis's own ceiling beside the app's: redis-benchmark SET and GET at the mean value size the app wrote (also in
 * hash buckets: a string at a person's size), on the variant's topology ({@code --cluster} on a cluster), into
 * {@code redis-benchmark.csv}, {@code .args}, {@code .exit} (and {@code .masters.txt} on a cluster). Skipped for
 * memcached, with a password (redis-benchmark takes one only on its command line), or without a measured size.
 */
public final class RedisBenchmark {

	private RedisBenchmark() {
	}

	public static void run(RunContext context, VariantRun run) {
		throw new UnsupportedOperationException("H3");
	}

}
