package org.redisbench.codecs;

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
	void valueCarriesNoClassName() {
		String bytes = new String(this.serializer.serialize(PersonFactory.create(17)),
				java.nio.charset.StandardCharsets.ISO_8859_1);

		assertThat(bytes).doesNotContain("Person").doesNotContain("redisbench");
	}

	@Test
	void valueOfABuiltInTypeIsRefused() {
		Fory other = Fory.builder().withLanguage(Language.JAVA).build();
		byte[] list = other.serialize(new java.util.ArrayList<>(java.util.List.of("x")));

		assertThatExceptionOfType(SerializationException.class).isThrownBy(() -> this.serializer.deserialize(list));
	}

}
