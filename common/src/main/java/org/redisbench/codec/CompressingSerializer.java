package org.redisbench.codec;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;

import org.redisbench.person.Person;

import org.springframework.data.redis.serializer.RedisSerializer;
import org.springframework.data.redis.serializer.SerializationException;

/**
 * Compresses what an app's codec writes. Each value starts with a small header — one tag byte naming
 * the compression, then the uncompressed length as a varint — so a value written with another setting
 * is a clear error, and a forged length cannot make the reader allocate more than {@link #MAX_LENGTH}.
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
		byte[] raw = this.codec.serialize(person);
		byte[] compressed = this.compressor.compress(raw);
		ByteArrayOutputStream out = new ByteArrayOutputStream(compressed.length + 4);
		out.write(this.compression.tag());
		for (int length = raw.length; ; length >>>= 7) {
			if (length < 0x80) {
				out.write(length);
				break;
			}
			out.write((length & 0x7F) | 0x80);
		}
		out.writeBytes(compressed);
		return out.toByteArray();
	}

	@Override
	public Person deserialize(byte[] bytes) {
		if (bytes == null || bytes.length == 0) {
			return null;
		}
		Compression found = Compression.ofTag(bytes[0]);
		if (found != this.compression) {
			throw new SerializationException("value is " + (found == null ? "not compressed" : "compressed with " + found)
					+ ", this app reads " + this.compression);
		}
		int length = 0;
		int position = 1;
		for (int shift = 0; ; shift += 7) {
			if (position == bytes.length || shift > 21) {
				throw new SerializationException("value header is truncated or malformed");
			}
			byte next = bytes[position++];
			length |= (next & 0x7F) << shift;
			if (next >= 0) {
				break;
			}
		}
		if (length > MAX_LENGTH) {
			throw new SerializationException("value claims " + length + " uncompressed bytes, more than " + MAX_LENGTH);
		}
		byte[] compressed = Arrays.copyOfRange(bytes, position, bytes.length);
		try {
			return this.codec.deserialize(this.compressor.decompress(compressed, length));
		}
		catch (IllegalArgumentException ex) {
			throw new SerializationException("value does not decompress with " + this.compression + ": " + ex.getMessage(),
					ex);
		}
	}

}
