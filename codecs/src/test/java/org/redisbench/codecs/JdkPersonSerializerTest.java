package org.redisbench.codecs;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.io.Serial;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.redisbench.person.Person;
import org.redisbench.person.PersonFactory;

import org.springframework.data.redis.serializer.JdkSerializationRedisSerializer;
import org.springframework.data.redis.serializer.SerializationException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class JdkPersonSerializerTest {

	private final JdkPersonSerializer serializer = new JdkPersonSerializer();

	@Test
	void valueIsWhatRedisTemplatesDefaultSerializerWrites() {
		Person person = PersonFactory.create(17);

		assertThat(this.serializer.serialize(person)).isEqualTo(new JdkSerializationRedisSerializer().serialize(person));
	}

	@Test
	void trailingBytesAreRefused() {
		byte[] value = this.serializer.serialize(PersonFactory.create(17));

		assertThatExceptionOfType(SerializationException.class)
			.isThrownBy(() -> this.serializer.deserialize(Arrays.copyOf(value, value.length + 3)))
			.withMessageContaining("trailing");
	}

	@Test
	void objectOfAClassNotAllowedIsRefusedAndItsReadObjectNeverRuns() {
		byte[] gadget = JdkStreams.written(new ReadObjectFlag());
		ReadObjectFlag.read = false;

		assertThatExceptionOfType(SerializationException.class).isThrownBy(() -> this.serializer.deserialize(gadget))
			.withMessageContaining("REJECTED");
		assertThat(ReadObjectFlag.read).as("readObject of the refused class ran").isFalse();
	}

	@Test
	void theGadgetTestCanFail() {
		// Without the filter, the same stream runs the class's readObject.
		byte[] gadget = JdkStreams.written(new ReadObjectFlag());
		ReadObjectFlag.read = false;

		new JdkSerializationRedisSerializer().deserialize(gadget);

		assertThat(ReadObjectFlag.read).isTrue();
	}

	@Test
	void jdkCollectionsAreNotAllowedEither() {
		HashMap<String, Person> map = new HashMap<>(Map.of("person", PersonFactory.create(1)));
		ArrayList<Person> list = new ArrayList<>(List.of(PersonFactory.create(1)));

		assertThatExceptionOfType(SerializationException.class)
			.isThrownBy(() -> this.serializer.deserialize(JdkStreams.written(map)))
			.withMessageContaining("REJECTED");
		assertThatExceptionOfType(SerializationException.class)
			.isThrownBy(() -> this.serializer.deserialize(JdkStreams.written(list)))
			.withMessageContaining("REJECTED");
	}

	@Test
	void arrayOfPersonsIsRefusedBeforeItIsAllocated() {
		byte[] forged = JdkStreams.arrayOf(Person.class.getName(), Integer.MAX_VALUE - 8);

		assertThatExceptionOfType(SerializationException.class).isThrownBy(() -> this.serializer.deserialize(forged))
			.withMessageContaining("REJECTED");
	}

	@Test
	void aStringAloneIsNotAPerson() {
		assertThatExceptionOfType(SerializationException.class)
			.isThrownBy(() -> this.serializer.deserialize(JdkStreams.written("person")))
			.withMessageContaining("not a person");
	}

	@Test
	void theFilterIsThisSerializersNotTheJvms() throws Exception {
		this.serializer.deserialize(this.serializer.serialize(PersonFactory.create(1)));

		assertThat(ObjectInputFilter.Config.getSerialFilter()).isNull();
		try (ObjectInputStream other = new ObjectInputStream(
				new ByteArrayInputStream(JdkStreams.written(new ArrayList<>(List.of("x")))))) {
			assertThat(other.readObject()).isEqualTo(List.of("x"));
		}
	}

	/** Stands for a gadget: a serializable class whose {@code readObject} does something. */
	static class ReadObjectFlag implements Serializable {

		@Serial
		private static final long serialVersionUID = 1L;

		static volatile boolean read;

		@Serial
		private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
			in.defaultReadObject();
			read = true;
		}

	}

}
