package org.redisbench.valueformat.readboth;

import java.util.function.Supplier;

import org.redisbench.valueformat.Compression;
import org.redisbench.valueformat.Compressions;
import org.redisbench.valueformat.Frame;
import org.redisbench.valueformat.ValueFormat;

import org.springframework.data.redis.serializer.RedisSerializer;

/**
 * A serializer and the {@link Signature} its values are known by: one side of a {@link MigratingSerializer}.
 *
 * @param signature what the serializer's values start with
 * @param serializer writes and reads them
 * @param <T> the values' type
 */
public record Encoding<T>(Signature signature, RedisSerializer<T> serializer) {

	/** A serializer whose values carry their own header, e.g. {@code of(Signature.header(ValueFormat.JDK), jdk)}. */
	public static <T> Encoding<T> of(Signature signature, RedisSerializer<T> serializer) {
		return new Encoding<>(signature, serializer);
	}

	/**
	 * A serializer whose format has no header, written after its format tag so that its values can be told apart:
	 * {@code tagged(ValueFormat.KRYO_TAGGED, kryo)}. What a {@link MigratingSerializer} writes when the new format has
	 * no header.
	 */
	public static <T> Encoding<T> tagged(ValueFormat format, RedisSerializer<T> headerless) {
		return new Encoding<>(Signature.header(format), new FormatTaggingSerializer<>(format, headerless));
	}

	/**
	 * A serializer whose values start with nothing recognisable, as Kryo, Fory, protobuf or MessagePack write them
	 * without a tag: only as the format read beside the written one, where it takes every value the other does not.
	 */
	public static <T> Encoding<T> headerless(RedisSerializer<T> serializer) {
		return new Encoding<>(Signature.none(), serializer);
	}

	/**
	 * A codec's values as stored with a compression: this project's compression tag, then {@code plain}'s bytes
	 * compressed in {@code frame}; with none, {@code uncompressed}. The one definition of those bytes, for the apps'
	 * persons, a service's objects and the migrator's alike.
	 *
	 * @param plain the codec, writing no tag of its own: what is compressed
	 * @param uncompressed its values when stored without compression, known by their header or their format tag
	 * @param dictionary asked for by {@link Compression#ZSTD_DICT} only
	 * @param maxLength the most bytes a value may decompress to; one claiming more is refused before it is inflated
	 */
	public static <T> Encoding<T> compressed(RedisSerializer<T> plain, Encoding<T> uncompressed,
			Compression compression, Frame frame, Supplier<byte[]> dictionary, int maxLength) {
		if (compression == Compression.NONE) {
			return uncompressed;
		}
		return of(Signature.compressed(compression), Compressions.wrap(compression, frame, plain, dictionary, maxLength));
	}

}
