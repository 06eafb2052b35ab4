package org.redisbench.codecs;

import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.redisbench.codec.Compression;
import org.redisbench.codec.DictionaryTrainer;
import org.redisbench.person.Person;
import org.redisbench.person.PersonFactory;

import org.springframework.data.redis.serializer.RedisSerializer;

import static org.assertj.core.api.Assertions.assertThat;

/** Every codec that can run here, with every compression, gives back each person it was given. */
class EveryCodecRoundTripTest {

	/** Trained once per codec, on persons of random ids and times, not the ones round-tripped. */
	private static final Map<PersonCodec, byte[]> dictionaries = new ConcurrentHashMap<>();

	static Stream<Arguments> availableCodecsWithEachCompression() {
		return Arrays.stream(PersonCodec.values())
			.filter((codec) -> codec.availability() instanceof Availability.Available)
			.flatMap((codec) -> Arrays.stream(Compression.values()).map((compression) -> Arguments.of(codec, compression)));
	}

	@ParameterizedTest
	@MethodSource("availableCodecsWithEachCompression")
	void roundTripsAThousandPersons(PersonCodec codec, Compression compression) {
		RedisSerializer<Person> serializer = compression.wrap(codec.newSerializer(),
				() -> dictionaries.computeIfAbsent(codec, (untrained) -> DictionaryTrainer.train(untrained.newSerializer(), 5_000, 2048)));
		for (long id = 1; id <= 1000; id++) {
			Person person = PersonFactory.create(id * 7919);

			assertThat(serializer.deserialize(serializer.serialize(person))).as("%s with %s", codec.id(), compression)
				.isEqualTo(person);
		}
	}

}
