package org.redisbench.migrate;

import org.redisbench.memory.RedisMemory;
import org.redisbench.tooloutput.RedisInfo;
import redis.clients.jedis.exceptions.JedisDataException;

/**
 * The source's memory and CPU, summed over its masters: {@code used_memory}, the data memory every tool of the
 * project measures (used_memory less the clients' buffers, {@link RedisInfo#dataMemory(String, String)}, read through common's
 * {@link RedisMemory}), and the CPU seconds Redis has used since it started ({@code INFO cpu}).
 */
final class Memory {

	/** Public, for the checkpoint's JSON. */
	public record Reading(long usedMemory, long dataBytes, double cpuSeconds) {
	}

	private Memory() {
	}

	static Reading read(Masters masters) {
		long used = 0;
		long data = 0;
		double cpu = 0;
		for (Masters.Master master : masters.all()) {
			String info = master.jedis().info("memory") + "\n" + master.jedis().info("cpu");
			used += RedisInfo.number(info, "used_memory");
			data += dataBytes(master, info);
			cpu += RedisInfo.cpuSeconds(info);
		}
		return new Reading(used, data, cpu);
	}

	/** The masters' CPU seconds so far: cheap enough to read once a second. */
	static double cpuSeconds(Masters masters) {
		double cpu = 0;
		for (Masters.Master master : masters.all()) {
			cpu += RedisInfo.cpuSeconds(master.jedis().info("cpu"));
		}
		return cpu;
	}

	/**
	 * Through common's reading (INFO and CLIENT LIST in one MULTI); a user whose ACL refuses CLIENT LIST or MEMORY
	 * STATS gets INFO's own count of the clients' buffers, which trails by up to a second.
	 */
	private static long dataBytes(Masters.Master master, String info) {
		try {
			return RedisMemory.read(master.jedis()).dataBytes();
		}
		catch (JedisDataException ex) {
			return RedisInfo.dataMemory(info, "");
		}
	}

}
