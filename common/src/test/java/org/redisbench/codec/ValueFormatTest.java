package org.redisbench.codec;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPOutputStream;

import com.github.luben.zstd.Zstd;
import net.jpountz.lz4.LZ4FrameOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.redisbench.model.Compression;
import org.redisbench.person.Person;
import org.redisbench.person.PersonFactory;
import tools.jackson.dataformat.smile.SmileMapper;

import org.springframework.data.redis.serializer.GenericJacksonJsonRedisSerializer;
import org.springframework.data.redis.serializer.JdkSerializationRedisSerializer;
import org.springframework.data.redis.serializer.RedisSerializer;

import static org.assertj.core.api.Assertions.assertThat;

/** Each format as its own library writes it, so that the headers are the real ones, not our idea of them. */
class ValueFormatTest {

	@Test
	void jdkSerializationAsSpringWritesIt() {
		byte[] value = new JdkSerializationRedisSerializer().serialize(Instant.ofEpochSecond(1));
		assertThat(ValueFormat.of(value)).isEqualTo(ValueFormat.JDK);
	}

	@Test
	void typedJsonAsSpringDataRedisWritesIt() {
		GenericJacksonJsonRedisSerializer typed = GenericJacksonJsonRedisSerializer.builder()
			.enableUnsafeDefaultTyping()
			.build();
		assertThat(ValueFormat.of(typed.serialize(new Holder("x", 3)))).isEqualTo(ValueFormat.TYPED_JSON);
		assertThat(ValueFormat.of(typed.serialize(new ArrayList<>(List.of("a", "b"))))).isEqualTo(ValueFormat.TYPED_JSON);
	}

	@ParameterizedTest
	@ValueSource(strings = { "{\"a\":1}", " \r\n[1,2]", "\"text\"", "-1.5", "42", "true", "false", "null",
			"[\"no.class.here\"]", "[\"not a class\",1]", "{\"b\":1,\"@class\":\"x.Y\"}", "\uFEFF{}" })
	void plainJson(String text) {
		assertThat(ValueFormat.of(text.getBytes(StandardCharsets.UTF_8))).isEqualTo(ValueFormat.JSON);
	}

	@ParameterizedTest
	@ValueSource(strings = { "{ \"@class\" : \"com.acme.Cart\"}", "[ \"java.util.HashSet\" , [] ]" })
	void typedJsonWithSpaces(String text) {
		assertThat(ValueFormat.of(text.getBytes(StandardCharsets.UTF_8))).isEqualTo(ValueFormat.TYPED_JSON);
	}

	@Test
	void compressionFrames() throws IOException {
		byte[] text = "{\"name\":\"a value compressed by the application itself\"}".repeat(4)
			.getBytes(StandardCharsets.UTF_8);
		ByteArrayOutputStream gzip = new ByteArrayOutputStream();
		try (GZIPOutputStream out = new GZIPOutputStream(gzip)) {
			out.write(text);
		}
		ByteArrayOutputStream lz4 = new ByteArrayOutputStream();
		try (LZ4FrameOutputStream out = new LZ4FrameOutputStream(lz4)) {
			out.write(text);
		}
		assertThat(ValueFormat.of(gzip.toByteArray())).isEqualTo(ValueFormat.GZIP);
		assertThat(ValueFormat.of(Zstd.compress(text))).isEqualTo(ValueFormat.ZSTD);
		assertThat(ValueFormat.of(lz4.toByteArray())).isEqualTo(ValueFormat.LZ4);
	}

	@Test
	void smileWithItsHeader() {
		assertThat(ValueFormat.of(new SmileMapper().writeValueAsBytes(Map.of("a", 1)))).isEqualTo(ValueFormat.SMILE);
	}

	@ParameterizedTest
	@EnumSource(value = Compression.class, names = "NONE", mode = EnumSource.Mode.EXCLUDE)
	void thisProjectsCompressedValues(Compression compression) {
		byte[] dictionary = DictionaryTrainer.train(new JdkStandIn(), 500, 1024);
		byte[] value = Compressions.wrap(compression, new JdkStandIn(), () -> dictionary)
			.serialize(PersonFactory.create(7));
		assertThat(ValueFormat.of(value)).isEqualTo(ValueFormat.TAGGED);
	}

	@Test
	void nothingKnown() {
		assertThat(ValueFormat.of(null)).isEqualTo(ValueFormat.UNKNOWN);
		assertThat(ValueFormat.of(new byte[0])).isEqualTo(ValueFormat.UNKNOWN);
		assertThat(ValueFormat.of(new byte[] { 0x01, 0x02 })).isEqualTo(ValueFormat.UNKNOWN);
		assertThat(ValueFormat.of("   ".getBytes(StandardCharsets.US_ASCII))).isEqualTo(ValueFormat.UNKNOWN);
		assertThat(ValueFormat.of(new byte[] { (byte) 0xAC, (byte) 0xED })).isEqualTo(ValueFormat.UNKNOWN);
	}

	record Holder(String name, int count) {
	}

	/** A person through JDK serialization: common depends on no app's codec. */
	static final class JdkStandIn implements RedisSerializer<Person> {

		private final JdkSerializationRedisSerializer jdk = new JdkSerializationRedisSerializer();

		@Override
		public byte[] serialize(Person person) {
			return this.jdk.serialize(person);
		}

		@Override
		public Person deserialize(byte[] bytes) {
			return (Person) this.jdk.deserialize(bytes);
		}

	}

}
