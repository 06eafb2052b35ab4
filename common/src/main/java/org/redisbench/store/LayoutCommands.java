package org.redisbench.store;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import org.redisbench.model.Layout;

/**
 * The Redis commands of each {@link Layout}: how a person is written, read and looked for. Redis 7.0 has no time to
 * live for a hash field (HEXPIRE came with 7.4), so in {@link Layout#HASH_BUCKET} the bucket expires as a whole: the
 * store follows a request's writes to a bucket with one {@link #expiry}. A value above the Redis's
 * {@code hash-max-listpack-value} makes its bucket a hash table, the contract unchanged.
 */
final class LayoutCommands {

	/** What {@code TYPE} answers for a key that does not exist. */
	private static final byte[] NO_TYPE = "none".getBytes(StandardCharsets.US_ASCII);

	private LayoutCommands() {
	}

	/**
	 * Stores a person's value, to expire after {@code ttlMillis} (0: never) where the key is the person's own;
	 * answered {@link Reply#OK} once Redis confirmed it.
	 */
	static Command write(Layout layout, long id, byte[] value, long ttlMillis) {
		return switch (layout) {
			case STRING_PER_KEY -> new Command.Set(layout.key(id), value, ttlMillis);
			case HASH_BUCKET -> new Command.FieldSet(layout.key(id), Layout.field(id), value);
		};
	}

	/**
	 * Whether several persons share a key, which then expires as a whole: a write cannot carry a person's time to
	 * live, and the key gets it from an {@link #expiry} after the writes.
	 */
	static boolean sharesKeys(Layout layout) {
		return layout == Layout.HASH_BUCKET;
	}

	/** Sets the time to live of the key person {@code id} is stored under; every person under it goes then. */
	static Command expiry(Layout layout, long id, long ttlMillis) {
		return new Command.Expire(layout.key(id), ttlMillis);
	}

	/** Reads at most {@code limit + 1} bytes of a person's value; an absent person reads as empty. */
	static Command read(Layout layout, long id, int limit) {
		return switch (layout) {
			case STRING_PER_KEY -> new Command.Read(layout.key(id), limit);
			case HASH_BUCKET -> new Command.FieldRead(layout.key(id), Layout.field(id), limit);
		};
	}

	/** Asks whether a person is there at all, to tell an absent person from an empty value. */
	static Command presence(Layout layout, long id) {
		return switch (layout) {
			case STRING_PER_KEY -> new Command.Type(layout.key(id));
			case HASH_BUCKET -> new Command.FieldExists(layout.key(id), Layout.field(id));
		};
	}

	/** Whether the answer to {@link #presence} says there is no such person. */
	static boolean isAbsent(Layout layout, byte[] presence) {
		return Arrays.equals(presence, switch (layout) {
			case STRING_PER_KEY -> NO_TYPE;
			case HASH_BUCKET -> Command.FieldExists.NO;
		});
	}

}
