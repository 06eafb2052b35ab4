package org.redisbench.memory;

import java.nio.charset.StandardCharsets;
import java.util.List;

import org.redisbench.model.MemoryReading;
import org.redisbench.model.RedisBytes;
import org.redisbench.tooloutput.RedisInfo;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.Response;
import redis.clients.jedis.Transaction;

/**
 * Reads a Redis of our own for {@link RedisBytes}: INFO's memory and keyspace and MEMORY STATS's key tables, once
 * Redis has settled. The codec lab, the fill plan and the value advisor measure through it.
 */
public final class RedisMemory {

	/** Reads a cron tick apart: Redis's hz is 10. */
	private static final long TICK_MILLIS = 100;

	private RedisMemory() {
	}

	/**
	 * A reading once Redis settled: each key table one power of two (a grown table is rehashed a little at a time,
	 * and until it is done both halves count), at most a second; then two reads of the data memory a cron tick apart
	 * agree, at most a second more. Redis 7.0 allocated some 25 kB more within 150 ms of a pipelined load of 1,000
	 * SETs, in its cron and not in mem_clients_normal: read at once, the two halves of the advisor's footprint test
	 * differed by 37,632 bytes in 13 of 40 runs on a loaded machine, in none of 40 with this wait (2026-11-26).
	 */
	public static MemoryReading settled(Jedis redis) {
		MemoryReading reading = read(redis);
		for (int attempt = 0; attempt < 100 && !reading.settled(); attempt++) {
			sleep(10);
			reading = read(redis);
		}
		for (int attempt = 0; attempt < 10; attempt++) {
			sleep(TICK_MILLIS);
			MemoryReading again = read(redis);
			boolean steady = again.dataBytes() == reading.dataBytes();
			reading = again;
			if (steady) {
				break;
			}
		}
		return reading;
	}

	/**
	 * One reading, as it is now: INFO and CLIENT LIST in one MULTI, so that the clients' buffers are what they were
	 * when INFO read {@code used_memory} ({@link RedisInfo#dataMemory(String, String)}).
	 */
	public static MemoryReading read(Jedis redis) {
		String info;
		String clients;
		try (Transaction multi = redis.multi()) {
			Response<Object> memory = multi.sendCommand(Protocol.Command.INFO, "memory");
			Response<Object> keyspace = multi.sendCommand(Protocol.Command.INFO, "keyspace");
			Response<Object> list = multi.sendCommand(Protocol.Command.CLIENT, "LIST");
			multi.exec();
			info = text(memory.get()) + "\n" + text(keyspace.get());
			clients = text(list.get());
		}
		long[] overheads = overheads(redis);
		return RedisInfo.memoryReading(info, clients, overheads[0], overheads[1]);
	}

	/** MEMORY STATS's db.0: overhead.hashtable.main and .expires, 0 for an empty database. */
	private static long[] overheads(Jedis redis) {
		List<?> stats = (List<?>) redis.sendCommand(Protocol.Command.MEMORY, "STATS".getBytes(StandardCharsets.US_ASCII));
		long[] overheads = new long[2];
		for (int i = 0; i + 1 < stats.size(); i += 2) {
			if ("db.0".equals(text(stats.get(i)))) {
				List<?> db = (List<?>) stats.get(i + 1);
				for (int j = 0; j + 1 < db.size(); j += 2) {
					String name = text(db.get(j));
					if (name.equals("overhead.hashtable.main")) {
						overheads[0] = ((Number) db.get(j + 1)).longValue();
					}
					else if (name.equals("overhead.hashtable.expires")) {
						overheads[1] = ((Number) db.get(j + 1)).longValue();
					}
				}
			}
		}
		return overheads;
	}

	private static String text(Object reply) {
		return reply instanceof byte[] bytes ? new String(bytes, StandardCharsets.UTF_8) : String.valueOf(reply);
	}

	private static void sleep(long millis) {
		try {
			Thread.sleep(millis);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("interrupted while Redis settled", ex);
		}
	}

}
