package org.redisbench.model;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import org.redisbench.valueformat.Named;

/**
 * Where a person lives in Redis: the apps' {@code bench.layout}, bench.sh's {@code --layouts}, redis-fill's and the
 * report's layout.
 * <p>
 * {@link #HASH_BUCKET} groups persons by id into hashes of {@value #BUCKET_SIZE} fields. Redis keeps a hash of at
 * most {@code hash-max-listpack-entries} fields (128 by default) whose values are all at most
 * {@code hash-max-listpack-value} bytes (64 by default) as one listpack, a few bytes of header per field, instead of
 * a key, an object and a hash-table entry per person. 100 stays under 128 with room for a bucket of ids that a
 * batch straddles. A person is 87 (Kryo) to 156 (JSON) bytes, more than the default 64: on a Redis left at its
 * defaults a bucket turns into a hash table at its first write, which works the same but saves little. So a Redis
 * meant for this layout runs with {@code hash-max-listpack-value} raised to {@value #LISTPACK_VALUE_BYTES}: the
 * largest person of any codec fits, and a listpack of 100 such values is still scanned in microseconds.
 */
public enum Layout implements Named {

	/** {@code person_<id>} holding the value, as published: DBSIZE counts the persons. */
	STRING_PER_KEY("a key per person, as published", "DBSIZE"),

	/**
	 * Field {@code <id>} of the hash {@code persons:{<id / 100>}}; a bucket expires as a whole. DBSIZE counts
	 * buckets: the HLEN of the buckets count the persons.
	 */
	HASH_BUCKET("100 persons a hash", "persons in hash buckets (HLEN summed)");

	/** Persons per bucket of {@link #HASH_BUCKET}. */
	public static final int BUCKET_SIZE = 100;

	/** What a Redis meant for hash buckets sets {@code hash-max-listpack-value} to: the largest person of any codec fits. */
	public static final int LISTPACK_VALUE_BYTES = 512;

	private static final byte[] KEY_PREFIX = "person_".getBytes(StandardCharsets.US_ASCII);

	private final String description;

	private final String personCount;

	Layout(String description, String personCount) {
		this.description = description;
		this.personCount = personCount;
	}

	public static Layout parse(String label) {
		return Named.parse(Layout.class, "layout", label);
	}

	@Override
	public String label() {
		return Named.labelOf(this);
	}

	/** What it is, for a reader: {@code 100 persons a hash}. */
	public String description() {
		return this.description;
	}

	/** What counts the persons on a Redis of this layout, as a verdict names it. */
	public String personCount() {
		return this.personCount;
	}

	/** As published: what the other layouts are compared with, and left out of names and labels. */
	public boolean isPublished() {
		return this == STRING_PER_KEY;
	}

	/** The key a person is stored under: its own, or its bucket's. */
	public byte[] key(long id) {
		return this == STRING_PER_KEY ? personKey(id) : bucketKey(Math.floorDiv(id, BUCKET_SIZE));
	}

	/**
	 * The bucket number in braces is the key's hash tag, so a bucket, and anything a later change keys by it, lives
	 * on one cluster slot.
	 */
	public static byte[] bucketKey(long bucket) {
		return ("persons:{" + bucket + "}").getBytes(StandardCharsets.US_ASCII);
	}

	/** The field of a person in its bucket: its id in ASCII, which a listpack stores as an integer. */
	public static byte[] field(long id) {
		return Long.toString(id).getBytes(StandardCharsets.US_ASCII);
	}

	/**
	 * {@code person_<id>} in ASCII. The digits are written straight into the key's bytes: building the string first
	 * and encoding it took about 8% of a pipelined request's app CPU in a profile, most of it in
	 * {@code Long.getChars}.
	 */
	public static byte[] personKey(long id) {
		int digits = 1;
		for (long rest = id / 10; rest != 0; rest /= 10) {
			digits++;
		}
		int sign = (id < 0) ? 1 : 0;
		byte[] key = Arrays.copyOf(KEY_PREFIX, KEY_PREFIX.length + sign + digits);
		if (sign == 1) {
			key[KEY_PREFIX.length] = '-';
		}
		long rest = id;
		for (int i = key.length - 1; i >= KEY_PREFIX.length + sign; i--) {
			key[i] = (byte) ('0' + Math.abs(rest % 10));
			rest /= 10;
		}
		return key;
	}

}
