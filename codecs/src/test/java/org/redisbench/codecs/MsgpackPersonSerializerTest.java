package org.redisbench.codecs;

import org.junit.jupiter.api.Test;
import org.msgpack.core.MessageBufferPacker;
import org.msgpack.core.MessagePack;
import org.redisbench.person.Person;
import org.redisbench.person.PersonFactory;

import org.springframework.data.redis.serializer.RedisSerializer;
import org.springframework.data.redis.serializer.SerializationException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class MsgpackPersonSerializerTest extends PersonSerializerContract {

	private final MsgpackPersonSerializer serializer = new MsgpackPersonSerializer();

	@Override
	protected RedisSerializer<Person> serializer() {
		return this.serializer;
	}

	@Test
	void valueIsAnArrayOfTheSevenFieldsInOrder() throws Exception {
		Person person = PersonFactory.create(17);

		try (var unpacker = MessagePack.newDefaultUnpacker(this.serializer.serialize(person))) {
			assertThat(unpacker.unpackArrayHeader()).isEqualTo(7);
			assertThat(unpacker.unpackLong()).isEqualTo(17);
			assertThat(unpacker.unpackString()).isEqualTo(person.getName());
		}
	}

	@Test
	void arrayOfAnotherLengthIsRefused() throws Exception {
		try (MessageBufferPacker packer = MessagePack.newDefaultBufferPacker()) {
			packer.packArrayHeader(8);

			assertThatExceptionOfType(SerializationException.class)
				.isThrownBy(() -> this.serializer.deserialize(packer.toByteArray()))
				.withMessageContaining("array of 8");
		}
	}

	@Test
	void forgedStringLengthIsRefusedBeforeAllocating() {
		// A person's array, its id, then a str32 header claiming 2^31 - 1 bytes.
		byte[] forged = { (byte) 0x97, 0x01, (byte) 0xDB, 0x7F, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0x41 };

		assertThatExceptionOfType(SerializationException.class).isThrownBy(() -> this.serializer.deserialize(forged))
			.withMessageContaining("larger than");
	}

	@Test
	void idBeyondALongIsRefused() {
		// uint64 2^64 - 1 in the id's place.
		byte[] overflow = { (byte) 0x97, (byte) 0xCF, -1, -1, -1, -1, -1, -1, -1, -1 };

		assertThatExceptionOfType(SerializationException.class).isThrownBy(() -> this.serializer.deserialize(overflow));
	}

}
