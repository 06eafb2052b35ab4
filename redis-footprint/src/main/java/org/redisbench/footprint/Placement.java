package org.redisbench.footprint;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.stream.Collectors;

import org.redisbench.commandline.Refusal;
import org.redisbench.model.Layout;

/**
 * Where a value lives in Redis, in the project's {@link Layout}s: under a key of its own, or as a field of a hash
 * bucket (about {@value Layout#BUCKET_SIZE} values a bucket, so that a bucket stays one listpack once
 * {@code hash-max-listpack-value} holds its largest value); each under the value's own name or, named
 * {@code <layout>-digest}, under a fixed-size digest of it. And {@code as-stored}, the source's own shape: a string
 * per key, a hash per key with its fields as they were read (Spring Session stores a session so), with Redis's
 * listpack settings as a Redis not told otherwise has them; what the values as they are take there is the source's
 * own growth.
 */
public enum Placement {

	KEY("key per value", Layout.STRING_PER_KEY, false),

	DIGEST_KEY("key per value, digest key", Layout.STRING_PER_KEY, true),

	BUCKET("hash buckets", Layout.HASH_BUCKET, false),

	DIGEST_BUCKET("hash buckets, digest field", Layout.HASH_BUCKET, true),

	AS_STORED("as stored", null, false);

	/** The name of {@link #AS_STORED}, beside the layouts' own. */
	static final String AS_STORED_ID = "as-stored";

	/** SHA-256 cut to 16 bytes: collisions stay out of reach (2^64 names for an even chance), 16 bytes a name. */
	public static final int DIGEST_BYTES = 16;

	/**
	 * Buckets are chosen by a hash of the name, so their sizes spread around {@value Layout#BUCKET_SIZE}; this
	 * {@code hash-max-listpack-entries} keeps the largest of millions of buckets a listpack.
	 */
	public static final int LISTPACK_ENTRIES = 256;

	public final String label;

	public final boolean bucketed;

	public final boolean digested;

	private final Layout layout;

	Placement(String label, Layout layout, boolean digested) {
		this.label = label;
		this.layout = layout;
		this.bucketed = layout == Layout.HASH_BUCKET;
		this.digested = digested;
	}

	/** The layout's own name, {@code -digest} after it for digested names: {@code hash-bucket-digest}. */
	public String id() {
		return this.layout == null ? AS_STORED_ID : this.layout.label() + (this.digested ? "-digest" : "");
	}

	public static Placement byId(String id) {
		for (Placement placement : values()) {
			if (placement.id().equals(id)) {
				return placement;
			}
		}
		throw new Refusal("unknown layout '" + id + "', one of: " + Arrays.stream(values())
			.map(Placement::id)
			.collect(Collectors.joining(", ")));
	}

	/** The key or field a value is stored under. */
	byte[] name(byte[] original) {
		return this.digested ? digest(original) : original;
	}

	/** Buckets for this many values: about {@value Layout#BUCKET_SIZE} each. */
	static long buckets(double values) {
		return Math.max(1, Math.round(values / Layout.BUCKET_SIZE));
	}

	/**
	 * The bucket key of a name, among {@code buckets}; {@code prefix} keeps the sample's halves apart and, mixed
	 * into the hash, buckets the same values anew when they are loaded again.
	 */
	static byte[] bucketKey(String prefix, byte[] name, long buckets) {
		byte[] salted = Arrays.copyOf(name, name.length + prefix.length());
		System.arraycopy(prefix.getBytes(StandardCharsets.US_ASCII), 0, salted, name.length, prefix.length());
		long bucket = Math.floorMod(Arrays.hashCode(digest(salted)), buckets);
		return (prefix + "{" + bucket + "}").getBytes(StandardCharsets.US_ASCII);
	}

	static byte[] digest(byte[] name) {
		try {
			return Arrays.copyOf(MessageDigest.getInstance("SHA-256").digest(name), DIGEST_BYTES);
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException("every JDK has SHA-256", ex);
		}
	}

	@Override
	public String toString() {
		return id();
	}

}
