package org.redisbench.migrate;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import redis.clients.jedis.Jedis;
import redis.clients.jedis.Pipeline;
import redis.clients.jedis.Response;
import redis.clients.jedis.exceptions.JedisDataException;

/**
 * The keys of one SCAN page with their values, read in one pipelined round trip: {@code GETRANGE key 0 max}, which
 * reads at most one byte more than {@code --max-value-bytes} of a value, and {@code PTTL}, which tells a key gone
 * since SCAN (-2) from an empty value.
 */
record Page(List<Entry> entries) {

	/** One key: its value, or why it has none that could be converted. */
	record Entry(byte[] key, byte[] value, Verdict.Reason unread) {

		String name() {
			return new String(this.key, StandardCharsets.UTF_8);
		}

	}

	static Page read(Jedis jedis, List<byte[]> keys, int maxValueBytes) {
		List<Response<byte[]>> values = new ArrayList<>(keys.size());
		List<Response<Long>> ttls = new ArrayList<>(keys.size());
		Pipeline pipeline = jedis.pipelined();
		for (byte[] key : keys) {
			values.add(pipeline.getrange(key, 0, maxValueBytes));
			ttls.add(pipeline.pttl(key));
		}
		pipeline.sync();
		List<Entry> entries = new ArrayList<>(keys.size());
		for (int i = 0; i < keys.size(); i++) {
			entries.add(entry(keys.get(i), values.get(i), ttls.get(i), maxValueBytes));
		}
		return new Page(entries);
	}

	private static Entry entry(byte[] key, Response<byte[]> value, Response<Long> ttl, int maxValueBytes) {
		if (ttl.get() == -2) {
			return new Entry(key, null, Verdict.Reason.GONE);
		}
		byte[] bytes;
		try {
			bytes = value.get();
		}
		catch (JedisDataException ex) {
			if (String.valueOf(ex.getMessage()).startsWith("WRONGTYPE")) {
				return new Entry(key, null, Verdict.Reason.NOT_A_STRING);
			}
			throw ex;
		}
		if (bytes.length > maxValueBytes) {
			return new Entry(key, null, Verdict.Reason.TOO_LARGE);
		}
		return new Entry(key, bytes, null);
	}

}
