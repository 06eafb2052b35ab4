package org.redisbench.store;

import java.nio.charset.StandardCharsets;
import java.util.List;

import redis.clients.jedis.CommandArguments;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.commands.JedisBinaryCommands;
import redis.clients.jedis.params.SetParams;

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

	/**
	 * {@code SET key value}, or with a time to live {@code SET key value PX ms}: the key never exists without its
	 * expiry, not even between two commands.
	 */
	record Set(byte[] key, byte[] value, long ttlMillis) implements Command {

		/** A SET that never expires. */
		Set(byte[] key, byte[] value) {
			this(key, value, 0);
		}

		/** A SET without conditions answers OK or an error, which the client throws. */
		@Override
		public Reply sendOn(JedisBinaryCommands redis) {
			if (this.ttlMillis > 0) {
				redis.set(this.key, this.value, SetParams.setParams().px(this.ttlMillis));
			}
			else {
				redis.set(this.key, this.value);
			}
			return Reply.OK;
		}

		@Override
		public CommandArguments arguments() {
			CommandArguments set = new CommandArguments(Protocol.Command.SET).key(this.key).add(this.value);
			return (this.ttlMillis > 0) ? set.add(Protocol.Keyword.PX).add(this.ttlMillis) : set;
		}

		@Override
		public Reply replyOf(Object raw) {
			return Reply.OK;
		}

	}

	/**
	 * {@code PEXPIRE key ms}: answers 1, or 0 for a key that is gone, which a write just before it in the same
	 * request makes no failure of its own: the write's reply decides.
	 */
	record Expire(byte[] key, long ttlMillis) implements Command {

		@Override
		public Reply sendOn(JedisBinaryCommands redis) {
			redis.pexpire(this.key, this.ttlMillis);
			return Reply.OK;
		}

		@Override
		public CommandArguments arguments() {
			return new CommandArguments(Protocol.Command.PEXPIRE).key(this.key).add(this.ttlMillis);
		}

		@Override
		public Reply replyOf(Object raw) {
			return Reply.OK;
		}

	}

	/** {@code HSET key field value}: answers the number of fields added, or an error, which the client throws. */
	record FieldSet(byte[] key, byte[] field, byte[] value) implements Command {

		@Override
		public Reply sendOn(JedisBinaryCommands redis) {
			redis.hset(this.key, this.field, this.value);
			return Reply.OK;
		}

		@Override
		public CommandArguments arguments() {
			return new CommandArguments(Protocol.Command.HSET).key(this.key).add(this.field).add(this.value);
		}

		@Override
		public Reply replyOf(Object raw) {
			return Reply.OK;
		}

	}

	/**
	 * A hash field read as {@link Read} reads a string: at most {@code limit + 1} bytes, an absent field as
	 * empty. Redis has no HGETRANGE, and HSTRLEN then HGET would be two round trips per person (a pipeline of
	 * both still hands the client the whole value), so a script asks HSTRLEN and answers inside Redis, in the one
	 * round trip: the value, or for one over the limit just a length's worth of filler. EVAL, not EVALSHA: Redis
	 * caches the compiled script by its digest either way, and a script cache flushed under a request cannot
	 * fail it. The script's bytes ride on every read.
	 */
	record FieldRead(byte[] key, byte[] field, int limit) implements Command {

		/**
		 * Redis has no HGETRANGE, and an HGET in a script copies the whole value into Lua: 100 values of 8 MB
		 * took a per-key {@code /check} past its 2 s deadline here. A value over the limit is never fetched:
		 * the script answers {@code limit + 1} filler bytes, all a reader looks at being the length.
		 */
		static final byte[] SCRIPT = ("local n = redis.call('HSTRLEN', KEYS[1], ARGV[1]) "
				+ "if n == 0 then return '' end "
				+ "if n > tonumber(ARGV[2]) then return string.rep('?', ARGV[2] + 1) end "
				+ "return redis.call('HGET', KEYS[1], ARGV[1])")
			.getBytes(StandardCharsets.US_ASCII);

		@Override
		public Reply sendOn(JedisBinaryCommands redis) {
			return replyOf(redis.eval(SCRIPT, List.of(this.key), List.of(this.field, limitArgument())));
		}

		@Override
		public CommandArguments arguments() {
			return new CommandArguments(Protocol.Command.EVAL).add(SCRIPT).add(1).key(this.key).add(this.field)
				.add(limitArgument());
		}

		@Override
		public Reply replyOf(Object raw) {
			return new Reply.Value((byte[]) raw);
		}

		private byte[] limitArgument() {
			return Integer.toString(this.limit).getBytes(StandardCharsets.US_ASCII);
		}

	}

	/** {@code HEXISTS key field}, answered {@code 1} or {@link #NO}: tells an empty value from no person. */
	record FieldExists(byte[] key, byte[] field) implements Command {

		static final byte[] NO = { '0' };

		@Override
		public Reply sendOn(JedisBinaryCommands redis) {
			return replyOf(redis.hexists(this.key, this.field) ? 1L : 0L);
		}

		@Override
		public CommandArguments arguments() {
			return new CommandArguments(Protocol.Command.HEXISTS).key(this.key).add(this.field);
		}

		@Override
		public Reply replyOf(Object raw) {
			return new Reply.Value(Long.toString((Long) raw).getBytes(StandardCharsets.US_ASCII));
		}

	}

}
