package org.redisbench.codecs;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.redisbench.valueformat.Compressions;
import org.redisbench.valueformat.Compression;
import org.redisbench.person.DictionaryTrainer;
import org.redisbench.person.Person;
import org.redisbench.person.PersonFactory;

import org.springframework.data.redis.serializer.RedisSerializer;
import org.springframework.data.redis.serializer.SerializationException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/** What every codec that can run here does alike: round trips, Spring Data's null conventions, refusals. */
class EveryCodecTest {

	/** Trained once per codec, on persons of random ids and times, not the ones round-tripped. */
	private static final Map<PersonCodec, byte[]> dictionaries = new ConcurrentHashMap<>();

	static Stream<PersonCodec> availableCodecs() {
		return Arrays.stream(PersonCodec.values()).filter((codec) -> codec.availability() instanceof Availability.Available);
	}

	static Stream<Arguments> availableCodecsWithEachCompression() {
		return availableCodecs()
			.flatMap((codec) -> Arrays.stream(Compression.values()).map((compression) -> Arguments.of(codec, compression)));
	}

	@ParameterizedTest
	@MethodSource("availableCodecsWithEachCompression")
	void roundTripsAThousandPersons(PersonCodec codec, Compression compression) {
		RedisSerializer<Person> serializer = Compressions.wrap(compression, codec.newSerializer(), () -> dictionaries
			.computeIfAbsent(codec, (untrained) -> DictionaryTrainer.train(untrained.newSerializer(), 5_000, 2048)));
		for (long id = 1; id <= 1000; id++) {
			Person person = PersonFactory.create(id * 7919);

			assertThat(serializer.deserialize(serializer.serialize(person))).as("%s with %s", codec.id(), compression)
				.isEqualTo(person);
		}
	}

	@ParameterizedTest
	@MethodSource("availableCodecs")
	void nullAndEmptyFollowSpringDataConventions(PersonCodec codec) {
		RedisSerializer<Person> serializer = codec.newSerializer();

		assertThat(serializer.serialize(null)).isEmpty();
		assertThat(serializer.deserialize(null)).isNull();
		assertThat(serializer.deserialize(new byte[0])).isNull();
	}

	@ParameterizedTest
	@MethodSource("availableCodecs")
	void truncatedValueIsASerializationException(PersonCodec codec) {
		RedisSerializer<Person> serializer = codec.newSerializer();
		byte[] value = serializer.serialize(PersonFactory.create(17));

		assertThatExceptionOfType(SerializationException.class)
			.isThrownBy(() -> serializer.deserialize(Arrays.copyOf(value, value.length / 2)));
	}

	@ParameterizedTest
	@MethodSource("availableCodecs")
	void isSafeToShareAcrossThreads(PersonCodec codec) throws Exception {
		RedisSerializer<Person> serializer = codec.newSerializer();
		ExecutorService pool = Executors.newFixedThreadPool(8);
		try {
			List<Future<Boolean>> results = new ArrayList<>();
			for (int task = 0; task < 8; task++) {
				long base = task * 1000L;
				results.add(pool.submit(() -> {
					for (long id = base; id < base + 1000; id++) {
						Person person = PersonFactory.create(id);
						if (!person.equals(serializer.deserialize(serializer.serialize(person)))) {
							return false;
						}
					}
					return true;
				}));
			}
			for (Future<Boolean> result : results) {
				assertThat(result.get()).as(codec.id()).isTrue();
			}
		}
		finally {
			pool.shutdownNow();
		}
	}

}
