package org.redisbench.bench;

/** The groups of {@code redis-bench bench --help}, in their order: what each option and setting is about. */
enum Topic {

	FIRST_LOOK("First look"),
	LOAD("Load"),
	MATRIX("Matrix (each combination is a variant, raw/<app>-<mode>-<compression>[-hash-bucket]-<topology>/)"),
	OVER_TIME("Over time (docs/bench.md \"Over time\")"),
	OPEN_LOOP("Open loop (after each variant's ab phases, requests arriving at a fixed rate, Gatling; docs/open-loop.md)"),
	DISTANCE("Distance (the latency proxy adds the round trip, beside what it stands in front of; single Redis only)"),
	STORES("Stores (Memcached and Redis's settings: on servers bench.sh starts; single Redis and cluster alike)"),
	REDIS("Redis (default: a private redis-server; a password only from REDIS_PASSWORD, never an option)"),
	APPS("Apps"),
	PLACEMENT("Placement (a prefix must exec its command, e.g. \"ip netns exec NS\")"),
	PROFILE("Profile (after each variant's first repetition, /noop, /add and /check twice more, as they are and under"
			+ " async-profiler)"),
	OUTPUT("Output"),
	MACHINE("Machine (scripts/lib/needs.sh: a JDK 17+, redis-server, redis-tools, ab, curl)"),
	TIMEOUTS("Timeouts (seconds)");

	private final String heading;

	Topic(String heading) {
		this.heading = heading;
	}

	String heading() {
		return this.heading;
	}

}
