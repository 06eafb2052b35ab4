package org.redisbench.fill;

import java.util.Arrays;
import java.util.Locale;

import org.redisbench.memory.RedisMemory;
import org.redisbench.model.MemoryReading;
import org.redisbench.model.RedisBytes;
import redis.clients.jedis.Jedis;

/**
 * A plan's measurement: what a person of the range costs in a Redis of our own that has the target's settings.
 * The sample is spread evenly over the range (its ids have the range's digits) and stored in rounds; after each,
 * what Redis's data took, less the key tables' slot arrays, which grow by doubling, not by person, and which the
 * plan projects on their own: Redis bytes a value as every tool measures it ({@link RedisBytes}). The rounds'
 * spread gives the uncertainty of the figure.
 */
final class Sample {

	/** The names of the lines {@link FillPlan} reads. */
	static final String BYTES = "bytes_per_person";

	static final String ERROR = "bytes_per_person_error";

	static final String KEYS = "keys_per_person";

	private Sample() {
	}

	static void measure(Fill fill, FillOptions options) throws Exception {
		double[] perPerson = new double[options.rounds()];
		long stored = 0;
		try (Jedis redis = fill.target().connect(0)) {
			MemoryReading before = RedisMemory.settled(redis);
			for (int round = 0; round < options.rounds(); round++) {
				long persons = fill.store(Batches.sampleRound(options, round)).stored();
				MemoryReading after = RedisMemory.settled(redis);
				perPerson[round] = RedisBytes.perValue(before, after, persons, 0, 0, 1);
				stored += persons;
				before = after;
			}
			double mean = Arrays.stream(perPerson).average().orElseThrow();
			double variance = Arrays.stream(perPerson).map((x) -> (x - mean) * (x - mean)).sum()
					/ (perPerson.length - 1);
			System.out.printf(Locale.ROOT, "sample %d persons in %d rounds spread over ids %d..%d%n", stored,
					options.rounds(), options.firstId(), options.firstId() + options.persons() - 1);
			System.out.printf(Locale.ROOT, "%s %.3f%n", BYTES, mean);
			// Two standard errors of the rounds' mean.
			System.out.printf(Locale.ROOT, "%s %.3f%n", ERROR, 2 * Math.sqrt(variance / perPerson.length));
			System.out.printf(Locale.ROOT, "%s %.6f%n", KEYS, (double) redis.dbSize() / stored);
		}
	}

}
