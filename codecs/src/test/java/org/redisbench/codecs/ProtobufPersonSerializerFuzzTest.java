package org.redisbench.codecs;

import java.util.List;

import com.google.protobuf.Any;
import com.google.protobuf.ByteString;
import com.google.protobuf.UnknownFieldSet;
import org.redisbench.person.Person;
import org.redisbench.person.PersonFactory;
import org.redisbench.test.DecoderFuzzContractTest;

import org.springframework.data.redis.serializer.RedisSerializer;

class ProtobufPersonSerializerFuzzTest extends DecoderFuzzContractTest {

	private final ProtobufPersonSerializer serializer = new ProtobufPersonSerializer();

	@Override
	protected RedisSerializer<Person> codec() {
		return this.serializer;
	}

	/**
	 * Each field's tag, the other wire types (fixed64, start and end group, fixed32), the invalid tag 0, varint
	 * continuation bytes, a one-byte length and a cut UTF-8 sequence.
	 */
	@Override
	protected List<byte[]> tokens() {
		return List.of(bytes(0x08), bytes(0x12), bytes(0x1A), bytes(0x22), bytes(0x2A), bytes(0x30), bytes(0x3A),
				bytes(0x09), bytes(0x0B), bytes(0x0C), bytes(0x0D), bytes(0x00), bytes(0x80), bytes(0xFF, 0x01),
				bytes(0x01, 0x41), bytes(0x02, 0xC3, 0x28));
	}

	/**
	 * Protobuf values name types only in {@code google.protobuf.Any}: the name as an Any's type URL around a
	 * person, as an unknown field of a person, and as a person's name.
	 */
	@Override
	protected List<byte[]> valuesNaming(String className) {
		Person person = PersonFactory.create(1);
		byte[] valid = this.serializer.serialize(person);
		byte[] any = Any.newBuilder()
			.setTypeUrl("type.googleapis.com/" + className)
			.setValue(ByteString.copyFrom(valid))
			.build()
			.toByteArray();
		UnknownFieldSet field15 = UnknownFieldSet.newBuilder()
			.addField(15,
					UnknownFieldSet.Field.newBuilder().addLengthDelimited(ByteString.copyFromUtf8(className)).build())
			.build();
		byte[] unknownField = ByteString.copyFrom(valid).concat(field15.toByteString()).toByteArray();
		person.setName(className);
		return List.of(any, unknownField, this.serializer.serialize(person));
	}

}
