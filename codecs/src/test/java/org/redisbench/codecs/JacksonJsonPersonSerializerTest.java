package org.redisbench.codecs;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;
import org.redisbench.person.Person;
import org.redisbench.person.PersonFactory;
import org.redisbench.test.Gadgets;

import org.springframework.data.redis.serializer.SerializationException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class JacksonJsonPersonSerializerTest {

	private final JacksonJsonPersonSerializer serializer = new JacksonJsonPersonSerializer();

	@Test
	void valueIsReadableJsonTextNamingNoClass() {
		Person person = PersonFactory.create(17);

		String text = new String(this.serializer.serialize(person), StandardCharsets.UTF_8);

		assertThat(text).startsWith("{")
			.endsWith("}")
			.contains("\"name\":\"" + person.getName() + "\"")
			.doesNotContain("Person")
			.doesNotContain("@class");
	}

	@Test
	void foreignTextIsASerializationException() {
		assertThatExceptionOfType(SerializationException.class)
			.isThrownBy(() -> this.serializer.deserialize("not json".getBytes(StandardCharsets.UTF_8)));
	}

	@Test
	void trailingTokensAreRefused() {
		byte[] two = "{\"id\":1} {\"id\":2}".getBytes(StandardCharsets.UTF_8);

		assertThatExceptionOfType(SerializationException.class).isThrownBy(() -> this.serializer.deserialize(two));
	}

	/**
	 * Jackson 3's defaults, which Spring Data Redis keeps, ignore a property {@link Person} does not have: a
	 * type id of polymorphic typing is such a property, read past, the class it names never brought to life.
	 */
	@Test
	void typeIdOfPolymorphicTypingIsAnIgnoredProperty() {
		int touchesBefore = Gadgets.touches();
		byte[] classProperty = ("{\"@class\":\"" + Gadgets.Probe.class.getName() + "\",\"id\":1}")
			.getBytes(StandardCharsets.UTF_8);

		assertThat(this.serializer.deserialize(classProperty)).isExactlyInstanceOf(Person.class)
			.extracting(Person::getId)
			.isEqualTo(1L);
		assertThat(Gadgets.touches()).isEqualTo(touchesBefore);
	}

	@Test
	void typeIdAsAWrapperArrayIsRefused() {
		byte[] wrapperArray = ("[\"" + Gadgets.Probe.class.getName() + "\",{\"id\":1}]").getBytes(StandardCharsets.UTF_8);

		assertThatExceptionOfType(SerializationException.class)
			.isThrownBy(() -> this.serializer.deserialize(wrapperArray));
	}

}
