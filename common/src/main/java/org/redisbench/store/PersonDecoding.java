package org.redisbench.store;

import org.redisbench.person.Person;
import org.redisbench.person.PersonDigest;

import org.springframework.data.redis.serializer.RedisSerializer;
import org.springframework.data.redis.serializer.SerializationException;

/**
 * Turns the bytes a store holds under a person's key back into that person, intact, or refuses them naming
 * the id: the one verification both stores (Redis, Memcached) run, with the app's own codec and compression.
 *
 * @param serializer the app's codec, wrapped in its {@code bench.compression}
 * @param maxValueBytes the largest value read as a person
 */
public record PersonDecoding(RedisSerializer<Person> serializer, int maxValueBytes) {

	private static final int MAX_EXCERPT = 200;

	/** The person stored as {@code value} under {@code id}'s key; an empty value is the caller's to tell. */
	public Person verify(long id, byte[] value) {
		if (value.length > this.maxValueBytes) {
			throw new CorruptPersonException(id, "value larger than " + this.maxValueBytes + " bytes");
		}
		Person person;
		try {
			person = this.serializer.deserialize(value);
		}
		catch (SerializationException ex) {
			throw new CorruptPersonException(id, "value does not decode: " + excerpt(RootCause.firstLine(ex)));
		}
		if (person == null) {
			throw new CorruptPersonException(id, "value decodes to nothing");
		}
		if (person.getId() != id) {
			throw new CorruptPersonException(id, "value holds person " + person.getId());
		}
		if (!PersonDigest.isIntact(person)) {
			throw new CorruptPersonException(id, "md5 does not match the fields");
		}
		return person;
	}

	/** The bytes written for a person. */
	public byte[] encode(Person person) {
		try {
			return this.serializer.serialize(person);
		}
		catch (SerializationException ex) {
			throw new IllegalStateException("person " + person.getId() + " cannot be encoded: " + ex.getMessage(), ex);
		}
	}

	/** A decoder may quote the value it failed on, which can be up to the largest value long. */
	private static String excerpt(String message) {
		return (message.length() <= MAX_EXCERPT) ? message : message.substring(0, MAX_EXCERPT) + "...";
	}

}
