package org.redisbench.store;

import org.springframework.util.unit.DataSize;

/**
 * Sizes Jedis's socket buffers ({@code bench.redis-buffer}). Jedis writes a command into an 8 KiB buffer and
 * flushes it to the socket whenever it fills, so a pipelined request's 100 persons (about 20 KB) took three
 * {@code write} calls on loopback TCP, each a trip through the kernel's stack and a wake-up of Redis, and
 * {@code /check}'s replies three reads. With 32 KiB, one of each. Measured side by side under load, string app,
 * pipelined {@code /add}, {@code ab -k -c 200}, 4 alternating rounds: 0.186 → 0.172 ms of app CPU a request.
 * <p>
 * Jedis reads the sizes from system properties once, when its stream classes load at the first connection of the
 * JVM, so they are set before the connection factory makes one; a size the JVM was given ({@code -Djedis.bufferSize.output})
 * is left as it is.
 */
final class JedisBuffers {

	static final String OUTPUT = "jedis.bufferSize.output";

	static final String INPUT = "jedis.bufferSize.input";

	private JedisBuffers() {
	}

	static void apply(DataSize size) {
		String bytes = Long.toString(size.toBytes());
		if (System.getProperty(OUTPUT) == null) {
			System.setProperty(OUTPUT, bytes);
		}
		if (System.getProperty(INPUT) == null) {
			System.setProperty(INPUT, bytes);
		}
	}

}
