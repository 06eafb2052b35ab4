package org.redisbench.valueformat.readboth;

import java.util.Arrays;

import org.redisbench.valueformat.ValueFormat;

import org.springframework.data.redis.serializer.RedisSerializer;
import org.springframework.data.redis.serializer.SerializationException;

/**
 * A format with no header of its own (Kryo, Fory, protobuf, MessagePack, FST), written after its one-byte format tag
 * ({@link ValueFormat#formatTag()}) so that a reader can tell its values from others'; reads only values that carry
 * the tag. Reading copies the value without its tag, since a {@link RedisSerializer} takes a whole array.
 *
 * @param <T> the values' type
 */
public final class FormatTaggingSerializer<T> implements RedisSerializer<T> {

	private final ValueFormat format;

	private final byte tag;

	private final RedisSerializer<T> headerless;

	public FormatTaggingSerializer(ValueFormat format, RedisSerializer<T> headerless) {
		if (!format.isFormatTagged()) {
			throw new IllegalArgumentException(format + " is no format tag: the tagged formats are "
					+ Arrays.stream(ValueFormat.values()).filter(ValueFormat::isFormatTagged).map(ValueFormat::id).toList());
		}
		this.format = format;
		this.tag = format.formatTag();
		this.headerless = headerless;
	}

	@Override
	public byte[] serialize(T value) {
		byte[] bytes = this.headerless.serialize(value);
		if (bytes == null || bytes.length == 0) {
			// null, as the wrapped serializer writes it: read back as null, with no tag to strip
			return bytes;
		}
		byte[] tagged = new byte[bytes.length + 1];
		tagged[0] = this.tag;
		System.arraycopy(bytes, 0, tagged, 1, bytes.length);
		return tagged;
	}

	@Override
	public T deserialize(byte[] bytes) {
		if (bytes == null || bytes.length == 0) {
			return null;
		}
		if (bytes[0] != this.tag || bytes.length == 1) {
			throw new SerializationException("value is " + ValueFormat.of(bytes) + ", not " + this.format);
		}
		return this.headerless.deserialize(Arrays.copyOfRange(bytes, 1, bytes.length));
	}

	@Override
	public Class<?> getTargetType() {
		return this.headerless.getTargetType();
	}

	@Override
	public String toString() {
		return this.format.id();
	}

}
