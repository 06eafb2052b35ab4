package org.redisbench.runresults;

import java.util.List;

/**
 * What one time-series chart of a phase shows, drawn from the samples bench.sh took during it: a level read as it
 * is, or a rate of a counter between two samples. The store's figures are summed over a cluster's masters.
 */
public enum Measure {

	STORE_OPS("store-ops", "Store commands per second (Redis INFO, memcached stats)", "commands/s"),

	MEMORY("memory", "Store memory (used_memory; memcached: bytes)", "MB"),

	RSS("rss", "Store resident memory (used_memory_rss)", "MB"),

	NET_OUT("network-out", "Store network output", "MB/s"),

	NET_IN("network-in", "Store network input", "MB/s"),

	KEYS("keys", "Keys held (db0 keys; memcached: curr_items)", "keys"),

	EVICTIONS("evictions", "Evictions per second (evicted_keys)", "keys/s"),

	EXPIRIES("expiries", "Expiries per second (expired_keys)", "keys/s"),

	HIT_RATE("hit-rate", "Store hit rate (keyspace_hits / lookups; memcached: get_hits)", "%"),

	CLIENTS("clients", "Store connected clients", "clients"),

	STORE_CPU("store-cpu", "Store CPU (used_cpu_user + used_cpu_sys)", "cores"),

	APP_REQUESTS("app-requests", "App requests per second on the phase's endpoint (http_server_requests)",
			"requests/s"),

	APP_P99("app-p99", "App p99 of the phase's requests (a window of about three samples)", "ms"),

	APP_CPU("app-cpu", "App CPU (process_cpu_time_ns)", "cores"),

	GC_PAUSE("gc-pause", "App GC pauses (jvm_gc_pause_seconds_sum)", "ms/s");

	/** What the charts show, in the order the report lists them; the rest are in over-time.csv only. */
	public static final List<Measure> CHARTED = List.of(STORE_OPS, MEMORY, NET_OUT, NET_IN, KEYS,
			EVICTIONS, EXPIRIES, HIT_RATE, APP_REQUESTS, APP_P99, APP_CPU, GC_PAUSE);

	private final String label;

	private final String title;

	private final String unit;

	Measure(String label, String title, String unit) {
		this.label = label;
		this.title = title;
		this.unit = unit;
	}

	public String label() {
		return this.label;
	}

	public String title() {
		return this.title;
	}

	public String unit() {
		return this.unit;
	}

}
