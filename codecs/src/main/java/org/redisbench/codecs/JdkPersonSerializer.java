package org.redisbench.codecs;

import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.io.StreamCorruptedException;

import org.redisbench.person.Person;

import org.springframework.core.ConfigurableObjectInputStream;
import org.springframework.core.NestedExceptionUtils;
import org.springframework.core.serializer.support.DeserializingConverter;
import org.springframework.core.serializer.support.SerializingConverter;
import org.springframework.data.redis.serializer.JdkSerializationRedisSerializer;
import org.springframework.data.redis.serializer.RedisSerializer;
import org.springframework.data.redis.serializer.SerializationException;

/**
 * A person as JDK serialization, through {@link JdkSerializationRedisSerializer}, what a
 * {@code RedisTemplate} uses when given no serializer. Unguarded, a value written into Redis by an attacker
 * can name any serializable class on the classpath and run its {@code readObject}: the gadget chains. So
 * every stream this reads gets its own {@link ObjectInputFilter} — this serializer's, not a JVM-wide one —
 * that allows {@link Person} and nothing else, and bounds depth, references, arrays and bytes before
 * anything is allocated. A person's {@code String} fields travel as strings, not as objects of a class, so
 * the filter needs no other class.
 */
public class JdkPersonSerializer implements RedisSerializer<Person> {

	private static final byte[] EMPTY = new byte[0];

	/** A person is ~250 bytes, most of it the class descriptor; anything near this is not a person. */
	static final int MAX_VALUE_BYTES = 4096;

	/** Depth 1 is the person, 2 its strings; 7 handles are its class descriptor, itself and 5 strings. */
	static final String FILTER_PATTERN = "maxdepth=2;maxrefs=16;maxarray=0;maxbytes=" + MAX_VALUE_BYTES + ";"
			+ Person.class.getName() + ";!*";

	private static final ObjectInputFilter PERSON_ONLY = ObjectInputFilter.Config.createFilter(FILTER_PATTERN);

	private final JdkSerializationRedisSerializer jdk = new JdkSerializationRedisSerializer(new SerializingConverter(),
			new DeserializingConverter(JdkPersonSerializer::readPerson));

	@Override
	public byte[] serialize(Person person) {
		if (person == null) {
			return EMPTY;
		}
		return this.jdk.serialize(person);
	}

	@Override
	public Person deserialize(byte[] bytes) {
		if (bytes == null || bytes.length == 0) {
			return null;
		}
		if (bytes.length > MAX_VALUE_BYTES) {
			throw new SerializationException("not the JDK serialization of a person: " + bytes.length + " bytes");
		}
		try {
			return (Person) this.jdk.deserialize(bytes);
		}
		catch (SerializationException ex) {
			throw new SerializationException(
					"not the JDK serialization of a person: " + NestedExceptionUtils.getMostSpecificCause(ex), ex);
		}
	}

	/** Reads one person, with the filter set on its stream before the first byte is read. */
	private static Object readPerson(InputStream in) throws IOException {
		ObjectInputStream stream = new ConfigurableObjectInputStream(in, Person.class.getClassLoader());
		stream.setObjectInputFilter(PERSON_ONLY);
		try {
			Object read = stream.readObject();
			if (!(read instanceof Person)) {
				throw new StreamCorruptedException("a " + (read == null ? "null" : read.getClass().getName()) + ", not a person");
			}
			// The object stream reads no further than the person, so what the bytes still hold is extra.
			if (in.read() != -1) {
				throw new StreamCorruptedException("trailing bytes after the person");
			}
			return read;
		}
		catch (ClassNotFoundException ex) {
			throw new StreamCorruptedException("names an unknown class: " + ex.getMessage());
		}
	}

}
