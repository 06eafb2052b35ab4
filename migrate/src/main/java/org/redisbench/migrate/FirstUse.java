package org.redisbench.migrate;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

import redis.clients.jedis.Jedis;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.params.SetParams;

/**
 * Redis 7 gives each command a latency histogram the first time it runs ({@code latency-tracking}, on by default):
 * 24,688 bytes a command and a node, in used_memory and in no overhead INFO names. A command a writing run sends
 * for the first time between its readings before and after would count as data: on a fresh 3-master cluster of
 * 9,000 persons, the measured saving came out 6% under the projection (2026-11-26). So each command the run sends
 * is run once on each master before the reading before, changing nothing: reads of one of the node's own matched
 * keys, the replacement script on it with bytes it cannot hold (it compares and leaves), {@code SET ... XX} on a
 * key that does not exist, and one reading of the memory. A conversion of hash fields reads with {@code HLEN} and
 * {@code HGETALL} too, and its script runs {@code HGET}: each is run once on the first matched key (of whatever
 * type, since a command refused for the key's type has run, histogram and all); {@code HSET}, which only a
 * replacement runs, cannot be run without writing, and its histogram may count as data once a node.
 */
final class FirstUse {

	private FirstUse() {
	}

	static void touch(Masters masters, String match, Map<String, byte[]> scripts, boolean hashFields) {
		for (Masters.Master master : masters.all()) {
			Jedis jedis = master.jedis();
			List<byte[]> keys = jedis.scan(ScanParams.SCAN_POINTER_START_BINARY,
					new ScanParams().match(match.getBytes(StandardCharsets.UTF_8)).count(100)).getResult();
			jedis.dbSize();
			if (!keys.isEmpty()) {
				byte[] key = keys.get(0);
				quietly(() -> jedis.getrange(key, 0, 0));
				jedis.pttl(key);
				jedis.type(key);
				byte[] never = random();
				quietly(() -> jedis.evalsha(scripts.get(master.toString()), 1, key, never, never));
				if (hashFields) {
					quietly(() -> jedis.hlen(key));
					quietly(() -> jedis.hgetAll(key));
					quietly(() -> jedis.hget(key, never));
				}
				// in the key's slot, so that a cluster node runs it rather than redirect; XX: it does not exist
				byte[] absent = ("{" + new String(key, StandardCharsets.UTF_8) + "}" + HexFormat.of().formatHex(never))
					.getBytes(StandardCharsets.UTF_8);
				quietly(() -> jedis.set(absent, new byte[0], SetParams.setParams().xx().keepTtl()));
			}
		}
		Memory.read(masters);
	}

	/** A command the user's ACL or the key's type refuses touches nothing, and costs a histogram at most. */
	private static void quietly(Runnable command) {
		try {
			command.run();
		}
		catch (JedisDataException ex) {
			// nothing to warm
		}
	}

	private static byte[] random() {
		byte[] bytes = new byte[16];
		ThreadLocalRandom.current().nextBytes(bytes);
		return bytes;
	}

}
