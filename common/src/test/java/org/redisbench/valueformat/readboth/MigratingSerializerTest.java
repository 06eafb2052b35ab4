package org.redisbench.valueformat.readboth;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.redisbench.valueformat.Compressions;
import org.redisbench.valueformat.Frame;
import org.redisbench.valueformat.ValueFormat;
import org.redisbench.valueformat.Compression;
import org.redisbench.person.Person;
import org.redisbench.person.PersonFactory;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.dataformat.smile.SmileMapper;

import org.springframework.data.redis.serializer.GenericJacksonJsonRedisSerializer;
import org.springframework.data.redis.serializer.JdkSerializationRedisSerializer;
import org.springframework.data.redis.serializer.RedisSerializer;
import org.springframework.data.redis.serializer.SerializationException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Which of its two formats the serializer reads a value with, and how it refuses the rest. */
class MigratingSerializerTest {

	private static final JdkSerializationRedisSerializer JDK = new JdkSerializationRedisSerializer();

	private static final GenericJacksonJsonRedisSerializer TYPED_JSON = GenericJacksonJsonRedisSerializer.builder()
		.enableUnsafeDefaultTyping()
		.build();

	private static final PlainJson PLAIN_JSON = new PlainJson();

	private final MigratingSerializer<Object> jdkToJson = new MigratingSerializer<>(
			Encoding.of(Signature.json(), TYPED_JSON), Encoding.of(Signature.header(ValueFormat.JDK), JDK));

	@Test
	void readsBothAndWritesTheNew() {
		Cart cart = new Cart("c-1", 3);

		assertThat(this.jdkToJson.deserialize(JDK.serialize(cart))).isEqualTo(cart);
		byte[] written = this.jdkToJson.serialize(cart);
		assertThat(written).isEqualTo(TYPED_JSON.serialize(cart));
		assertThat(this.jdkToJson.deserialize(written)).isEqualTo(cart);
		// a string is plain JSON even to Spring's typed JSON: Signature.json() takes both
		assertThat(ValueFormat.of(this.jdkToJson.serialize("text"))).isEqualTo(ValueFormat.JSON);
		assertThat(this.jdkToJson.deserialize(this.jdkToJson.serialize("text"))).isEqualTo("text");
	}

	@Test
	void whatAValueIsInIsToldWithoutDecodingIt() {
		Cart cart = new Cart("c-1", 3);

		assertThat(this.jdkToJson.detect(JDK.serialize(cart))).isEqualTo(MigratingSerializer.Detected.READ_ALSO);
		assertThat(this.jdkToJson.detect(TYPED_JSON.serialize(cart))).isEqualTo(MigratingSerializer.Detected.WRITTEN);
		assertThat(this.jdkToJson.detect("{\"not\": \"a cart\"}".getBytes(StandardCharsets.UTF_8)))
			.isEqualTo(MigratingSerializer.Detected.WRITTEN);
		assertThat(this.jdkToJson.detect(new byte[] { 1, 2 })).isEqualTo(MigratingSerializer.Detected.NEITHER);
	}

	@Test
	void aValueOfNeitherFormatIsRefusedNamingWhatItIsAndWhatIsRead() {
		byte[] smile = new SmileMapper().writeValueAsBytes(Map.of("a", 1));

		assertThatThrownBy(() -> this.jdkToJson.deserialize(smile)).isInstanceOf(SerializationException.class)
			.hasMessage("value is smile; this serializer reads typed-json or json (the format it writes) and jdk");
	}

	@Test
	void nullAndEmptyAreNull() {
		assertThat(this.jdkToJson.deserialize(null)).isNull();
		assertThat(this.jdkToJson.deserialize(new byte[0])).isNull();
	}

	@Test
	void thisProjectsCompressedValuesAreToldApartByTheirCompression() {
		RedisSerializer<Person> gzip = Compressions.wrap(Compression.GZIP, new JdkPerson(), () -> null);
		RedisSerializer<Person> zstd = Compressions.wrap(Compression.ZSTD, new JdkPerson(), () -> null);
		RedisSerializer<Person> lz4 = Compressions.wrap(Compression.LZ4, new JdkPerson(), () -> null);
		MigratingSerializer<Person> gzipToZstd = new MigratingSerializer<>(
				Encoding.of(Signature.compressed(Compression.ZSTD), zstd),
				Encoding.of(Signature.compressed(Compression.GZIP), gzip));
		Person person = PersonFactory.create(1);

		assertThat(gzipToZstd.deserialize(gzip.serialize(person))).usingRecursiveComparison().isEqualTo(person);
		assertThat(ValueFormat.compressionOf(gzipToZstd.serialize(person))).contains(Compression.ZSTD);
		assertThat(gzipToZstd.deserialize(gzipToZstd.serialize(person))).usingRecursiveComparison().isEqualTo(person);
		assertThatThrownBy(() -> gzipToZstd.deserialize(lz4.serialize(person)))
			.hasMessage("value is tagged lz4; this serializer reads tagged zstd (the format it writes) and tagged gzip");
	}

	/** A compression's signature takes both its frames: a serializer writing the standard one reads the apps' compact. */
	@Test
	void aCompressionIsReadInEitherFrame() {
		RedisSerializer<Person> compact = Compressions.wrap(Compression.ZSTD, new JdkPerson(), () -> null);
		RedisSerializer<Person> standard = Compressions.wrap(Compression.ZSTD, Frame.STANDARD, new JdkPerson(),
				() -> null, 64 * 1024);
		MigratingSerializer<Person> gzipToZstd = new MigratingSerializer<>(
				Encoding.of(Signature.compressed(Compression.ZSTD), standard),
				Encoding.of(Signature.compressed(Compression.GZIP),
						Compressions.wrap(Compression.GZIP, new JdkPerson(), () -> null)));
		Person person = PersonFactory.create(1);

		assertThat(gzipToZstd.detect(compact.serialize(person))).isEqualTo(MigratingSerializer.Detected.WRITTEN);
		assertThat(gzipToZstd.deserialize(compact.serialize(person))).usingRecursiveComparison().isEqualTo(person);
		assertThat(gzipToZstd.serialize(person)[0]).isEqualTo((byte) 0xCB);
	}

	/**
	 * With no header on the format read beside, a value that looks written but does not decode so is that format's:
	 * here raw bytes that start as a JDK stream does.
	 */
	@Test
	void aHeaderlessFormatReadBesideTakesWhatTheWrittenOneCannotRead() {
		MigratingSerializer<Object> rawToJdk = new MigratingSerializer<>(Encoding.of(Signature.header(ValueFormat.JDK), JDK),
				Encoding.headerless(new Raw()));
		byte[] lookalike = { (byte) 0xAC, (byte) 0xED, 0x00, 0x05, 'r', 'a', 'w' };
		byte[] raw = "raw".getBytes(StandardCharsets.US_ASCII);

		assertThat(rawToJdk.deserialize(lookalike)).isEqualTo(lookalike);
		assertThat(rawToJdk.deserialize(raw)).isEqualTo(raw);
		assertThat(rawToJdk.deserialize(JDK.serialize("jdk"))).isEqualTo("jdk");
	}

	@Test
	void aValueThatDecodesAsNeitherSaysWhyForBoth() {
		MigratingSerializer<Object> jdkBoth = new MigratingSerializer<>(Encoding.of(Signature.header(ValueFormat.JDK), JDK),
				Encoding.headerless(JDK));
		byte[] lookalike = { (byte) 0xAC, (byte) 0xED, 0x00, 0x05, 'r', 'a', 'w' };

		assertThatThrownBy(() -> jdkBoth.deserialize(lookalike)).isInstanceOf(SerializationException.class)
			.hasMessageStartingWith("value is jdk but decodes neither as the format written (")
			.hasMessageContaining(") nor as the one read beside it, which has no header (");
	}

	/**
	 * Where one side's header names plain JSON or typed JSON alone, the detection reads past the brace for an
	 * {@code @class} property, as before: a typed-JSON value is that side's, or neither's.
	 */
	@Test
	void typedJsonIsToldFromJsonWhereOneSideNamesOneOfThem() {
		Cart cart = new Cart("c-1", 3);
		byte[] typed = TYPED_JSON.serialize(cart);
		byte[] plain = PLAIN_JSON.serialize(Map.of("id", "c-1"));
		MigratingSerializer<Object> typedToPlain = new MigratingSerializer<>(
				Encoding.of(Signature.header(ValueFormat.JSON), PLAIN_JSON),
				Encoding.of(Signature.header(ValueFormat.TYPED_JSON), TYPED_JSON));
		MigratingSerializer<Object> jdkToPlain = new MigratingSerializer<>(
				Encoding.of(Signature.header(ValueFormat.JSON), PLAIN_JSON), Encoding.of(Signature.header(ValueFormat.JDK), JDK));

		assertThat(typedToPlain.tellsTypedJson()).isTrue();
		assertThat(typedToPlain.detect(typed)).isEqualTo(MigratingSerializer.Detected.READ_ALSO);
		assertThat(typedToPlain.detect(plain)).isEqualTo(MigratingSerializer.Detected.WRITTEN);
		assertThat(typedToPlain.deserialize(typed)).isEqualTo(cart);
		assertThat(jdkToPlain.tellsTypedJson()).isTrue();
		assertThat(jdkToPlain.detect(typed)).isEqualTo(MigratingSerializer.Detected.NEITHER);
		assertThatThrownBy(() -> jdkToPlain.deserialize(typed))
			.hasMessage("value is typed-json; this serializer reads json (the format it writes) and jdk");
	}

	/**
	 * Where no side's header names one of the two alone, the first bytes decide ({@link ValueFormat#ofTypedJsonAsJson}):
	 * every JSON value, typed or not, is the side that reads JSON text's, as the typed-JSON check would have said.
	 */
	@Test
	void whereNeitherSideTellsTypedJsonTheFirstBytesDecide() {
		RedisSerializer<Person> zstd = Compressions.wrap(Compression.ZSTD, new JdkPerson(), () -> null);
		MigratingSerializer<Object> jsonToZstd = new MigratingSerializer<>(
				Encoding.of(Signature.compressed(Compression.ZSTD), new Untyped(zstd)), Encoding.of(Signature.json(), PLAIN_JSON));
		byte[] classProperty = "{\"@class\":\"not.a.Class\",\"id\":\"c-1\"}".getBytes(StandardCharsets.UTF_8);
		Person person = PersonFactory.create(1);

		assertThat(jsonToZstd.tellsTypedJson()).isFalse();
		assertThat(this.jdkToJson.tellsTypedJson()).isFalse();
		assertThat(jsonToZstd.detect(classProperty)).isEqualTo(MigratingSerializer.Detected.READ_ALSO);
		assertThat(jsonToZstd.deserialize(classProperty)).isEqualTo(Map.of("@class", "not.a.Class", "id", "c-1"));
		assertThat(jsonToZstd.detect(TYPED_JSON.serialize(new Cart("c-1", 3))))
			.isEqualTo(MigratingSerializer.Detected.READ_ALSO);
		assertThat(jsonToZstd.detect(zstd.serialize(person))).isEqualTo(MigratingSerializer.Detected.WRITTEN);
		assertThat(jsonToZstd.detect(JDK.serialize(person))).isEqualTo(MigratingSerializer.Detected.NEITHER);
		assertThat(this.jdkToJson.detect(classProperty)).isEqualTo(MigratingSerializer.Detected.WRITTEN);
		assertThat(this.jdkToJson.detect(JDK.serialize(person))).isEqualTo(MigratingSerializer.Detected.READ_ALSO);
	}

	/**
	 * The first-byte table says what the signatures say of the whole value, for every first byte, of values of every
	 * length up to 40 with random bytes after it and with real headers and JSON after it, for pairs that tell typed
	 * JSON and those that do not.
	 */
	@Test
	void theFirstByteSaysWhatTheSignaturesSayOfTheWholeValue() {
		MigratingSerializer<Object> jsonToZstd = new MigratingSerializer<>(
				Encoding.of(Signature.compressed(Compression.ZSTD), JDK), Encoding.of(Signature.json(), PLAIN_JSON));
		MigratingSerializer<Object> typedToPlain = new MigratingSerializer<>(
				Encoding.of(Signature.header(ValueFormat.JSON), PLAIN_JSON),
				Encoding.of(Signature.header(ValueFormat.TYPED_JSON), TYPED_JSON));
		MigratingSerializer<Object> jdkToKryo = new MigratingSerializer<>(
				Encoding.of(Signature.header(ValueFormat.KRYO_TAGGED), JDK), Encoding.of(Signature.header(ValueFormat.JDK), JDK));
		SplittableRandom random = new SplittableRandom(43);
		List<byte[]> tails = new ArrayList<>(List.of(new byte[0], new byte[] { (byte) 0xED, 0, 5 },
				"\"@class\":\"a.B\"}".getBytes(StandardCharsets.UTF_8), "\"java.util.List\",[]]".getBytes(StandardCharsets.UTF_8),
				new byte[] { (byte) 0xBB, (byte) 0xBF, '{', '}' }, new byte[] { (byte) 0xB5, 0x2F, (byte) 0xFD, 1 }));
		for (int length = 0; length < 40; length++) {
			byte[] tail = new byte[length];
			random.nextBytes(tail);
			tails.add(tail);
		}
		int checked = 0;
		for (MigratingSerializer<Object> serializer : List.of(this.jdkToJson, jsonToZstd, typedToPlain, jdkToKryo)) {
			Signature written = serializer.written();
			Signature readAlso = serializer.readAlso();
			for (int first = 0; first < 256; first++) {
				for (byte[] tail : tails) {
					byte[] value = new byte[tail.length + 1];
					value[0] = (byte) first;
					System.arraycopy(tail, 0, value, 1, tail.length);
					ValueFormat found = serializer.tellsTypedJson() ? ValueFormat.of(value) : ValueFormat.ofTypedJsonAsJson(value);
					MigratingSerializer.Detected expected = written.matches(found, value) ? MigratingSerializer.Detected.WRITTEN
							: readAlso.matches(found, value) ? MigratingSerializer.Detected.READ_ALSO
									: MigratingSerializer.Detected.NEITHER;
					assertThat(serializer.detect(value)).as("%s on %s", serializer, HexFormat.of().formatHex(value))
						.isEqualTo(expected);
					checked++;
				}
			}
		}
		assertThat(checked).isEqualTo(4 * 256 * 46);
	}

	@Test
	void formatsThatStartAlikeAreRefused() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new MigratingSerializer<>(Encoding.headerless(JDK), Encoding.of(Signature.json(), TYPED_JSON)))
			.withMessage("the format written must be known by its bytes: give a format with no header its format tag"
					+ " (Encoding.tagged)");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new MigratingSerializer<>(Encoding.of(Signature.json(), TYPED_JSON),
					Encoding.of(Signature.header(ValueFormat.TYPED_JSON), TYPED_JSON)))
			.withMessage("values written as typed-json or json and values read as typed-json start alike: their bytes"
					+ " cannot tell them apart");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new MigratingSerializer<>(Encoding.of(Signature.compressed(Compression.LZ4), JDK),
					Encoding.of(Signature.compressed(Compression.LZ4), JDK)))
			.withMessageContaining("tagged lz4 and values read as tagged lz4 start alike");
		assertThatIllegalArgumentException().isThrownBy(() -> Signature.header(ValueFormat.TAGGED));
		assertThatIllegalArgumentException().isThrownBy(() -> Signature.compressed(Compression.NONE));
	}

	record Cart(String id, int items) implements java.io.Serializable {
	}

	/** JSON text as it is: no class named in it, a map read back. */
	static final class PlainJson implements RedisSerializer<Object> {

		private static final JsonMapper MAPPER = JsonMapper.builder().build();

		@Override
		public byte[] serialize(Object value) {
			return MAPPER.writeValueAsBytes(value);
		}

		@Override
		public Object deserialize(byte[] bytes) {
			return MAPPER.readValue(bytes, Map.class);
		}

	}

	/** A person serializer as one of {@code Object}s, to pair it with the JSON ones. */
	record Untyped(RedisSerializer<Person> persons) implements RedisSerializer<Object> {

		@Override
		public byte[] serialize(Object value) {
			return this.persons.serialize((Person) value);
		}

		@Override
		public Object deserialize(byte[] bytes) {
			return this.persons.deserialize(bytes);
		}

	}

	/** Bytes as they are: a format with no header. */
	static final class Raw implements RedisSerializer<Object> {

		@Override
		public byte[] serialize(Object value) {
			return (byte[]) value;
		}

		@Override
		public Object deserialize(byte[] bytes) {
			return bytes;
		}

	}

	/** A person through JDK serialization: common depends on no app's codec. */
	static final class JdkPerson implements RedisSerializer<Person> {

		@Override
		public byte[] serialize(Person person) {
			return JDK.serialize(person);
		}

		@Override
		public Person deserialize(byte[] bytes) {
			return (Person) JDK.deserialize(bytes);
		}

	}

}
