package org.redisbench.fill;

import java.util.Arrays;
import java.util.concurrent.ExecutionException;

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

	private Sample() {
	}

	/** What a person cost in the sample's rounds, and the persons it stored. */
	record Measured(FillPlan.Cost cost, long persons) {
	}

	static Measured measure(Fill fill, FillOptions options) throws InterruptedException, ExecutionException {
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
			// Two standard errors of the rounds' mean.
			return new Measured(new FillPlan.Cost(mean, 2 * Math.sqrt(variance / perPerson.length),
					(double) redis.dbSize() / stored), stored);
		}
	}

}
