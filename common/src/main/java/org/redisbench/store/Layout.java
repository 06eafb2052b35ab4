package org.redisbench.store;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Where a person lives in Redis, {@code bench.layout}.
 * <p>
 * {@link #HASH_BUCKET} groups persons by id into hashes of {@value #BUCKET_SIZE} fields. Redis keeps a hash
 * of at most {@code hash-max-listpack-entries} fields (128 by default) whose values are all at most
 * {@code hash-max-listpack-value} bytes (64 by default) as one listpack, a few bytes of header per field,
 * instead of a key, an object and a hash-table entry per person. 100 stays under 128 with room for a bucket
 * of ids that a batch straddles. A person is 87 (Kryo) to 156 (JSON) bytes, more than the default 64: on a
 * Redis left at its defaults a bucket turns into a hash table at its first write, which works the same but
 * saves little. So a Redis meant for this layout runs with {@code hash-max-listpack-value} raised to
 * {@value #LISTPACK_VALUE_BYTES} ({@code redis-server --hash-max-listpack-value 512}): the largest person of
 * any codec fits, and a listpack of 100 such values is still scanned in microseconds. A value above it makes
 * its bucket a hash table again, the contract unchanged.
 */
public enum Layout {

	/** {@code person_<id>} holding the value, as published. */
	STRING_PER_KEY {
		@Override
		public byte[] key(long id) {
			return PersonStore.key(id);
		}

		@Override
		Command write(long id, byte[] value, long ttlMillis) {
			return new Command.Set(key(id), value, ttlMillis);
		}

		@Override
		boolean sharesKeys() {
			return false;
		}

		@Override
		Command read(long id, int limit) {
			return new Command.Read(key(id), limit);
		}

		@Override
		Command presence(long id) {
			return new Command.Type(key(id));
		}

		@Override
		boolean isAbsent(byte[] presence) {
			return Arrays.equals(presence, NO_TYPE);
		}
	},

	/**
	 * Field {@code <id>} of the hash {@code persons:{<id / 100>}}. With {@code bench.ttl}, a bucket expires as a
	 * whole.
	 */
	HASH_BUCKET {
		/**
		 * The bucket number in braces is the key's hash tag, so a bucket, and anything a later change keys by
		 * it, lives on one cluster slot.
		 */
		@Override
		public byte[] key(long id) {
			return ("persons:{" + Math.floorDiv(id, BUCKET_SIZE) + "}").getBytes(StandardCharsets.US_ASCII);
		}

		/**
		 * Redis 7.0 has no time to live for a field (HEXPIRE came with 7.4), so the bucket expires as a whole:
		 * the store follows a request's writes to a bucket with one {@link #expiry}.
		 */
		@Override
		Command write(long id, byte[] value, long ttlMillis) {
			return new Command.FieldSet(key(id), field(id), value);
		}

		@Override
		boolean sharesKeys() {
			return true;
		}

		@Override
		Command read(long id, int limit) {
			return new Command.FieldRead(key(id), field(id), limit);
		}

		@Override
		Command presence(long id) {
			return new Command.FieldExists(key(id), field(id));
		}

		@Override
		boolean isAbsent(byte[] presence) {
			return Arrays.equals(presence, Command.FieldExists.NO);
		}
	};

	/** Persons per bucket of {@link #HASH_BUCKET}. */
	public static final int BUCKET_SIZE = 100;

	/** What a Redis the bench starts sets {@code hash-max-listpack-value} to: the largest person of any codec fits. */
	public static final int LISTPACK_VALUE_BYTES = 512;

	/** What {@code TYPE} answers for a key that does not exist. */
	private static final byte[] NO_TYPE = "none".getBytes(StandardCharsets.US_ASCII);

	/** The key a person is stored under: its own, or its bucket's. */
	public abstract byte[] key(long id);

	/** The field of a person in its bucket: its id in ASCII, which a listpack stores as an integer. */
	public static byte[] field(long id) {
		return Long.toString(id).getBytes(StandardCharsets.US_ASCII);
	}

	/**
	 * Stores a person's value, to expire after {@code ttlMillis} (0: never) where the key is the person's own;
	 * answered {@link Reply#OK} once Redis confirmed it.
	 */
	abstract Command write(long id, byte[] value, long ttlMillis);

	/**
	 * Whether several persons share a key, which then expires as a whole: a write cannot carry a person's time
	 * to live, and the key gets it from an {@link #expiry} after the writes.
	 */
	abstract boolean sharesKeys();

	/** Sets the time to live of the key person {@code id} is stored under; every person under it goes then. */
	Command expiry(long id, long ttlMillis) {
		return new Command.Expire(key(id), ttlMillis);
	}

	/** Reads at most {@code limit + 1} bytes of a person's value; an absent person reads as empty. */
	abstract Command read(long id, int limit);

	/** Asks whether a person is there at all, to tell an absent person from an empty value. */
	abstract Command presence(long id);

	/** Whether the answer to {@link #presence} says there is no such person. */
	abstract boolean isAbsent(byte[] presence);

}
