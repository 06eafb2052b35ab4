package org.redisbench.lab;

import org.redisbench.memory.RedisMemory;
import org.redisbench.model.Layout;
import org.redisbench.model.MemoryReading;
import org.redisbench.model.RedisBytes;
import org.redisbench.person.Person;
import org.redisbench.person.PersonFactory;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Pipeline;

/**
 * What a configuration's values cost Redis per key: new persons SET at {@code /add}'s keys in the lab's own Redis,
 * measured as every tool measures Redis bytes a value ({@link RedisBytes}).
 */
final class PersonLoad {

	/** SETs per round trip: enough to keep Redis busy, few enough that the query buffer stays small. */
	static final int PIPELINE_DEPTH = 1000;

	private PersonLoad() {
	}

	/** FLUSHALLs the Redis first, so it must be one the lab started. */
	static double bytesPerKey(Jedis redis, LabCodec codec, int keys) {
		redis.flushAll();
		MemoryReading before = RedisMemory.settled(redis);
		try (Pipeline pipeline = redis.pipelined()) {
			for (long id = 1; id <= keys; id++) {
				Person person = PersonFactory.create(id);
				pipeline.set(Layout.personKey(id), codec.encode(person));
				if (id % PIPELINE_DEPTH == 0) {
					pipeline.sync();
				}
			}
		}
		long stored = redis.dbSize();
		if (stored != keys) {
			throw new IllegalStateException("Redis holds " + stored + " keys after " + keys + " SETs");
		}
		return RedisBytes.perValue(before, RedisMemory.settled(redis), keys);
	}

}
