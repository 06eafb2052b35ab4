package org.redisbench.codecs;

import org.redisbench.person.Person;

import org.springframework.data.redis.serializer.RedisSerializer;

/** The same hostile values as for the FieldSerializer registration: the reader and its bounds are shared. */
class KryoHandwrittenPersonSerializerFuzzTest extends KryoPersonSerializerFuzzTest {

	@Override
	protected RedisSerializer<Person> serializer() {
		return KryoPersonSerializer.handwritten();
	}

}
