package org.redisbench.advise;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What was read from the source: the sampled values, what the source said about the sampled keys, and what was
 * skipped and why. Filled by {@link RedisSource} or {@link FileSource}, read by everything after.
 */
final class Sample {

	/** Why a sampled key gave no value; each is counted, none stops the run. */
	enum Skipped {

		VANISHED("keys that vanished between SCAN and the read"),

		CHANGED_TYPE("keys whose type changed between TYPE and the read"),

		TOO_LARGE("values larger than --max-value-bytes, counted, never read whole"),

		OTHER_TYPE("keys neither a string nor a hash"),

		CUT_HASHES("hashes of more than " + RedisSource.FIELDS_PER_HASH + " fields, read only that far");

		final String meaning;

		Skipped(String meaning) {
			this.meaning = meaning;
		}

	}

	final String source;

	final List<SampledValue> values = new ArrayList<>();

	/** Per sampled key that was read: its length, and MEMORY USAGE (Redis sources only). */
	final List<Long> keyBytes = new ArrayList<>();

	final List<Long> memoryUsage = new ArrayList<>();

	final Map<String, Long> encodings = new TreeMap<>();

	final Map<Skipped, Long> skipped = new TreeMap<>();

	/** Keys (or file values) the match covers in the source: every one SCAN returned. */
	long matched;

	/** Keys the reservoir kept: the sample before anything was skipped. */
	long sampledKeys;

	long keysWithTtl;

	long keysRead;

	/**
	 * Whether the source is a Redis Cluster: each key costs more there, so the advisor measures in a cluster-mode
	 * Redis of its own.
	 */
	boolean cluster;

	/** DBSIZE summed over the masters; -1 for files. */
	long dbSize = -1;

	/** The source's redis_version, mem_allocator and masters; empty for files. */
	final Map<String, String> facts = new TreeMap<>();

	Sample(String source) {
		this.source = source;
	}

	void skip(Skipped why) {
		this.skipped.merge(why, 1L, Long::sum);
	}

	long skipped(Skipped why) {
		return this.skipped.getOrDefault(why, 0L);
	}

	/**
	 * Values the source holds under the match, estimated from the sample: sampled keys that gave no value
	 * (vanished, another type, too large) stand for as many of the source's keys, and a hash for its fields.
	 */
	double sourceValues() {
		return this.sampledKeys == 0 ? 0 : this.matched * (double) this.values.size() / this.sampledKeys;
	}

}
