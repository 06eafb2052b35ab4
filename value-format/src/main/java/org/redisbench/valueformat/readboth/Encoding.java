package org.redisbench.valueformat.readboth;

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

}
