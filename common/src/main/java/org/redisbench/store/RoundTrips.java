package org.redisbench.store;

import java.util.Arrays;
import java.util.List;

import redis.clients.jedis.commands.JedisBinaryCommands;
import redis.clients.jedis.exceptions.JedisException;

/**
 * How a request's commands travel to Redis: straight through Jedis, on what the request borrowed. Either
 * way there is one reply per command, in command order.
 */
public enum RoundTrips {

	/**
	 * One round trip per command, as published; on a cluster, each to the node holding its key. Nothing is
	 * sent after a failure, nor once the request's deadline has passed.
	 */
	PER_KEY {
		@Override
		List<Reply> send(Lease redis, List<Command> commands, Deadline deadline) {
			Reply[] replies = new Reply[commands.size()];
			Arrays.fill(replies, Reply.NOT_SENT);
			JedisBinaryCommands client = redis.commands();
			for (int i = 0; i < commands.size(); i++) {
				if (deadline.passed()) {
					replies[i] = deadline.passedReply();
					break;
				}
				try {
					replies[i] = commands.get(i).sendOn(client);
				}
				catch (JedisException ex) {
					replies[i] = JedisFailures.of(ex);
					break;
				}
			}
			return Arrays.asList(replies);
		}
	},

	/**
	 * All commands of a request in one round trip; on a cluster, one per node holding any of its keys, all
	 * written before any is read.
	 */
	PIPELINE {
		@Override
		List<Reply> send(Lease redis, List<Command> commands, Deadline deadline) {
			if (deadline.passed()) {
				return Reply.failedFrom(deadline.passedReply(), commands.size());
			}
			Reply[] replies = new Reply[commands.size()];
			List<NodeBatch> batches = redis.batches(commands, replies);
			try {
				batches.forEach((batch) -> batch.write(commands, replies));
				batches.forEach((batch) -> batch.read(commands, replies, deadline));
			}
			finally {
				batches.forEach(NodeBatch::close);
			}
			return Arrays.asList(replies);
		}
	};

	abstract List<Reply> send(Lease redis, List<Command> commands, Deadline deadline);

}
