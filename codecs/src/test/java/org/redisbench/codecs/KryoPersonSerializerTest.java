package org.redisbench.codecs;

import java.util.ArrayList;
import java.util.List;

import com.alibaba.fastjson2.JSON;
import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Output;
import org.junit.jupiter.api.Test;
import org.redisbench.person.Person;
import org.redisbench.person.PersonFactory;

import org.springframework.data.redis.serializer.RedisSerializer;
import org.springframework.data.redis.serializer.SerializationException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class KryoPersonSerializerTest extends PersonSerializerContract {

	protected final RedisSerializer<Person> serializer = serializer();

	/** The Kryo serializer under test; a subclass tests another registration of the same reader. */
	@Override
	protected RedisSerializer<Person> serializer() {
		return new KryoPersonSerializer();
	}

	@Test
	void valueIsShorterThanTheJsonOfThePerson() {
		Person person = PersonFactory.create(17);

		assertThat(this.serializer.serialize(person)).hasSizeLessThan(JSON.toJSONBytes(person).length);
	}

	@Test
	void forgedStringLengthIsRefusedBeforeAllocating() {
		// A string comes first (FieldSerializer: address, alphabetically first; hand-written: name). A UTF-8
		// string header with a char count near 2^31 would make Kryo allocate a 4 GiB char array.
		Output output = new Output(64);
		output.writeVarIntFlag(true, Integer.MAX_VALUE - 1, true);
		output.writeString("tail");

		assertThatExceptionOfType(SerializationException.class)
			.isThrownBy(() -> this.serializer.deserialize(output.toBytes()))
			.withMessageContaining("exceeds");
	}

	@Test
	void valueOfAnotherRegisteredClassIsRefused() {
		Kryo other = new Kryo();
		other.register(java.util.ArrayList.class);
		Output output = new Output(64);
		other.writeClassAndObject(output, new ArrayList<>(List.of("x")));

		assertThatExceptionOfType(SerializationException.class)
			.isThrownBy(() -> this.serializer.deserialize(output.toBytes()));
	}

}
