package org.redisbench.codecs;

import java.io.IOException;
import java.lang.reflect.InaccessibleObjectException;
import java.util.stream.Stream;

import org.nustaq.serialization.FSTConfiguration;
import org.nustaq.serialization.FSTDecoder;
import org.nustaq.serialization.FSTEncoder;
import org.nustaq.serialization.FSTObjectInput;
import org.nustaq.serialization.FSTObjectOutput;
import org.nustaq.serialization.coders.FSTStreamEncoder;
import org.redisbench.person.Person;
import org.redisbench.person.PersonFactory;

import org.springframework.data.redis.serializer.RedisSerializer;
import org.springframework.data.redis.serializer.SerializationException;

/**
 * A person as FST 2.57 bytes (de.ruedigermoeller:fst, unmaintained since 2020). The configuration is bare:
 * only {@link Person} is registered (written as a class id, no name; FST adds {@code Person[]}), none of the ~40 JDK classes and
 * serializers FST's default configuration brings, references off; reading goes through
 * {@link PersonOnlyFstDecoder}, which refuses anything but a person's shape.
 * <p>
 * FST reflects into {@code java.lang.String} whenever it opens a stream, so on JDK 17 and later it needs
 * {@value #REQUIRED_FLAGS}; {@link #availability()} tries a round trip once and says so when it fails.
 */
public class FstPersonSerializer implements RedisSerializer<Person> {

	/** The JVM flags FST needs for this configuration (its default configuration needs five more packages). */
	public static final String REQUIRED_FLAGS = "--add-opens java.base/java.lang=ALL-UNNAMED";

	private static final byte[] EMPTY = new byte[0];

	private final FSTConfiguration fst = personOnly();

	/** Whether FST runs on this JVM with its flags, tried with one round trip the first time it is asked. */
	public static Availability availability() {
		return Probe.RESULT;
	}

	@Override
	public byte[] serialize(Person person) {
		if (person == null) {
			return EMPTY;
		}
		try {
			FSTObjectOutput output = this.fst.getObjectOutput();
			output.writeObject(person);
			return output.getCopyOfWrittenBuffer();
		}
		catch (IOException | RuntimeException ex) {
			throw new SerializationException("cannot write person " + person.getId() + " with FST: " + ex, ex);
		}
	}

	@Override
	public Person deserialize(byte[] bytes) {
		if (bytes == null || bytes.length == 0) {
			return null;
		}
		Object value;
		int end;
		try {
			FSTObjectInput input = this.fst.getObjectInput(bytes);
			value = input.readObject();
			end = input.getCodec().getInputPos();
		}
		catch (Exception ex) {
			// FST declares Exception and rethrows checked ones undeclared; foreign bytes trip all kinds.
			throw new SerializationException("not the FST bytes of a person: " + ex, ex);
		}
		if (!(value instanceof Person person)) {
			throw new SerializationException("not the FST bytes of a person: " + (value == null ? "a null" : "another type"));
		}
		if (end != bytes.length) {
			throw new SerializationException("not the FST bytes of a person: " + (bytes.length - end) + " trailing bytes");
		}
		return person;
	}

	private static FSTConfiguration personOnly() {
		// The one factory that registers no classes; it is meant for structs, so struct mode goes off again.
		FSTConfiguration configuration = FSTConfiguration.createStructConfiguration();
		configuration.setStructMode(false);
		configuration.setShareReferences(false);
		// Person need not be Serializable: FST writes its fields, never through writeObject.
		configuration.setForceSerializable(true);
		configuration.setStreamCoderFactory(new PersonOnlyCoders(configuration));
		configuration.registerClass(Person.class);
		return configuration;
	}

	/** FST's own streams, but reading through {@link PersonOnlyFstDecoder}; cached per thread, as FST does. */
	private static final class PersonOnlyCoders implements FSTConfiguration.StreamCoderFactory {

		private final FSTConfiguration configuration;

		private final ThreadLocal<Object> input = new ThreadLocal<>();

		private final ThreadLocal<Object> output = new ThreadLocal<>();

		PersonOnlyCoders(FSTConfiguration configuration) {
			this.configuration = configuration;
		}

		@Override
		public FSTEncoder createStreamEncoder() {
			return new FSTStreamEncoder(this.configuration);
		}

		@Override
		public FSTDecoder createStreamDecoder() {
			return new PersonOnlyFstDecoder(this.configuration);
		}

		@Override
		public ThreadLocal<Object> getInput() {
			return this.input;
		}

		@Override
		public ThreadLocal<Object> getOutput() {
			return this.output;
		}

	}

	private static final class Probe {

		static final Availability RESULT = roundTrip();

		private static Availability roundTrip() {
			try {
				FstPersonSerializer serializer = new FstPersonSerializer();
				Person person = PersonFactory.create(1);
				if (!person.equals(serializer.deserialize(serializer.serialize(person)))) {
					return new Availability.Unavailable("FST " + LibraryVersions.of("fst") + " changed a person in a round trip");
				}
				return new Availability.Available();
			}
			catch (RuntimeException | LinkageError ex) {
				if (Stream.iterate((Throwable) ex, (cause) -> cause != null, Throwable::getCause)
					.anyMatch(InaccessibleObjectException.class::isInstance)) {
					return new Availability.Unavailable(
							"FST " + LibraryVersions.of("fst") + " needs the JVM flag " + REQUIRED_FLAGS);
				}
				return new Availability.Unavailable("FST " + LibraryVersions.of("fst") + " does not run on this JVM: " + ex);
			}
		}

	}

}
