package org.redisbench.valueformat;

import java.util.Arrays;

import org.springframework.data.redis.serializer.RedisSerializer;
import org.springframework.data.redis.serializer.SerializationException;

/**
 * Compresses what a codec writes. Each value starts with one tag byte naming the compression and its frame, so a
 * value written with another setting is a clear error; values of either frame read, so that a store can change frame
 * without a migration. No value may make the reader allocate more than its bound.
 *
 * @param <T> the values' type: an app's persons, or a user's own objects
 */
class CompressingSerializer<T> implements RedisSerializer<T> {

	private static final byte[] EMPTY = new byte[0];

	private final RedisSerializer<T> codec;

	private final Compression compression;

	private final byte writtenTag;

	private final Compressor written;

	private final byte compactTag;

	private final Compressor compact;

	private final Compressor standard;

	private final int maxLength;

	/**
	 * @param frame the frame written
	 * @param maxLength the most bytes a value may decompress to
	 */
	CompressingSerializer(RedisSerializer<T> codec, Compression compression, Frame frame, Compressor compact,
			Compressor standard, int maxLength) {
		this.codec = codec;
		this.compression = compression;
		this.writtenTag = Compressions.tag(compression, frame);
		this.written = (frame == Frame.COMPACT) ? compact : standard;
		this.compactTag = Compressions.tag(compression, Frame.COMPACT);
		this.compact = compact;
		this.standard = standard;
		this.maxLength = maxLength;
	}

	@Override
	public byte[] serialize(T value) {
		if (value == null) {
			return EMPTY;
		}
		byte[] compressed = this.written.compress(this.codec.serialize(value));
		byte[] tagged = new byte[compressed.length + 1];
		tagged[0] = this.writtenTag;
		System.arraycopy(compressed, 0, tagged, 1, compressed.length);
		return tagged;
	}

	@Override
	public T deserialize(byte[] bytes) {
		if (bytes == null || bytes.length == 0) {
			return null;
		}
		Compression found = Compressions.ofTag(bytes[0]);
		if (found != this.compression) {
			throw new SerializationException("value is " + (found == null ? "not compressed" : "compressed with " + found)
					+ ", this serializer reads " + this.compression);
		}
		// gzip's one frame has one tag, the compact frame's
		Compressor frame = (bytes[0] == this.compactTag) ? this.compact : this.standard;
		try {
			return this.codec.deserialize(frame.decompress(Arrays.copyOfRange(bytes, 1, bytes.length), this.maxLength));
		}
		catch (IllegalArgumentException ex) {
			throw new SerializationException("value does not decompress with " + this.compression + ": " + ex.getMessage(),
					ex);
		}
	}

}
