package org.redisbench.codecs;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.junit.jupiter.api.Test;
import org.redisbench.person.Person;
import org.redisbench.person.PersonFactory;

import org.springframework.data.redis.serializer.RedisSerializer;
import org.springframework.data.redis.serializer.SerializationException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * What every codec's serializer does with well-formed persons and with its own values cut short or run on:
 * Spring Data's null and empty conventions, exact round trips (null strings too), no class named in a value,
 * and a refusal, never the same person, for a value that is not whole.
 */
abstract class PersonSerializerContract {

	/** The serializer under test, as the codec's {@link PersonCodec} entry makes it. */
	protected abstract RedisSerializer<Person> serializer();

	@Test
	void roundTripsAPerson() {
		Person person = PersonFactory.create(17);

		assertThat(serializer().deserialize(serializer().serialize(person))).isEqualTo(person);
	}

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
	void nullAndEmptyFollowSpringDataConventions() {
		assertThat(serializer().serialize(null)).isEmpty();
		assertThat(serializer().deserialize(null)).isNull();
		assertThat(serializer().deserialize(new byte[0])).isNull();
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

	@Test
	void isSafeToShareAcrossThreads() throws Exception {
		ExecutorService pool = Executors.newFixedThreadPool(4);
		try {
			List<Future<Boolean>> results = new ArrayList<>();
			for (int task = 0; task < 4; task++) {
				long base = task * 1000L;
				results.add(pool.submit(() -> {
					for (long id = base; id < base + 500; id++) {
						Person person = PersonFactory.create(id);
						if (!person.equals(serializer().deserialize(serializer().serialize(person)))) {
							return false;
						}
					}
					return true;
				}));
			}
			for (Future<Boolean> result : results) {
				assertThat(result.get()).isTrue();
			}
		}
		finally {
			pool.shutdownNow();
		}
	}

}
