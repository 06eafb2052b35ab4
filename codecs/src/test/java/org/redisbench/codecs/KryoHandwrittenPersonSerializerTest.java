package org.redisbench.codecs;

import org.junit.jupiter.api.Test;
import org.redisbench.person.Person;
import org.redisbench.person.PersonFactory;

import org.springframework.data.redis.serializer.RedisSerializer;

import static org.assertj.core.api.Assertions.assertThat;

/** Every test of the FieldSerializer registration, and what the hand-written serializer adds. */
class KryoHandwrittenPersonSerializerTest extends KryoPersonSerializerTest {

	@Override
	protected RedisSerializer<Person> serializer() {
		return KryoPersonSerializer.handwritten();
	}

	@Test
	void roundTripsNullAndNonAsciiFieldsAndExtremeNumbers() {
		Person person = new Person();
		person.setId(Long.MIN_VALUE);
		person.setAge(-1);
		person.setName("Zoë Ünal 名前");

		assertThat(this.serializer.deserialize(this.serializer.serialize(person))).isEqualTo(person);
	}

	@Test
	void valueIsNoLongerThanFieldSerializers() {
		Person person = PersonFactory.create(17);

		assertThat(this.serializer.serialize(person))
			.hasSizeLessThanOrEqualTo(new KryoPersonSerializer().serialize(person).length);
	}

}
