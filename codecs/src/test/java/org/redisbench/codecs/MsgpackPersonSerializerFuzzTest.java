package org.redisbench.codecs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.msgpack.core.MessageBufferPacker;
import org.msgpack.core.MessagePack;
import org.redisbench.person.Person;
import org.redisbench.test.DecoderFuzzContractTest;

import org.springframework.data.redis.serializer.RedisSerializer;

class MsgpackPersonSerializerFuzzTest extends DecoderFuzzContractTest {

	private final MsgpackPersonSerializer serializer = new MsgpackPersonSerializer();

	@Override
	protected RedisSerializer<Person> codec() {
		return this.serializer;
	}

	/**
	 * Array headers (7, 16-bit, 32-bit), nil, str8 and str32 headers, a one-character string, 64-bit integer
	 * headers, a map, an ext header, the never-used byte 0xC1 and a cut UTF-8 sequence.
	 */
	@Override
	protected List<byte[]> tokens() {
		return List.of(bytes(0x97), bytes(0xDC), bytes(0xDD), bytes(0xC0), bytes(0xD9), bytes(0xDB), bytes(0xA1, 0x41),
				bytes(0xCF), bytes(0xD3), bytes(0x81), bytes(0xC7), bytes(0xC1), bytes(0xA2, 0xC3, 0x28));
	}

	/**
	 * The forms a typed MessagePack mapper would read a class from: a map with an {@code @class} entry, a
	 * two-value array of the name and the object, and an ext value carrying the name in the name's place.
	 */
	@Override
	protected List<byte[]> valuesNaming(String className) {
		try (MessageBufferPacker asProperty = MessagePack.newDefaultBufferPacker();
				MessageBufferPacker asWrapper = MessagePack.newDefaultBufferPacker();
				MessageBufferPacker asExtension = MessagePack.newDefaultBufferPacker()) {
			asProperty.packMapHeader(2).packString("@class").packString(className).packString("id").packLong(1);
			asWrapper.packArrayHeader(2).packString(className).packArrayHeader(7).packLong(1);
			byte[] name = className.getBytes(StandardCharsets.UTF_8);
			asExtension.packArrayHeader(7).packLong(1).packExtensionTypeHeader((byte) 1, name.length).addPayload(name);
			return List.of(asProperty.toByteArray(), asWrapper.toByteArray(), asExtension.toByteArray());
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
