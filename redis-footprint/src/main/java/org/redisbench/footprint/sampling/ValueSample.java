package org.redisbench.footprint.sampling;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What was read from the source: the sampled values, what the source said about the sampled keys, and what was
 * skipped and why. Filled by {@link RedisSource} or {@link FileSource}, read by everything after.
 */
public final class ValueSample {

	/** Why a sampled key gave no value; each is counted, none stops the run. */
	public enum Skipped {

		VANISHED("keys that vanished between SCAN and the read"),

		CHANGED_TYPE("keys whose type changed between TYPE and the read"),

		TOO_LARGE("values larger than --max-value-bytes, counted, never read whole"),

		OTHER_TYPE("keys neither a string nor a hash"),

		CUT_HASHES("hashes of more than " + RedisSource.FIELDS_PER_HASH + " fields, read only that far");

		public final String meaning;

		Skipped(String meaning) {
			this.meaning = meaning;
		}

	}

	public final String source;

	public final List<SampledValue> values = new ArrayList<>();

	/** Per sampled key that was read: its length, and MEMORY USAGE (Redis sources only). */
	public final List<Long> keyBytes = new ArrayList<>();

	public final List<Long> memoryUsage = new ArrayList<>();

	public final Map<String, Long> encodings = new TreeMap<>();

	public final Map<Skipped, Long> skipped = new TreeMap<>();

	/** Keys (or file values) the match covers in the source: every one SCAN returned. */
	public long matched;

	/** Keys the reservoir kept: the sample before anything was skipped. */
	public long sampledKeys;

	public long keysWithTtl;

	public long keysRead;

	/**
	 * Whether the source is a Redis Cluster: each key costs more there, so the advisor measures in a cluster-mode
	 * Redis of its own.
	 */
	public boolean cluster;

	/** DBSIZE summed over the masters; -1 for files. */
	public long dbSize = -1;

	/** The source's redis_version, mem_allocator and masters; empty for files. */
	public final Map<String, String> facts = new TreeMap<>();

	ValueSample(String source) {
		this.source = source;
	}

	void skip(Skipped why) {
		this.skipped.merge(why, 1L, Long::sum);
	}

	public long skipped(Skipped why) {
		return this.skipped.getOrDefault(why, 0L);
	}

	/**
	 * Values the source holds under the match, estimated from the sample: sampled keys that gave no value
	 * (vanished, another type, too large) stand for as many of the source's keys, and a hash for its fields.
	 */
	public double sourceValues() {
		return this.sampledKeys == 0 ? 0 : this.matched * (double) this.values.size() / this.sampledKeys;
	}

}
