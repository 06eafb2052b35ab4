package org.redisbench.runresults;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * What one record measured: an ab phase against an app endpoint, or a redis-benchmark test at the app's value
 * size. Its {@link #label()} is how bench.sh names its raw files and how summary.csv, summary.json and the report
 * spell it.
 */
public enum Phase {

	/** ab on /noop: no Redis, no codec, the HTTP ceiling. */
	NOOP("noop"),

	/** ab on /add: each request encodes and stores a batch of persons. */
	ADD("add"),

	/** ab on /check: each request reads, decodes and verifies a batch of persons. */
	CHECK("check"),

	/** redis-benchmark SET at the app's value size: the Redis ceiling for /add. */
	REDIS_SET("redis-set"),

	/** redis-benchmark GET at the app's value size: the Redis ceiling for /check. */
	REDIS_GET("redis-get");

	/** The phases bench.sh runs ab on, in run order. */
	public static final List<Phase> AB = List.of(NOOP, ADD, CHECK);

	/** The ab phases whose requests go through the codec to Redis. */
	public static final List<Phase> THROUGH_CODEC = List.of(ADD, CHECK);

	private final String label;

	Phase(String label) {
		this.label = label;
	}

	public String label() {
		return this.label;
	}

	/** The endpoint of an ab phase, as Spring tags its requests: {@code /add}. */
	public String path() {
		return "/" + this.label;
	}

	public boolean throughCodec() {
		return THROUGH_CODEC.contains(this);
	}

	/** The phase of a redis-benchmark test by the name it prints ({@code SET}); empty for a test bench.sh never runs. */
	public static Optional<Phase> ofRedisBenchmark(String test) {
		return switch (test.toUpperCase(Locale.ROOT)) {
			case "SET" -> Optional.of(REDIS_SET);
			case "GET" -> Optional.of(REDIS_GET);
			default -> Optional.empty();
		};
	}

}
