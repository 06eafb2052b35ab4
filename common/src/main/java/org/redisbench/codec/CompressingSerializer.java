package org.redisbench.codec;

import org.redisbench.model.Compression;
import java.util.Arrays;

import org.redisbench.person.Person;

import org.springframework.data.redis.serializer.RedisSerializer;
import org.springframework.data.redis.serializer.SerializationException;

/**
 * Compresses what an app's codec writes. Each value starts with one tag byte naming the compression, so
 * a value written with another setting is a clear error; no value may make the reader allocate more
 * than {@link #MAX_LENGTH}.
 */
class CompressingSerializer implements RedisSerializer<Person> {

	/** A person is ~150 bytes even as JSON; anything near this is not a person. */
	static final int MAX_LENGTH = 64 * 1024;

	private static final byte[] EMPTY = new byte[0];

	private final RedisSerializer<Person> codec;

	private final Compression compression;

	private final Compressor compressor;

	CompressingSerializer(RedisSerializer<Person> codec, Compression compression, Compressor compressor) {
		this.codec = codec;
		this.compression = compression;
		this.compressor = compressor;
	}

	@Override
	public byte[] serialize(Person person) {
		if (person == null) {
			return EMPTY;
		}
		byte[] compressed = this.compressor.compress(this.codec.serialize(person));
		byte[] value = new byte[compressed.length + 1];
		value[0] = Compressions.tag(this.compression);
		System.arraycopy(compressed, 0, value, 1, compressed.length);
		return value;
	}

	@Override
	public Person deserialize(byte[] bytes) {
		if (bytes == null || bytes.length == 0) {
			return null;
		}
		Compression found = Compressions.ofTag(bytes[0]);
		if (found != this.compression) {
			throw new SerializationException("value is " + (found == null ? "not compressed" : "compressed with " + found)
					+ ", this app reads " + this.compression);
		}
		try {
			return this.codec.deserialize(this.compressor.decompress(Arrays.copyOfRange(bytes, 1, bytes.length), MAX_LENGTH));
		}
		catch (IllegalArgumentException ex) {
			throw new SerializationException("value does not decompress with " + this.compression + ": " + ex.getMessage(),
					ex);
		}
	}

}
