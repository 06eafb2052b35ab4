package org.redisbench.codec;

import java.util.function.Supplier;

import org.redisbench.person.Person;

import org.springframework.data.redis.serializer.RedisSerializer;

/** How an app's values are compressed on their way to Redis, chosen with {@code bench.compression}. */
public enum Compression {

	NONE, GZIP, LZ4, ZSTD,

	/** Zstandard with a dictionary trained on the app's own encoded persons. */
	ZSTD_DICT;

	/** The value header's tag: a fixed high nibble that no JSON text or Kryo person starts with, then this. */
	byte tag() {
		return (byte) (0xC0 | ordinal());
	}

	/**
	 * Wraps an app's codec. The dictionary is only asked for by {@link #ZSTD_DICT}, so the other choices
	 * need none on the classpath.
	 */
	public RedisSerializer<Person> wrap(RedisSerializer<Person> codec, Supplier<byte[]> dictionary) {
		return this == NONE ? codec : new CompressingSerializer(codec, this, compressor(dictionary));
	}

	/**
	 * The compressor alone, for values that are not persons (the value advisor measures a user's own values
	 * with it); what {@link #wrap} stores is its output after one tag byte. {@link #NONE} has none.
	 */
	public Compressor compressor(Supplier<byte[]> dictionary) {
		return switch (this) {
			case NONE -> throw new IllegalStateException("no compressor for none");
			case GZIP -> new GzipCompressor();
			case LZ4 -> new Lz4Compressor();
			case ZSTD -> new ZstdCompressor();
			case ZSTD_DICT -> new ZstdCompressor(dictionary.get());
		};
	}

	static Compression ofTag(byte tag) {
		int index = tag & 0x0F;
		if ((tag & 0xF0) != 0xC0 || index >= values().length) {
			return null;
		}
		return values()[index];
	}

	@Override
	public String toString() {
		return name().toLowerCase().replace('_', '-');
	}

}
