package org.redisbench.valueformat.starter;

import java.util.function.Supplier;

import org.redisbench.valueformat.Compression;
import org.redisbench.valueformat.Frame;
import org.redisbench.valueformat.readboth.Encoding;

import org.springframework.data.redis.serializer.RedisSerializer;

/**
 * A format a store writes or reads, by the name its counter and {@code info} give it: {@code kryo+zstd-dict}. What
 * {@link ValueFormatSerializer} is made of, for the formats of {@code value-format.*} and for a codec of the
 * service's own, as this project's apps store their persons.
 *
 * @param name as a service sets it: a codec, then {@code +} and a compression
 * @param encoding its values as stored, and what they start with
 * @param <T> the values' type
 */
public record StoredFormat<T>(String name, Encoding<T> encoding) {

	/**
	 * A codec of the service's own in a compression, the compression tag before its bytes
	 * ({@link Encoding#compressed}).
	 *
	 * @param codec the codec's name
	 * @param plain the codec, writing no tag of its own: what is compressed
	 * @param uncompressed its values when stored without compression, known by their header or their format tag
	 * @param frame the frame written; values of either frame are read
	 * @param dictionary asked for by {@link Compression#ZSTD_DICT} only
	 * @param maxLength the most bytes a value may decompress to
	 */
	public static <T> StoredFormat<T> of(String codec, RedisSerializer<T> plain, Encoding<T> uncompressed,
			Compression compression, Frame frame, Supplier<byte[]> dictionary, int maxLength) {
		return new StoredFormat<>((compression == Compression.NONE) ? codec : codec + "+" + compression,
				Encoding.compressed(plain, uncompressed, compression, frame, dictionary, maxLength));
	}

	/** The same format, its values written as {@code encoding} writes them: after a format tag, say. */
	public StoredFormat<T> writtenAs(Encoding<T> encoding) {
		return new StoredFormat<>(this.name, encoding);
	}

	@Override
	public String toString() {
		return this.name;
	}

}
