package org.redisbench.store;

import java.nio.charset.StandardCharsets;

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

	/** Its reply as a pipeline reads it off the wire: the bytes of a string or status reply. */
	Reply replyOf(Object raw);

	/**
	 * Reads at most {@code limit + 1} bytes of a string value, {@code GETRANGE key 0 limit}: a client reading a
	 * value whole allocates whatever size Redis announces, so a value too large to be a person is refused by
	 * its length before it is ever held. An absent key reads as empty.
	 */
	record Read(byte[] key, int limit) implements Command {

		@Override
		public Reply sendOn(JedisBinaryCommands redis) {
			return new Reply.Value(redis.getrange(this.key, 0, this.limit));
		}

		@Override
		public CommandArguments arguments() {
			return new CommandArguments(Protocol.Command.GETRANGE).key(this.key).add(0).add(this.limit);
		}

		@Override
		public Reply replyOf(Object raw) {
			return new Reply.Value((byte[]) raw);
		}

	}

	/** The type of the value at a key, {@code none} when there is none: tells an empty string from no key. */
	record Type(byte[] key) implements Command {

		@Override
		public Reply sendOn(JedisBinaryCommands redis) {
			return new Reply.Value(redis.type(this.key).getBytes(StandardCharsets.US_ASCII));
		}

		@Override
		public CommandArguments arguments() {
			return new CommandArguments(Protocol.Command.TYPE).key(this.key);
		}

		@Override
		public Reply replyOf(Object raw) {
			return new Reply.Value((byte[]) raw);
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
