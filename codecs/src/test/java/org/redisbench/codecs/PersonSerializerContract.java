package org.redisbench.codecs;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import org.junit.jupiter.api.Test;
import org.redisbench.person.Person;
import org.redisbench.person.PersonFactory;

import org.springframework.data.redis.serializer.RedisSerializer;
import org.springframework.data.redis.serializer.SerializationException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * What the binary codecs added beside the apps' two do beyond {@link EveryCodecTest}: round trips of null
 * strings, no class named in a value, and for a value cut anywhere or run on a refusal, never the same person.
 */
abstract class PersonSerializerContract {

	/** The serializer under test, as the codec's {@link PersonCodec} entry makes it. */
	protected abstract RedisSerializer<Person> serializer();

	@Test
	void roundTripsNullStringsAsNull() {
		Person person = new Person();
		person.setId(Long.MAX_VALUE);
		person.setAge(-1);

		assertThat(serializer().deserialize(serializer().serialize(person))).isEqualTo(person);
	}

	@Test
	void valueNamesNoClass() {
		String value = new String(serializer().serialize(PersonFactory.create(17)), StandardCharsets.ISO_8859_1);

		assertThat(value).doesNotContain("Person").doesNotContain("redisbench");
	}

	@Test
	void valueCutAnywhereIsRefusedOrNotThePerson() {
		Person person = PersonFactory.create(17);
		byte[] value = serializer().serialize(person);
		for (int length = 1; length < value.length; length++) {
			byte[] cut = Arrays.copyOf(value, length);
			try {
				assertThat(serializer().deserialize(cut)).as("cut to %d of %d bytes", length, value.length)
					.isNotEqualTo(person);
			}
			catch (SerializationException refused) {
				assertThat(refused).hasMessageContaining("person");
			}
		}
	}

	@Test
	void trailingBytesAreRefused() {
		byte[] value = serializer().serialize(PersonFactory.create(17));

		assertThatExceptionOfType(SerializationException.class)
			.isThrownBy(() -> serializer().deserialize(Arrays.copyOf(value, value.length + 3)));
	}

}
