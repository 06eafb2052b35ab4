package org.redisbench.codecs;

import java.util.function.Consumer;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.io.Output;
import org.redisbench.person.Person;

import org.springframework.data.redis.serializer.RedisSerializer;
import org.springframework.data.redis.serializer.SerializationException;
import org.redisbench.valueformat.InstancePool;

/**
 * A person as Kryo 5 bytes. {@link Person} is registered and written with {@code writeObject}, so no class
 * name or id is stored in a value and no other class can be named by one; references are off because a
 * person holds no shared or cyclic objects. Kryo instances are not thread-safe, so each is configured once
 * and lent out of a pool, together with its buffers: a lock-free {@link InstancePool}, not Kryo's own locking
 * {@code Pool}, whose lock was the instrument's cost and not Kryo's.
 * <p>
 * Registered as it is here, Kryo writes a person with its default {@code FieldSerializer};
 * {@link #handwritten()} registers {@link HandwrittenPersonSerializer} instead.
 */
public class KryoPersonSerializer implements RedisSerializer<Person> {

	private static final byte[] EMPTY = new byte[0];

	/** A person is ~85 bytes; anything near this is not a person. */
	private static final int MAX_VALUE_BYTES = 64 * 1024;

	private final InstancePool<Codec> codecs;

	/** Person written by Kryo's default {@code FieldSerializer}, as the kryo app runs it. */
	public KryoPersonSerializer() {
		this((kryo) -> kryo.register(Person.class));
	}

	private KryoPersonSerializer(Consumer<Kryo> registration) {
		this.codecs = new InstancePool<>(() -> new Codec(registration));
	}

	/** Person written by a serializer of its own, as Kryo's documentation advises for a type sent often. */
	public static KryoPersonSerializer handwritten() {
		return new KryoPersonSerializer((kryo) -> kryo.register(Person.class, new HandwrittenPersonSerializer()));
	}

	@Override
	public byte[] serialize(Person person) {
		if (person == null) {
			return EMPTY;
		}
		Codec codec = this.codecs.obtain();
		try {
			codec.output.reset();
			codec.kryo.writeObject(codec.output, person);
			return codec.output.toBytes();
		}
		catch (KryoException ex) {
			throw new SerializationException("cannot write person " + person.getId() + " with Kryo: " + ex.getMessage(),
					ex);
		}
		finally {
			this.codecs.free(codec);
		}
	}

	@Override
	public Person deserialize(byte[] bytes) {
		if (bytes == null || bytes.length == 0) {
			return null;
		}
		Codec codec = this.codecs.obtain();
		try {
			codec.input.setBuffer(bytes);
			Person person = codec.kryo.readObject(codec.input, Person.class);
			if (codec.input.position() != bytes.length) {
				throw new SerializationException(
						"not the Kryo bytes of a person: " + (bytes.length - codec.input.position()) + " trailing bytes");
			}
			return person;
		}
		catch (RuntimeException ex) {
			// Foreign bytes can trip any of Kryo's internal checks; all mean the same to a reader.
			if (ex instanceof SerializationException serializationException) {
				throw serializationException;
			}
			throw new SerializationException("not the Kryo bytes of a person: " + ex.getMessage(), ex);
		}
		finally {
			codec.input.setBuffer(EMPTY);
			this.codecs.free(codec);
		}
	}

	private static final class Codec {

		final Kryo kryo = new Kryo();

		final Output output = new Output(256, MAX_VALUE_BYTES);

		final BoundedInput input = new BoundedInput();

		Codec(Consumer<Kryo> registration) {
			this.kryo.setRegistrationRequired(true);
			this.kryo.setReferences(false);
			registration.accept(this.kryo);
		}

	}

}
