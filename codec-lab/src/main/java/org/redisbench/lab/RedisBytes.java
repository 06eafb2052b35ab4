package org.redisbench.lab;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.redisbench.person.Person;
import org.redisbench.person.PersonFactory;
import org.redisbench.store.PersonStore;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Pipeline;

/**
 * What a configuration's values cost Redis per key: the growth of {@code used_memory} over SETs of new
 * persons at {@code /add}'s keys, less the growth of client buffers, divided by the keys. Redis counts what
 * its allocator hands out, so size classes are included.
 */
public final class RedisBytes {

	/** SETs per round trip: enough to keep Redis busy, few enough that the query buffer stays small. */
	static final int PIPELINE_DEPTH = 1000;


	private RedisBytes() {
	}

	/** FLUSHALLs the Redis first, so it must be one the lab started. */
	static double perKey(Jedis redis, LabCodec codec, int keys) {
		redis.flushAll();
		long before = dataMemory(redis);
		try (Pipeline pipeline = redis.pipelined()) {
			for (long id = 1; id <= keys; id++) {
				Person person = PersonFactory.create(id);
				pipeline.set(PersonStore.key(id), codec.encode(person));
				if (id % PIPELINE_DEPTH == 0) {
					pipeline.sync();
				}
			}
		}
		long stored = redis.dbSize();
		if (stored != keys) {
			throw new IllegalStateException("Redis holds " + stored + " keys after " + keys + " SETs");
		}
		return (dataMemory(redis) - before) / (double) keys;
	}

	/**
	 * {@code used_memory} less {@code mem_clients_normal}: Redis shrinks a client's query buffer only now and
	 * then, so what the pipeline left there is not the values' cost.
	 */
	public static long dataMemory(Jedis redis) {
		String info = redis.info("memory");
		return field(info, "used_memory") - field(info, "mem_clients_normal");
	}

	private static long field(String info, String name) {
		return Long.parseLong(field(info, name, "-?\\d+"));
	}

	/** A field of an INFO section's {@code name:value} lines, whose value must match {@code value}. */
	static String field(String info, String name, String value) {
		Matcher matcher = Pattern.compile("^" + Pattern.quote(name) + ":(" + value + ")\\r?$", Pattern.MULTILINE)
			.matcher(info);
		if (!matcher.find()) {
			throw new IllegalStateException("INFO has no " + name + " matching " + value);
		}
		return matcher.group(1);
	}

}
