package org.redisbench.migrate;

import java.util.Map;
import java.util.TreeMap;

/**
 * What a run found and did, key by key; kept in the checkpoint, so that a resumed run goes on counting. Public
 * fields, for the checkpoint's and the report's JSON.
 */
final class Tally {

	/**
	 * Values read: the keys SCAN returned, a hash's fields each when the conversion takes them (a key SCAN returned
	 * twice is counted twice, and converted once).
	 */
	public long matched;

	/** Replaced by the script: converted by this migration. */
	public long converted;

	/** In the source format, and would be converted: a dry run's count. */
	public long wouldConvert;

	/** Of them, hash fields: the projection measures string values only. */
	public long wouldConvertFields;

	/** Already in the format written: by the application, or by this migration before a restart. */
	public long inTarget;

	/** Left as they are, by reason. */
	public Map<Disposition.Reason, Long> left = new TreeMap<>();

	/** Per reason, the first key left for it and what was wrong. */
	public Map<Disposition.Reason, String> examples = new TreeMap<>();

	/** {@code --verify}: keys by the format their first bytes name. */
	public Map<String, Long> formats = new TreeMap<>();

	/** {@code --verify}: keys whose value decodes in the format read or the one written, and those that do not. */
	public long decodes;

	public long doesNotDecode;

	void leave(Disposition.Reason reason, String key, String detail) {
		this.left.merge(reason, 1L, Long::sum);
		this.examples.putIfAbsent(reason, key + ": " + detail);
	}

	long left(boolean raced) {
		return this.left.entrySet()
			.stream()
			.filter((entry) -> entry.getKey().raced() == raced)
			.mapToLong(Map.Entry::getValue)
			.sum();
	}

}
