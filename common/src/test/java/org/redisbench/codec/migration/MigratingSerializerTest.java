package org.redisbench.codec.migration;

import java.nio.charset.StandardCharsets;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.redisbench.codec.Compressions;
import org.redisbench.codec.ValueFormat;
import org.redisbench.model.Compression;
import org.redisbench.person.Person;
import org.redisbench.person.PersonFactory;
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
