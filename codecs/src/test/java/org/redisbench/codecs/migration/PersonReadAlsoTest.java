package org.redisbench.codecs.migration;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.redisbench.valueformat.Compressions;
import org.redisbench.person.DictionaryTrainer;
import org.redisbench.valueformat.ValueFormat;
import org.redisbench.codecs.Availability;
import org.redisbench.codecs.PersonCodec;
import org.redisbench.valueformat.Compression;
import org.redisbench.person.Person;
import org.redisbench.person.PersonFactory;

import org.springframework.data.redis.serializer.RedisSerializer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * {@code bench.read-also} between every two codecs, and across compressions: values of the format read beside read,
 * every write is what the app writes anyway (or that after its codec's format tag), and pairs whose bytes cannot be
 * told apart are refused at start.
 */
class PersonReadAlsoTest {

	private static final Map<PersonCodec, byte[]> dictionaries = new ConcurrentHashMap<>();

	static Stream<Arguments> everyTwoCodecs() {
		List<Arguments> pairs = new ArrayList<>();
		List<PersonCodec> available = Arrays.stream(PersonCodec.values())
			.filter((codec) -> codec.availability() instanceof Availability.Available)
			.toList();
		for (PersonCodec old : available) {
			for (PersonCodec app : available) {
				if (old != app && !bothJson(old, app)) {
					pairs.add(Arguments.of(old, Compression.NONE, app, Compression.NONE));
				}
			}
		}
		return pairs.stream();
	}

	/**
	 * Across compressions: a compression tag tells them (JSON to Kryo+zstd, as the app writes it), the same tag does
	 * not (then a format tag goes before it), no header beside a compression tag (Kryo to Kryo+zstd), zstd-dict.
	 */
	static Stream<Arguments> acrossCompressions() {
		return Stream.of(Arguments.of(PersonCodec.FASTJSON2, Compression.NONE, PersonCodec.KRYO, Compression.ZSTD),
				Arguments.of(PersonCodec.FASTJSON2, Compression.ZSTD, PersonCodec.KRYO, Compression.ZSTD),
				Arguments.of(PersonCodec.KRYO, Compression.NONE, PersonCodec.KRYO, Compression.ZSTD),
				Arguments.of(PersonCodec.KRYO, Compression.GZIP, PersonCodec.KRYO, Compression.LZ4),
				Arguments.of(PersonCodec.JDK, Compression.GZIP, PersonCodec.FASTJSON2, Compression.NONE),
				Arguments.of(PersonCodec.FASTJSON2, Compression.GZIP, PersonCodec.FASTJSON2, Compression.ZSTD_DICT),
				Arguments.of(PersonCodec.JDK, Compression.NONE, PersonCodec.KRYO, Compression.ZSTD_DICT));
	}

	@ParameterizedTest(name = "{0}+{1} to {2}+{3}")
	@MethodSource({ "everyTwoCodecs", "acrossCompressions" })
	void readsBothAndWritesWhatTheAppWrites(PersonCodec old, Compression oldCompression, PersonCodec app,
			Compression appCompression) {
		RedisSerializer<Person> oldWriter = Compressions.wrap(oldCompression, old.newSerializer(), () -> null);
		RedisSerializer<Person> written = Compressions.wrap(appCompression, app.newSerializer(), dictionary(app));
		RedisSerializer<Person> both = new PersonReadAlso(old, oldCompression).around(app, appCompression,
				dictionary(app));
		for (long id = 1; id <= 20; id++) {
			Person person = PersonFactory.create(id * 7919);
			byte[] value = both.serialize(person);
			byte[] asTheAppWrites = written.serialize(person);

			assertThat(both.deserialize(oldWriter.serialize(person))).isEqualTo(person);
			assertThat(both.deserialize(value)).isEqualTo(person);
			if (value.length == asTheAppWrites.length) {
				assertThat(value).isEqualTo(asTheAppWrites);
			}
			else {
				assertThat(value[0]).isEqualTo(PersonFormats.of(app).formatTag());
				assertThat(Arrays.copyOfRange(value, 1, value.length)).isEqualTo(asTheAppWrites);
			}
		}
	}

	/** Where the app's values need no tag, they are byte for byte what it writes without bench.read-also. */
	@Test
	void aCompressedAppNeedsNoTagBesideAnotherCompression() {
		RedisSerializer<Person> kryo = PersonCodec.KRYO.newSerializer();
		RedisSerializer<Person> zstd = Compressions.wrap(Compression.ZSTD, kryo, () -> null);
		RedisSerializer<Person> both = PersonReadAlso.parse("fastjson2")
			.around(PersonCodec.KRYO, Compression.ZSTD, () -> null);
		Person person = PersonFactory.create(1);

		assertThat(both.serialize(person)).isEqualTo(zstd.serialize(person));
		assertThat(ValueFormat.of(both.serialize(person))).isEqualTo(ValueFormat.TAGGED);
		RedisSerializer<Person> besideJdk = PersonReadAlso.parse("jdk")
			.around(PersonCodec.KRYO, Compression.NONE, () -> null);
		assertThat(ValueFormat.of(besideJdk.serialize(person))).isEqualTo(ValueFormat.KRYO_TAGGED);
	}

	@Test
	void theSettingIsReadAsCodecPlusCompression() {
		assertThat(PersonReadAlso.parse("jdk")).isEqualTo(new PersonReadAlso(PersonCodec.JDK, Compression.NONE));
		assertThat(PersonReadAlso.parse("fastjson2+gzip"))
			.isEqualTo(new PersonReadAlso(PersonCodec.FASTJSON2, Compression.GZIP));
		assertThat(PersonReadAlso.parse("fastjson2+gzip")).hasToString("fastjson2+gzip");
	}

	@Test
	void aBadSettingIsOneLineNamingIt() {
		assertThatIllegalArgumentException().isThrownBy(() -> PersonReadAlso.parse(" "))
			.withMessage("bench.read-also must be <codec>[+<compression>], e.g. jdk or fastjson2+gzip, was empty");
		assertThatIllegalArgumentException().isThrownBy(() -> PersonReadAlso.parse("json"))
			.withMessageStartingWith("bench.read-also=json: no codec 'json'; the codecs are fastjson2, kryo,");
		assertThatIllegalArgumentException().isThrownBy(() -> PersonReadAlso.parse("kryo+zip"))
			.withMessage("bench.read-also=kryo+zip: unknown compression 'zip', one of: none, gzip, lz4, zstd, zstd-dict");
		assertThatIllegalArgumentException().isThrownBy(() -> PersonReadAlso.parse("kryo+zstd-dict"))
			.withMessage("bench.read-also=kryo+zstd-dict: cannot read zstd-dict beside the app's own format: its values"
					+ " need the dictionary of the app that wrote them");
	}

	@Test
	void formatsTheAppCannotTellApartAreRefused() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> PersonReadAlso.parse("kryo").around(PersonCodec.KRYO, Compression.NONE, () -> null))
			.withMessage("bench.read-also=kryo is what this app writes already");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> PersonReadAlso.parse("jackson-json").around(PersonCodec.FASTJSON2, Compression.NONE, () -> null))
			.withMessage("fastjson2 and the format read beside it (typed-json or json) start alike, and fastjson2 has a header of its own,"
					+ " no format tag");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> PersonReadAlso.parse("kryo+zstd").around(PersonCodec.FASTJSON2, Compression.ZSTD, () -> null))
			.withMessage("fastjson2+zstd and the format read beside it (tagged zstd) start alike, and fastjson2 has a"
					+ " header of its own, no format tag");
	}

	private static boolean bothJson(PersonCodec old, PersonCodec app) {
		return PersonFormats.of(old) == ValueFormat.JSON && PersonFormats.of(app) == ValueFormat.JSON;
	}

	private static Supplier<byte[]> dictionary(PersonCodec codec) {
		return () -> dictionaries.computeIfAbsent(codec,
				(untrained) -> DictionaryTrainer.train(untrained.newSerializer(), 5_000, 2048));
	}

}
