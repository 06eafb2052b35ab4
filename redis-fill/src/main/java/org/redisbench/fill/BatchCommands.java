package org.redisbench.fill;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongFunction;

import org.redisbench.model.Layout;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.util.JedisClusterCRC16;

/**
 * The Redis commands that store one batch of consecutive persons, the same whether the fill sends them or
 * writes them for {@code redis-cli --pipe}. Many persons go into one command (MSET, or one HSET of many
 * fields per bucket): per command Redis parses, dispatches and replies once, and at a person per command
 * that, not the data, bounded the fill (29.7 k persons/s here, {@code redis-cli --pipe} 157 k/s).
 * <p>
 * With a time to live, each person keeps its own: SET with PX per person; a bucket, Redis 7.0 having no
 * expiry per hash field, expires as a whole after its last write.
 */
final class BatchCommands {

	/** One command: its name and arguments. */
	record RedisCommand(Protocol.Command name, byte[][] arguments) {

		/** The persons it stores, for counting what Redis confirmed. */
		int persons() {
			return switch (this.name) {
				case MSET -> this.arguments.length / 2;
				case HSET -> (this.arguments.length - 1) / 2;
				case SET -> 1;
				default -> 0;
			};
		}

	}

	private BatchCommands() {
	}

	/** The commands storing persons {@code [from, to)}; a {@code ttl} of {@code null} keeps them forever. */
	static List<RedisCommand> of(Layout layout, long from, long to, Duration ttl, LongFunction<byte[]> value) {
		List<RedisCommand> commands = new ArrayList<>();
		if (layout == Layout.STRING_PER_KEY) {
			if (ttl != null) {
				for (long id = from; id < to; id++) {
					commands.add(new RedisCommand(Protocol.Command.SET,
							new byte[][] { layout.key(id), value.apply(id), ascii("PX"), ascii(ttl.toMillis()) }));
				}
				return commands;
			}
			List<byte[]> arguments = new ArrayList<>();
			for (long id = from; id < to; id++) {
				arguments.add(layout.key(id));
				arguments.add(value.apply(id));
			}
			commands.add(new RedisCommand(Protocol.Command.MSET, arguments.toArray(byte[][]::new)));
			return commands;
		}
		long id = from;
		while (id < to) {
			byte[] bucket = layout.key(id);
			long bucketEnd = Math.min(to, (Math.floorDiv(id, Layout.BUCKET_SIZE) + 1) * Layout.BUCKET_SIZE);
			List<byte[]> arguments = new ArrayList<>(List.of(bucket));
			for (; id < bucketEnd; id++) {
				arguments.add(Layout.field(id));
				arguments.add(value.apply(id));
			}
			commands.add(new RedisCommand(Protocol.Command.HSET, arguments.toArray(byte[][]::new)));
			if (ttl != null) {
				commands.add(new RedisCommand(Protocol.Command.PEXPIRE, new byte[][] { bucket, ascii(ttl.toMillis()) }));
			}
		}
		return commands;
	}

	/** The same commands for a cluster, where the keys of one command must share a slot: an MSET per slot. */
	static List<RedisCommand> perSlot(List<RedisCommand> commands) {
		List<RedisCommand> split = new ArrayList<>();
		for (RedisCommand command : commands) {
			if (command.name() != Protocol.Command.MSET) {
				split.add(command);
				continue;
			}
			Map<Integer, List<byte[]>> bySlot = new LinkedHashMap<>();
			byte[][] arguments = command.arguments();
			for (int i = 0; i < arguments.length; i += 2) {
				List<byte[]> slot = bySlot.computeIfAbsent(JedisClusterCRC16.getSlot(arguments[i]),
						(key) -> new ArrayList<>());
				slot.add(arguments[i]);
				slot.add(arguments[i + 1]);
			}
			bySlot.values()
				.forEach((slot) -> split.add(new RedisCommand(Protocol.Command.MSET, slot.toArray(byte[][]::new))));
		}
		return split;
	}

	private static byte[] ascii(Object text) {
		return String.valueOf(text).getBytes(StandardCharsets.US_ASCII);
	}

}
