package org.redisbench.codecs;

import org.apache.fory.Fory;
import org.apache.fory.ThreadSafeFory;
import org.apache.fory.config.Language;
import org.apache.fory.memory.MemoryBuffer;
import org.apache.fory.memory.MemoryUtils;
import org.redisbench.person.Person;

import org.springframework.data.redis.serializer.RedisSerializer;
import org.springframework.data.redis.serializer.SerializationException;

/**
 * A person as Apache Fory bytes in its Java-native format (not the cross-language one, Fory's default):
 * {@link Person} registered, so a value carries its id and no class name and no other class can be named;
 * references off; schema-consistent, not Fory's default compatible mode; Fory's defaults otherwise (a
 * serializer generated for Person at run time, compressed ints and longs). Reading is bounded by Fory's own
 * hostile-input limits, set to what a person needs: nesting depth 2, 64 KiB of materialized graph, no
 * collection items not backed by input.
 */
public class ForyPersonSerializer implements RedisSerializer<Person> {

	private static final byte[] EMPTY = new byte[0];

	private final ThreadSafeFory fory = personOnly();

	@Override
	public byte[] serialize(Person person) {
		if (person == null) {
			return EMPTY;
		}
		try {
			return this.fory.serialize(person);
		}
		catch (RuntimeException ex) {
			throw new SerializationException("cannot write person " + person.getId() + " with Fory: " + ex.getMessage(),
					ex);
		}
	}

	@Override
	public Person deserialize(byte[] bytes) {
		if (bytes == null || bytes.length == 0) {
			return null;
		}
		MemoryBuffer buffer = MemoryUtils.wrap(bytes);
		Object value;
		try {
			value = this.fory.deserialize(buffer, Person.class);
		}
		catch (RuntimeException ex) {
			// Fory wraps most failures in ForyException; a cut value can also surface as an index error.
			throw new SerializationException("not the Fory bytes of a person: " + ex.getMessage(), ex);
		}
		if (!(value instanceof Person person)) {
			throw new SerializationException(
					"not the Fory bytes of a person: " + (value == null ? "a null" : "another type"));
		}
		if (buffer.readerIndex() != bytes.length) {
			throw new SerializationException(
					"not the Fory bytes of a person: " + (bytes.length - buffer.readerIndex()) + " trailing bytes");
		}
		return person;
	}

	private static ThreadSafeFory personOnly() {
		ThreadSafeFory fory = Fory.builder()
			.withLanguage(Language.JAVA)
			.requireClassRegistration(true)
			.withRefTracking(false)
			// Fory 1.x defaults to compatible mode, which puts Person's field names and types in every value
			// (154 bytes a person against 87 for Kryo); schema-consistent is what Kryo's FieldSerializer does.
			.withCompatible(false)
			.withMaxDepth(2)
			.withMaxGraphMemoryBytes(64 * 1024)
			.withMaxUnbackedContainerItems(0)
			.buildThreadSafeFory();
		fory.register(Person.class);
		return fory;
	}

}
