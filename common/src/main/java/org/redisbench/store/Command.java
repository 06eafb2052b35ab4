package org.redisbench.store;

import java.util.function.Supplier;

import redis.clients.jedis.AbstractPipeline;
import redis.clients.jedis.Response;

import org.springframework.data.redis.connection.RedisConnection;

/**
 * One Redis command of a request, as data rather than a lambda over a connection, so that it can travel
 * through a Spring Data connection (one round trip each) as well as through a Jedis pipeline, a single
 * Redis's or a cluster's. Whichever way it travels, its reply has one
 * form: {@link Boolean#TRUE} for a SET Redis confirmed, the value or {@code null} for a GET.
 */
sealed interface Command {

	/** Runs it on a connection, or queues it when the connection is pipelining; returns the reply. */
	Object sendOn(RedisConnection connection);

	/** Queues it on a Jedis pipeline; the supplier gives its reply once the pipeline has been synced. */
	Supplier<Object> appendTo(AbstractPipeline pipeline);

	record Get(byte[] key) implements Command {

		@Override
		public Object sendOn(RedisConnection connection) {
			return connection.stringCommands().get(this.key);
		}

		@Override
		public Supplier<Object> appendTo(AbstractPipeline pipeline) {
			Response<byte[]> response = pipeline.get(this.key);
			return response::get;
		}

	}

	record Set(byte[] key, byte[] value) implements Command {

		@Override
		public Object sendOn(RedisConnection connection) {
			return connection.stringCommands().set(this.key, this.value);
		}

		@Override
		public Supplier<Object> appendTo(AbstractPipeline pipeline) {
			Response<String> response = pipeline.set(this.key, this.value);
			return () -> "OK".equals(response.get());
		}

	}

}
