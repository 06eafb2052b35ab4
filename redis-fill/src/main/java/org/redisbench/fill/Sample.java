package org.redisbench.fill;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import redis.clients.jedis.Jedis;

/**
 * A plan's measurement: what a person of the range costs in a Redis of our own that has the target's settings.
 * The sample is spread evenly over the range (its ids have the range's digits) and stored in rounds; after each,
 * {@code used_memory} less the key tables' slot arrays, which grow by doubling, not by person, and which the plan
 * projects on their own. The rounds' spread gives the uncertainty of the figure.
 */
final class Sample {

	/** What Redis 7's MEMORY STATS counts for a key's entry in a key table, beside the table's slots. */
	private static final int DICT_ENTRY_BYTES = 24;

	private static final long CLIENTS_GONE_WITHIN_NANOS = 10_000_000_000L;

	private Sample() {
	}

	static void measure(Fill fill, FillOptions options) throws Exception {
		double[] perPerson = new double[options.rounds()];
		long stored = 0;
		try (Jedis redis = fill.target().connect(0)) {
			double before = memory(redis);
			for (int round = 0; round < options.rounds(); round++) {
				long persons = fill.store(Batches.sampleRound(options, round)).stored();
				double after = memory(redis);
				perPerson[round] = (after - before) / persons;
				stored += persons;
				before = after;
			}
			double mean = Arrays.stream(perPerson).average().orElseThrow();
			double variance = Arrays.stream(perPerson).map((x) -> (x - mean) * (x - mean)).sum()
					/ (perPerson.length - 1);
			System.out.printf("sample %d persons in %d rounds spread over ids %d..%d%n", stored, options.rounds(),
					options.firstId(), options.firstId() + options.persons() - 1);
			System.out.printf("bytes_per_person %.3f%n", mean);
			// Two standard errors of the rounds' mean.
			System.out.printf("bytes_per_person_error %.3f%n", 2 * Math.sqrt(variance / perPerson.length));
			System.out.printf("keys_per_person %.6f%n", (double) redis.dbSize() / stored);
		}
	}

	/**
	 * used_memory less the slot arrays of the key and expiry tables (both halves while one is rehashing), once
	 * Redis has let go of the round's connections: each holds buffers of up to a batch, which under load made one
	 * round's figure differ from the next by several bytes a person.
	 */
	private static double memory(Jedis redis) throws InterruptedException {
		long deadline = System.nanoTime() + CLIENTS_GONE_WITHIN_NANOS;
		while (field(redis.info("clients"), "connected_clients") > 1 && System.nanoTime() < deadline) {
			Thread.sleep(20);
		}
		long used = field(redis.info("memory"), "used_memory");
		Map<String, Long> db = pairs(redis.memoryStats().get("db.0"));
		if (db.isEmpty()) {
			return used;
		}
		String keyspace = redis.info("keyspace");
		long keys = redis.dbSize();
		long expiring = keyspace.contains("expires=") ? Long.parseLong(keyspace.replaceAll("(?s).*expires=(\\d+).*", "$1"))
				: 0;
		long slots = db.get("overhead.hashtable.main") - keys * DICT_ENTRY_BYTES
				+ db.get("overhead.hashtable.expires") - expiring * DICT_ENTRY_BYTES;
		return used - slots;
	}

	/** MEMORY STATS answers a database's figures as a flat list of names and numbers; none before its first key. */
	private static Map<String, Long> pairs(Object list) {
		Map<String, Long> pairs = new HashMap<>();
		if (list instanceof List<?> items) {
			for (int i = 0; i + 1 < items.size(); i += 2) {
				Object name = items.get(i);
				pairs.put((name instanceof byte[] bytes) ? new String(bytes, StandardCharsets.US_ASCII) : name.toString(),
						((Number) items.get(i + 1)).longValue());
			}
		}
		return pairs;
	}

	private static long field(String info, String name) {
		return info.lines()
			.filter((line) -> line.startsWith(name + ":"))
			.mapToLong((line) -> Long.parseLong(line.substring(name.length() + 1).trim()))
			.findFirst()
			.orElseThrow();
	}

}
