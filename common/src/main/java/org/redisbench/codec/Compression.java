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
		return switch (this) {
			case NONE -> codec;
			case GZIP -> new CompressingSerializer(codec, this, new GzipCompressor());
			case LZ4 -> new CompressingSerializer(codec, this, new Lz4Compressor());
			case ZSTD -> new CompressingSerializer(codec, this, new ZstdCompressor());
			case ZSTD_DICT -> new CompressingSerializer(codec, this, new ZstdCompressor(dictionary.get()));
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
