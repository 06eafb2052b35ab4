package org.redisbench.valueformat;

import java.util.function.Supplier;

import org.redisbench.valueformat.Compression;

import org.springframework.data.redis.serializer.RedisSerializer;

/** What each {@link Compression} does to the bytes, and the tag byte that names it in a stored value. */
public final class Compressions {

	/** Once: {@code values()} copies its array on every call, and every read of a value asks for a tag (JMH: 40 bytes). */
	private static final Compression[] BY_ORDINAL = Compression.values();

	private Compressions() {
	}

	/**
	 * Wraps a codec, its values decompressing to at most {@link CompressingSerializer#MAX_LENGTH} bytes. The
	 * dictionary is only asked for by {@link Compression#ZSTD_DICT}, so the other choices need none on the classpath.
	 */
	public static <T> RedisSerializer<T> wrap(Compression compression, RedisSerializer<T> codec,
			Supplier<byte[]> dictionary) {
		return wrap(compression, codec, dictionary, CompressingSerializer.MAX_LENGTH);
	}

	/**
	 * Wraps a codec of any values, as {@link #wrap(Compression, RedisSerializer, Supplier)} does: the
	 * same tag byte and compressed bytes.
	 *
	 * @param maxLength the most bytes a value may decompress to; one claiming more is refused before it is inflated
	 */
	public static <T> RedisSerializer<T> wrap(Compression compression, RedisSerializer<T> codec,
			Supplier<byte[]> dictionary, int maxLength) {
		return compression == Compression.NONE ? codec
				: new CompressingSerializer<>(codec, compression, compressor(compression, dictionary), maxLength);
	}

	/**
	 * The compressor alone, for values that are not persons (the value advisor measures a user's own values with
	 * it); what {@link #wrap} stores is its output after one tag byte. {@link Compression#NONE} has none.
	 */
	public static Compressor compressor(Compression compression, Supplier<byte[]> dictionary) {
		return switch (compression) {
			case NONE -> throw new IllegalStateException("no compressor for none");
			case GZIP -> new GzipCompressor();
			case LZ4 -> new Lz4Compressor();
			case ZSTD -> new ZstdCompressor();
			case ZSTD_DICT -> new ZstdCompressor(dictionary.get());
		};
	}

	/** The value header's tag: a fixed high nibble that no JSON text or Kryo person starts with, then the ordinal. */
	static byte tag(Compression compression) {
		return (byte) (0xC0 | compression.ordinal());
	}

	/** The compression a tag names; {@code null} for a byte that is no tag. */
	static Compression ofTag(byte tag) {
		int index = tag & 0x0F;
		if ((tag & 0xF0) != 0xC0 || index >= BY_ORDINAL.length) {
			return null;
		}
		return BY_ORDINAL[index];
	}

}
