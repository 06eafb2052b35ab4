package org.redisbench.codecs;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.redisbench.person.Person;
import org.redisbench.person.PersonFactory;

import org.springframework.data.redis.serializer.RedisSerializer;
import org.springframework.data.redis.serializer.SerializationException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/** Runs in the test JVM that has {@link FstPersonSerializer#REQUIRED_FLAGS} (the {@code fst} tag). */
@Tag("fst")
class FstPersonSerializerTest extends PersonSerializerContract {

	private final FstPersonSerializer serializer = new FstPersonSerializer();

	@Override
	protected RedisSerializer<Person> serializer() {
		return this.serializer;
	}

	@Test
	void classNameIsRefusedBeforeItIsLoaded() {
		// Object tag, class id 0: a name follows.
		byte[] named = { 0x00, 0x00, 0x05, 'j', 'a', 'v', 'a', 'x' };

		assertThatExceptionOfType(SerializationException.class).isThrownBy(() -> this.serializer.deserialize(named))
			.withMessageContaining("names no class");
	}

	@Test
	void personArrayIdIsRefused() {
		// FST registers Person[] under the id after Person's; with a length of 2^31 - 1 it would size the array.
		byte[] value = this.serializer.serialize(PersonFactory.create(17));
		byte[] array = { 0x00, (byte) (value[1] + 1), (byte) 0x81, -1, -1, -1, 0x7F };

		assertThatExceptionOfType(SerializationException.class).isThrownBy(() -> this.serializer.deserialize(array))
			.withMessageContaining("holds Person's id " + value[1]);
	}

	@Test
	void anotherTagInAStringFieldIsRefused() {
		byte[] value = this.serializer.serialize(PersonFactory.create(17));
		int firstString = indexOf(value, (byte) 0xFC);
		value[firstString] = 0x00;

		assertThatExceptionOfType(SerializationException.class).isThrownBy(() -> this.serializer.deserialize(value))
			.withMessageContaining("object tag 0 at offset " + firstString);
	}

	@Test
	void forgedStringLengthIsRefusedBeforeAllocating() {
		byte[] value = this.serializer.serialize(PersonFactory.create(17));
		int firstString = indexOf(value, (byte) 0xFC);
		// FST's 4-byte int marker (-127), then 2^31 - 1.
		byte[] forged = java.util.Arrays.copyOf(value, firstString + 6);
		System.arraycopy(new byte[] { (byte) 0x81, -1, -1, -1, 0x7F }, 0, forged, firstString + 1, 5);

		assertThatExceptionOfType(SerializationException.class).isThrownBy(() -> this.serializer.deserialize(forged))
			.withMessageContaining("exceeds");
	}

	private static int indexOf(byte[] value, byte tag) {
		for (int at = 0; at < value.length; at++) {
			if (value[at] == tag) {
				return at;
			}
		}
		throw new AssertionError("no byte " + tag + " in the value");
	}

}
