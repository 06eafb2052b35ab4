package org.redisbench.migrate;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import redis.clients.jedis.Jedis;
import redis.clients.jedis.Pipeline;
import redis.clients.jedis.Response;
import redis.clients.jedis.exceptions.JedisDataException;

/**
 * The values of one SCAN page, read in one pipelined round trip: {@code GETRANGE key 0 max}, which reads at most one
 * byte more than {@code --max-value-bytes} of a value, and {@code PTTL}, which tells a key gone since SCAN (-2) from
 * an empty value. When a conversion takes hash fields, the page's hashes are read in two more round trips,
 * {@code HLEN}, then {@code HGETALL} of those with at most {@link #MAX_FIELDS} fields: a field is a value of its own.
 */
record ScanPage(List<Entry> entries) {

	/**
	 * The most fields a hash may have to be read: a hash's fields are read whole ({@code HGETALL}; no command reads a
	 * field up to a bound), so a field longer than {@code --max-value-bytes} is read before it is left. A Spring
	 * Session's hash holds a field per attribute, a few to a few dozen.
	 */
	static final int MAX_FIELDS = 1000;

	/** One key, or one field of a hash: its value, or why it has none that could be converted. */
	record Entry(byte[] key, byte[] field, byte[] value, Disposition.Reason unread) {

		Entry(byte[] key, byte[] value, Disposition.Reason unread) {
			this(key, null, value, unread);
		}

		/** The key, and the field after a space: a report's example. */
		String name() {
			String name = new String(this.key, StandardCharsets.UTF_8);
			return this.field == null ? name : name + " " + new String(this.field, StandardCharsets.UTF_8);
		}

	}

	/** @param hashFields whether a hash's fields are read as values, else a hash is {@code not a string} */
	static ScanPage read(Jedis jedis, List<byte[]> keys, int maxValueBytes, boolean hashFields) {
		List<Response<byte[]>> values = new ArrayList<>(keys.size());
		List<Response<Long>> ttls = new ArrayList<>(keys.size());
		Pipeline pipeline = jedis.pipelined();
		for (byte[] key : keys) {
			values.add(pipeline.getrange(key, 0, maxValueBytes));
			ttls.add(pipeline.pttl(key));
		}
		pipeline.sync();
		List<Entry> entries = new ArrayList<>(keys.size());
		List<byte[]> notStrings = new ArrayList<>();
		for (int i = 0; i < keys.size(); i++) {
			Entry entry = entry(keys.get(i), values.get(i), ttls.get(i), maxValueBytes);
			if (hashFields && entry.unread() == Disposition.Reason.NOT_A_STRING) {
				notStrings.add(entry.key());
			}
			else {
				entries.add(entry);
			}
		}
		if (!notStrings.isEmpty()) {
			entries.addAll(fields(jedis, notStrings, maxValueBytes));
		}
		return new ScanPage(entries);
	}

	/** The fields of the keys that are hashes, each an entry; a key of another type, or too many fields, one entry. */
	private static List<Entry> fields(Jedis jedis, List<byte[]> keys, int maxValueBytes) {
		List<Response<Long>> lengths = new ArrayList<>(keys.size());
		Pipeline pipeline = jedis.pipelined();
		for (byte[] key : keys) {
			lengths.add(pipeline.hlen(key));
		}
		pipeline.sync();
		List<Entry> entries = new ArrayList<>();
		List<byte[]> hashes = new ArrayList<>();
		for (int i = 0; i < keys.size(); i++) {
			Long length = safe(lengths.get(i));
			if (length == null) {
				entries.add(new Entry(keys.get(i), null, Disposition.Reason.NOT_A_STRING));
			}
			else if (length > MAX_FIELDS) {
				entries.add(new Entry(keys.get(i), null, Disposition.Reason.TOO_LARGE));
			}
			else if (length > 0) {
				hashes.add(keys.get(i));
			}
		}
		List<Response<Map<byte[], byte[]>>> all = new ArrayList<>(hashes.size());
		pipeline = jedis.pipelined();
		for (byte[] hash : hashes) {
			all.add(pipeline.hgetAll(hash));
		}
		pipeline.sync();
		for (int i = 0; i < hashes.size(); i++) {
			for (Map.Entry<byte[], byte[]> field : all.get(i).get().entrySet()) {
				byte[] value = field.getValue();
				entries.add(value.length > maxValueBytes
						? new Entry(hashes.get(i), field.getKey(), null, Disposition.Reason.TOO_LARGE)
						: new Entry(hashes.get(i), field.getKey(), value, null));
			}
		}
		return entries;
	}

	/** A hash's length, or {@code null} for a key of another type. */
	private static Long safe(Response<Long> length) {
		try {
			return length.get();
		}
		catch (JedisDataException ex) {
			if (String.valueOf(ex.getMessage()).startsWith("WRONGTYPE")) {
				return null;
			}
			throw ex;
		}
	}

	private static Entry entry(byte[] key, Response<byte[]> value, Response<Long> ttl, int maxValueBytes) {
		if (ttl.get() == -2) {
			return new Entry(key, null, Disposition.Reason.GONE);
		}
		byte[] bytes;
		try {
			bytes = value.get();
		}
		catch (JedisDataException ex) {
			if (String.valueOf(ex.getMessage()).startsWith("WRONGTYPE")) {
				return new Entry(key, null, Disposition.Reason.NOT_A_STRING);
			}
			throw ex;
		}
		if (bytes.length > maxValueBytes) {
			return new Entry(key, null, Disposition.Reason.TOO_LARGE);
		}
		return new Entry(key, bytes, null);
	}

}
