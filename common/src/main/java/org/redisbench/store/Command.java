package org.redisbench.store;

import redis.clients.jedis.CommandArguments;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.commands.JedisBinaryCommands;

/**
 * One Redis command of a request, as data rather than a lambda over a connection, so that it can travel
 * one round trip at a time (on a borrowed {@code Jedis}, or on the cluster client to its key's node) as well
 * as in a pipeline. Either way its reply has one form.
 */
sealed interface Command {

	byte[] key();

	/** Sends it and waits for its reply. Throws what the client throws. */
	Reply sendOn(JedisBinaryCommands redis);

	/** What a pipeline writes for it. */
	CommandArguments arguments();

	/** Its reply as a pipeline reads it off the wire: the bytes of a string or status reply, or null. */
	Reply replyOf(Object raw);

	record Get(byte[] key) implements Command {

		@Override
		public Reply sendOn(JedisBinaryCommands redis) {
			return replyOf(redis.get(this.key));
		}

		@Override
		public CommandArguments arguments() {
			return new CommandArguments(Protocol.Command.GET).key(this.key);
		}

		@Override
		public Reply replyOf(Object raw) {
			return (raw != null) ? new Reply.Value((byte[]) raw) : Reply.NIL;
		}

	}

	record Set(byte[] key, byte[] value) implements Command {

		/** A SET without conditions answers OK or an error, which the client throws. */
		@Override
		public Reply sendOn(JedisBinaryCommands redis) {
			redis.set(this.key, this.value);
			return Reply.OK;
		}

		@Override
		public CommandArguments arguments() {
			return new CommandArguments(Protocol.Command.SET).key(this.key).add(this.value);
		}

		@Override
		public Reply replyOf(Object raw) {
			return Reply.OK;
		}

	}

}
