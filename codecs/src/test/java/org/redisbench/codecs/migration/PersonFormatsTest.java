package org.redisbench.codecs.migration;

import java.util.Arrays;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.redisbench.valueformat.ValueFormat;
import org.redisbench.valueformat.readboth.Encoding;
import org.redisbench.codecs.Availability;
import org.redisbench.codecs.PersonCodec;
import org.redisbench.person.Person;
import org.redisbench.person.PersonFactory;

import org.springframework.data.redis.serializer.RedisSerializer;

import static org.assertj.core.api.Assertions.assertThat;

/** The byte map's claims about this project's codecs, held to what their libraries write. */
class PersonFormatsTest {

	static Stream<PersonCodec> availableCodecs() {
		return Arrays.stream(PersonCodec.values()).filter((codec) -> codec.availability() instanceof Availability.Available);
	}

	/** A codec with a header writes it; one without is written after its tag and read back through it. */
	@ParameterizedTest
	@MethodSource("availableCodecs")
	void eachCodecsValuesAreTheFormatTheMapSays(PersonCodec codec) {
		ValueFormat format = PersonFormats.of(codec);
		RedisSerializer<Person> serializer = codec.newSerializer();
		RedisSerializer<Person> stored = format.isFormatTagged() ? Encoding.tagged(format, serializer).serializer()
				: serializer;
		for (long id = 1; id <= 100; id++) {
			Person person = PersonFactory.create(id * 7919);
			byte[] value = stored.serialize(person);

			assertThat(ValueFormat.of(value)).as(codec.id()).isEqualTo(format);
			assertThat(stored.deserialize(value)).isEqualTo(person);
		}
	}

	/** Untagged, no headerless codec's person starts with a format tag: so a tag is never a person's own first byte. */
	@ParameterizedTest
	@MethodSource("availableCodecs")
	void noPersonStartsWithAFormatTagOfItsOwn(PersonCodec codec) {
		RedisSerializer<Person> serializer = codec.newSerializer();
		for (long id = 1; id <= 100; id++) {
			assertThat(serializer.serialize(PersonFactory.create(id * 7919))[0] & 0xF0).as(codec.id()).isNotEqualTo(0xF0);
		}
	}

	/** By its bytes: jackson-json writes a person as fastjson2 does, so it is known as fastjson2, the same format. */
	@ParameterizedTest
	@MethodSource("availableCodecs")
	void anAppsCodecIsKnownByWhatItWrites(PersonCodec codec) {
		PersonCodec known = PersonFormats.identify(codec.newSerializer());
		Person person = PersonFactory.create(42);

		assertThat(known).isEqualTo(codec == PersonCodec.JACKSON_JSON ? PersonCodec.FASTJSON2 : codec);
		assertThat(known.newSerializer().serialize(person)).isEqualTo(codec.newSerializer().serialize(person));
	}

}
