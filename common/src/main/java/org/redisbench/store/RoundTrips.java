package org.redisbench.store;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import redis.clients.jedis.ClusterPipeline;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Pipeline;
import redis.clients.jedis.RedisClusterClient;
import redis.clients.jedis.exceptions.JedisException;

import org.springframework.dao.DataAccessException;
import org.springframework.dao.support.PersistenceExceptionTranslator;
import org.springframework.data.redis.RedisConnectionFailureException;
import org.springframework.data.redis.RedisSystemException;
import org.springframework.data.redis.connection.RedisClusterConnection;
import org.springframework.data.redis.connection.RedisConnection;

/**
 * How a request's commands travel to Redis. Either way the replies come back in command order, a failed
 * command's reply being its exception, translated into a {@link DataAccessException}; nothing after a
 * failure is sent in per-key mode, nor after a cluster node that could not be reached in pipeline mode. A
 * connection lost in the middle of a pipeline is one reply, the failure, for the whole batch.
 */
public enum RoundTrips {

	/** One round trip per command, as published; on a cluster, each to the node holding its key. */
	PER_KEY {
		@Override
		List<Object> send(RedisConnection connection, List<Command> commands, Runnable beforeEach,
				PersistenceExceptionTranslator translator) {
			List<Object> replies = new ArrayList<>(commands.size());
			for (Command command : commands) {
				beforeEach.run();
				try {
					replies.add(command.sendOn(connection));
				}
				catch (DataAccessException ex) {
					replies.add(ex);
					break;
				}
			}
			return replies;
		}
	},

	/** All commands of a request in one round trip; on a cluster, one per node holding any of its keys. */
	PIPELINE {
		@Override
		List<Object> send(RedisConnection connection, List<Command> commands, Runnable beforeEach,
				PersistenceExceptionTranslator translator) {
			beforeEach.run();
			if (connection instanceof RedisClusterConnection) {
				// Spring Data refuses to pipeline a cluster connection, and would send a cross-slot batch
				// one key at a time; Jedis's cluster pipeline batches by node instead.
				return sendByNode((RedisClusterClient) connection.getNativeConnection(), commands, translator);
			}
			return sendOnOneNode((Jedis) connection.getNativeConnection(), commands, translator);
		}
	};

	/**
	 * Jedis reads the nodes' replies of a cluster pipeline in parallel on worker threads: a pool started
	 * per request unless one is given, and its bookkeeping races when a node fails in the middle of a read.
	 * Reading them node after node on the request's own thread avoids both, for one round trip per node.
	 */
	private static final ExecutorService ON_CALLING_THREAD = new OnCallingThread();

	abstract List<Object> send(RedisConnection connection, List<Command> commands, Runnable beforeEach,
			PersistenceExceptionTranslator translator);

	/**
	 * Through Jedis's own pipeline on the borrowed connection, as on a cluster: Spring Data's pipeline wraps
	 * and converts each command and reply on the way, which cost a fifth to a third of the app's CPU per
	 * pipelined request when measured side by side.
	 */
	private static List<Object> sendOnOneNode(Jedis jedis, List<Command> commands,
			PersistenceExceptionTranslator translator) {
		List<Supplier<Object>> pending = new ArrayList<>(commands.size());
		// Closing syncs: the batch is written and every reply read.
		try (Pipeline pipeline = new Pipeline(jedis.getConnection())) {
			for (Command command : commands) {
				pending.add(command.appendTo(pipeline));
			}
		}
		catch (JedisException ex) {
			// The connection failed while the batch was written or its replies read: no command has a reply.
			return List.of(translate(ex, translator));
		}
		return repliesOf(pending, translator);
	}

	private static List<Object> sendByNode(RedisClusterClient cluster, List<Command> commands,
			PersistenceExceptionTranslator translator) {
		List<Supplier<Object>> pending = new ArrayList<>(commands.size());
		JedisException notSent = null;
		// Closing syncs: every command queued before a failure is still sent and its reply read.
		try (ClusterPipeline pipeline = cluster.pipelined(ON_CALLING_THREAD)) {
			for (Command command : commands) {
				pending.add(command.appendTo(pipeline));
			}
		}
		catch (JedisException ex) {
			// A node that could not be reached when the first of its commands was queued.
			notSent = ex;
		}
		List<Object> replies = repliesOf(pending, translator);
		if (notSent != null) {
			replies.add(translate(notSent, translator));
		}
		return replies;
	}

	/** The replies of a synced pipeline, in command order; room is left for one more, a failure. */
	private static List<Object> repliesOf(List<Supplier<Object>> pending, PersistenceExceptionTranslator translator) {
		List<Object> replies = new ArrayList<>(pending.size() + 1);
		for (Supplier<Object> reply : pending) {
			replies.add(replyOf(reply, translator));
		}
		return replies;
	}

	private static Object replyOf(Supplier<Object> reply, PersistenceExceptionTranslator translator) {
		try {
			return reply.get();
		}
		catch (JedisException ex) {
			return translate(ex, translator);
		}
		catch (IllegalStateException ex) {
			// Jedis leaves a command without a reply when its node's connection failed during the sync; it
			// keeps that failure to itself, and what it throws here says only that the reply is missing.
			return new NoReplyFromNode();
		}
	}

	private static DataAccessException translate(JedisException ex, PersistenceExceptionTranslator translator) {
		DataAccessException translated = translator.translateExceptionIfPossible(ex);
		return (translated != null) ? translated : new RedisSystemException(ex.getMessage(), ex);
	}

	/** A cluster node's connection failed during a pipeline's sync: lost or timed out, Jedis does not say. */
	static final class NoReplyFromNode extends RedisConnectionFailureException {

		NoReplyFromNode() {
			super("no reply from the key's cluster node: connection lost or timed out");
		}

	}

	private static final class OnCallingThread extends AbstractExecutorService {

		@Override
		public void execute(Runnable task) {
			task.run();
		}

		@Override
		public void shutdown() {
		}

		@Override
		public List<Runnable> shutdownNow() {
			return List.of();
		}

		@Override
		public boolean isShutdown() {
			return false;
		}

		@Override
		public boolean isTerminated() {
			return false;
		}

		@Override
		public boolean awaitTermination(long timeout, TimeUnit unit) {
			return false;
		}

	}

}
