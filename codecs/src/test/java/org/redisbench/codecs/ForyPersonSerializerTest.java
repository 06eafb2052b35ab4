package org.redisbench.codecs;

import com.alibaba.fastjson2.JSON;
import org.apache.fory.Fory;
import org.apache.fory.config.Language;
import org.junit.jupiter.api.Test;
import org.redisbench.person.Person;
import org.redisbench.person.PersonFactory;

import org.springframework.data.redis.serializer.RedisSerializer;
import org.springframework.data.redis.serializer.SerializationException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class ForyPersonSerializerTest extends PersonSerializerContract {

	private final ForyPersonSerializer serializer = new ForyPersonSerializer();

	@Override
	protected RedisSerializer<Person> serializer() {
		return this.serializer;
	}

	@Test
	void valueHoldsNoSchemaWellBelowTheJson() {
		// Fory's default compatible mode writes Person's field names and types into each value: 154 bytes on
		// average against JSON's 156.
		Person person = PersonFactory.create(17);

		assertThat(this.serializer.serialize(person)).hasSizeLessThan(JSON.toJSONBytes(person).length * 3 / 4);
	}

	@Test
	void valueOfABuiltInTypeIsRefused() {
		Fory other = Fory.builder().withLanguage(Language.JAVA).build();
		byte[] list = other.serialize(new java.util.ArrayList<>(java.util.List.of("x")));

		assertThatExceptionOfType(SerializationException.class).isThrownBy(() -> this.serializer.deserialize(list));
	}

}
