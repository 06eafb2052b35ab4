package org.redisbench.store;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import org.springframework.dao.DataAccessException;
import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisPipelineException;

/**
 * How a request's commands travel to Redis. Either way the replies come back in command order, a failed
 * command's reply being its exception; nothing after a failure is sent in per-key mode.
 */
public enum RoundTrips {

	/** One round trip per command, as published. */
	PER_KEY {
		@Override
		List<Object> send(RedisConnection connection, List<Function<RedisConnection, Object>> commands,
				Runnable beforeEach) {
			List<Object> replies = new ArrayList<>(commands.size());
			for (Function<RedisConnection, Object> command : commands) {
				beforeEach.run();
				try {
					replies.add(command.apply(connection));
				}
				catch (DataAccessException ex) {
					replies.add(ex);
					break;
				}
			}
			return replies;
		}
	},

	/** All commands of a request in one round trip. */
	PIPELINE {
		@Override
		List<Object> send(RedisConnection connection, List<Function<RedisConnection, Object>> commands,
				Runnable beforeEach) {
			beforeEach.run();
			connection.openPipeline();
			commands.forEach((command) -> command.apply(connection));
			try {
				return connection.closePipeline();
			}
			catch (RedisPipelineException ex) {
				// Thrown when any command failed; the replies of the others are still there, in order.
				return ex.getPipelineResult();
			}
		}
	};

	abstract List<Object> send(RedisConnection connection, List<Function<RedisConnection, Object>> commands,
			Runnable beforeEach);

}
