package org.redisbench.codecs;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;
import org.redisbench.person.Person;
import org.redisbench.person.PersonFactory;

import org.springframework.data.redis.serializer.SerializationException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class Fastjson2PersonSerializerTest {

	private final Fastjson2PersonSerializer serializer = new Fastjson2PersonSerializer();

	@Test
	void valueIsReadableJsonText() {
		Person person = PersonFactory.create(17);

		String text = new String(this.serializer.serialize(person), StandardCharsets.UTF_8);

		assertThat(text).startsWith("{").endsWith("}").contains("\"name\":\"" + person.getName() + "\"");
	}

	@Test
	void foreignTextIsASerializationException() {
		assertThatExceptionOfType(SerializationException.class)
			.isThrownBy(() -> this.serializer.deserialize("not json".getBytes(StandardCharsets.UTF_8)));
	}

	@Test
	void valueNamingAnotherTypeIsRefused() {
		byte[] gadget = "{\"@type\":\"com.sun.rowset.JdbcRowSetImpl\",\"id\":1}"
			.getBytes(StandardCharsets.UTF_8);

		assertThatExceptionOfType(SerializationException.class).isThrownBy(() -> this.serializer.deserialize(gadget));
	}

}
