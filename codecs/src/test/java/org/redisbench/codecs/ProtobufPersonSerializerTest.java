package org.redisbench.codecs;

import java.util.Arrays;

import org.junit.jupiter.api.Test;
import org.redisbench.person.Person;
import org.redisbench.person.PersonFactory;

import org.springframework.data.redis.serializer.RedisSerializer;
import org.springframework.data.redis.serializer.SerializationException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class ProtobufPersonSerializerTest extends PersonSerializerContract {

	private final ProtobufPersonSerializer serializer = new ProtobufPersonSerializer();

	@Override
	protected RedisSerializer<Person> serializer() {
		return this.serializer;
	}

	@Test
	void valueIsTheMessageCompiledFromTheProto() throws Exception {
		Person person = PersonFactory.create(17);

		PersonMessage message = PersonMessage.parseFrom(this.serializer.serialize(person));

		assertThat(message.getId()).isEqualTo(17);
		assertThat(message.getMd5()).isEqualTo(person.getMd5());
		assertThat(message.getAge()).isEqualTo(person.getAge());
	}

	@Test
	void nullStringIsLeftOutOfTheValue() throws Exception {
		Person person = PersonFactory.create(17);
		person.setPhone(null);

		assertThat(PersonMessage.parseFrom(this.serializer.serialize(person)).hasPhone()).isFalse();
	}

	@Test
	void unknownFieldIsRefused() {
		byte[] value = this.serializer.serialize(PersonFactory.create(17));
		byte[] withField15 = Arrays.copyOf(value, value.length + 2);
		withField15[value.length] = (byte) (15 << 3);
		withField15[value.length + 1] = 1;

		assertThatExceptionOfType(SerializationException.class)
			.isThrownBy(() -> this.serializer.deserialize(withField15))
			.withMessageContaining("unknown fields [15]");
	}

	@Test
	void deeplyNestedGroupsAreRefusedWithoutOverflowingTheStack() {
		byte[] nested = new byte[200_000];
		Arrays.fill(nested, (byte) ((8 << 3) | 3));

		assertThatExceptionOfType(SerializationException.class).isThrownBy(() -> this.serializer.deserialize(nested));
	}

	@Test
	void forgedStringLengthIsRefusedBeforeAllocating() {
		// Field 2 (name), length-delimited, with a length near 2^31.
		byte[] forged = { 0x12, (byte) 0xFE, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0x07, 0x41 };

		assertThatExceptionOfType(SerializationException.class).isThrownBy(() -> this.serializer.deserialize(forged))
			.withMessageContaining("truncated");
	}

}
