package org.redisbench.codecs;

import java.util.Arrays;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.redisbench.person.Person;
import org.redisbench.person.PersonFactory;
import tools.jackson.dataformat.smile.SmileMapper;

import org.springframework.data.redis.serializer.RedisSerializer;
import org.springframework.data.redis.serializer.SerializationException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class SmilePersonSerializerTest extends PersonSerializerContract {

	private final SmilePersonSerializer serializer = new SmilePersonSerializer();

	@Override
	protected RedisSerializer<Person> serializer() {
		return this.serializer;
	}

	@Test
	void valueIsSmileWithItsHeader() {
		assertThat(this.serializer.serialize(PersonFactory.create(17))).startsWith(':', ')', '\n');
	}

	@Test
	void unknownFieldIsRefused() {
		byte[] value = SmileMapper.shared().writeValueAsBytes(Map.of("id", 1, "role", "admin"));

		assertThatExceptionOfType(SerializationException.class).isThrownBy(() -> this.serializer.deserialize(value))
			.withMessageContaining("role");
	}

	@Test
	void deeplyNestedValueIsRefusedWithoutOverflowingTheStack() {
		// The header, an object, the key "name", then 200,000 array starts.
		byte[] nested = new byte[200_000];
		Arrays.fill(nested, (byte) 0xF8);
		System.arraycopy(new byte[] { ':', ')', '\n', 0, (byte) 0xFA, (byte) 0x83, 'n', 'a', 'm', 'e' }, 0, nested, 0, 10);

		assertThatExceptionOfType(SerializationException.class).isThrownBy(() -> this.serializer.deserialize(nested));
	}

	@Test
	void smileNullIsRefused() {
		byte[] smileNull = { ':', ')', '\n', 0, 0x21 };

		assertThatExceptionOfType(SerializationException.class).isThrownBy(() -> this.serializer.deserialize(smileNull))
			.withMessageContaining("a null");
	}

}
