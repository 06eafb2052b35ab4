package org.redisbench.lab;

import org.redisbench.person.Person;
import org.redisbench.person.PersonDigest;

import org.springframework.data.redis.serializer.RedisSerializer;

/** A set-up codec as the lab drives it: encode as {@code /add} does, decode and verify as {@code /check} does. */
public final class LabCodec {

	private final RedisSerializer<Person> serializer;

	LabCodec(RedisSerializer<Person> serializer) {
		this.serializer = serializer;
	}

	public byte[] encode(Person person) {
		return this.serializer.serialize(person);
	}

	/** @throws IllegalStateException when the value decodes to no person or to one that fails its md5 */
	public Person decodeIntact(byte[] value) {
		Person person = this.serializer.deserialize(value);
		if (person == null || !PersonDigest.isIntact(person)) {
			throw new IllegalStateException("decoded " + person + ", which fails its md5");
		}
		return person;
	}

}
