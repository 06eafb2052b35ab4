package org.redisbench.valueformat;

import java.util.function.Supplier;

import org.redisbench.valueformat.Compression;

import org.springframework.data.redis.serializer.RedisSerializer;

/** What each {@link Compression} does to the bytes, and the tag byte that names it in a stored value. */
public final class Compressions {

	/** Once: {@code values()} copies its array on every call, and every read of a value asks for a tag (JMH: 40 bytes). */
	private static final Compression[] BY_ORDINAL = Compression.values();

	/** The high nibble of every compression tag. */
	private static final int TAGS = 0xC0;

	/** The tag's bit for a standard frame. */
	private static final int STANDARD_FRAME = 0x08;

	/** The tag's bits for the compression's ordinal. */
	private static final int ORDINAL = 0x07;

	/** The most bytes a person, or any value of the codecs' size, may decompress to: one is ~150 bytes even as JSON. */
	public static final int MAX_LENGTH = 64 * 1024;

	private Compressions() {
	}

	/**
	 * Wraps a codec in the compact frame, its values decompressing to at most {@link #MAX_LENGTH}
	 * bytes. The dictionary is only asked for by {@link Compression#ZSTD_DICT}, so the other choices need none on the
	 * classpath.
	 */
	public static <T> RedisSerializer<T> wrap(Compression compression, RedisSerializer<T> codec,
			Supplier<byte[]> dictionary) {
		return wrap(compression, codec, dictionary, MAX_LENGTH);
	}

	/**
	 * Wraps a codec of any values in the compact frame, as {@link #wrap(Compression, RedisSerializer, Supplier)} does:
	 * the same tag byte and compressed bytes.
	 *
	 * @param maxLength the most bytes a value may decompress to; one claiming more is refused before it is inflated
	 */
	public static <T> RedisSerializer<T> wrap(Compression compression, RedisSerializer<T> codec,
			Supplier<byte[]> dictionary, int maxLength) {
		return wrap(compression, Frame.COMPACT, codec, dictionary, maxLength);
	}

	/**
	 * Wraps a codec, writing {@code frame}; its values read in either frame, since their tag says which.
	 *
	 * @param maxLength the most bytes a value may decompress to; one claiming more is refused before it is inflated
	 */
	public static <T> RedisSerializer<T> wrap(Compression compression, Frame frame, RedisSerializer<T> codec,
			Supplier<byte[]> dictionary, int maxLength) {
		if (compression == Compression.NONE) {
			return codec;
		}
		// asked once: the two frames share the dictionary, and a supplier may read a file
		byte[] shared = (compression == Compression.ZSTD_DICT) ? dictionary.get() : null;
		Supplier<byte[]> once = () -> shared;
		return new CompressingSerializer<>(codec, compression, frame, compressor(compression, Frame.COMPACT, once),
				compressor(compression, Frame.STANDARD, once), maxLength);
	}

	/**
	 * The compact frame's compressor alone, for values that are not persons (the value advisor measures a user's own
	 * values with it); what {@link #wrap} stores is its output after one tag byte. {@link Compression#NONE} has none.
	 */
	public static Compressor compressor(Compression compression, Supplier<byte[]> dictionary) {
		return compressor(compression, Frame.COMPACT, dictionary);
	}

	/** The compressor of one frame; {@link Compression#GZIP} has the one frame, its standard member. */
	public static Compressor compressor(Compression compression, Frame frame, Supplier<byte[]> dictionary) {
		boolean compact = frame == Frame.COMPACT;
		return switch (compression) {
			case NONE -> throw new IllegalStateException("no compressor for none");
			case GZIP -> new GzipCompressor();
			case LZ4 -> compact ? new Lz4Compressor() : new StandardLz4Compressor();
			case ZSTD -> compact ? new ZstdCompressor() : new StandardZstdCompressor();
			case ZSTD_DICT -> compact ? new ZstdCompressor(dictionary.get()) : new StandardZstdCompressor(dictionary.get());
		};
	}

	/**
	 * The value header's tag: a fixed high nibble that no JSON text or Kryo person starts with, then the ordinal, with
	 * bit 3 set for a standard frame of LZ4 or zstd ({@code CA}-{@code CC}); gzip's one frame is {@code C1} either way.
	 */
	public static byte tag(Compression compression, Frame frame) {
		boolean standard = frame == Frame.STANDARD && hasCompactFrame(compression);
		return (byte) (TAGS | (standard ? STANDARD_FRAME : 0) | compression.ordinal());
	}

	/** The compression a tag names, in either frame; {@code null} for a byte that is no tag. */
	static Compression ofTag(byte tag) {
		int index = tag & ORDINAL;
		if ((tag & 0xF0) != TAGS || index >= BY_ORDINAL.length) {
			return null;
		}
		boolean standard = (tag & STANDARD_FRAME) != 0;
		return (!standard || hasCompactFrame(BY_ORDINAL[index])) ? BY_ORDINAL[index] : null;
	}

	/** Whether the compression has a frame of this project's besides its standard one. */
	private static boolean hasCompactFrame(Compression compression) {
		return compression == Compression.LZ4 || compression == Compression.ZSTD || compression == Compression.ZSTD_DICT;
	}

}
