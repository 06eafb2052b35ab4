package org.redisbench.valueformat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.zip.GZIPOutputStream;

import com.github.luben.zstd.Zstd;
import net.jpountz.lz4.LZ4FrameOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.redisbench.valueformat.Compression;
import org.redisbench.person.DictionaryTrainer;
import org.redisbench.person.Person;
import org.redisbench.person.PersonFactory;
import tools.jackson.dataformat.smile.SmileMapper;

import org.springframework.data.redis.serializer.GenericJacksonJsonRedisSerializer;
import org.springframework.data.redis.serializer.JdkSerializationRedisSerializer;
import org.springframework.data.redis.serializer.RedisSerializer;

import static org.assertj.core.api.Assertions.assertThat;

/** Each format as its own library writes it, so that the headers are the real ones, not our idea of them. */
class ValueFormatTest {

	/**
	 * The first-byte table answers only where the first byte decides, and there as reading every byte does: every
	 * first byte, random bytes after it of every length up to 40, and the bytes of real headers and typed JSON.
	 */
	@ParameterizedTest
	@ValueSource(booleans = { true, false })
	void theFirstByteAloneSaysWhatReadingEveryByteSays(boolean typedJson) {
		SplittableRandom random = new SplittableRandom(27);
		List<byte[]> tails = new ArrayList<>(List.of(new byte[] { (byte) 0xED, 0, 5, 0x73 },
				"\"@class\":\"a.B\"}".getBytes(StandardCharsets.UTF_8), "\"java.util.List\",[]]".getBytes(StandardCharsets.UTF_8),
				new byte[] { (byte) 0xBB, (byte) 0xBF, '{', '}' }, new byte[] { (byte) 0xB5, 0x2F, (byte) 0xFD, 1 },
				new byte[] { (byte) 0x8B, 8, 0 }, new byte[] { 0x22, 0x4D, 0x18, 0 }, new byte[] { ')', '\n', 1 }));
		for (int length = 1; length < 40; length++) {
			byte[] tail = new byte[length];
			random.nextBytes(tail);
			tails.add(tail);
		}
		String laterBytesDecide = typedJson ? "ac 1f 28 04 3a 20 09 0d 0a ef 7b 5b" : "ac 1f 28 04 3a 20 09 0d 0a ef";
		for (int first = 0; first < 256; first++) {
			Optional<ValueFormat> byFirstByte = ValueFormat.ofFirstByte((byte) first, typedJson);
			assertThat(byFirstByte.isEmpty()).as("byte %02x", first)
				.isEqualTo(laterBytesDecide.contains(HexFormat.of().toHexDigits((byte) first)));
			for (byte[] tail : tails) {
				byte[] value = new byte[tail.length + 1];
				value[0] = (byte) first;
				System.arraycopy(tail, 0, value, 1, tail.length);
				ValueFormat everyByte = ValueFormat.ofAllBytes(value, typedJson);
				byFirstByte.ifPresent((format) -> assertThat(format).as("byte %02x", value[0]).isEqualTo(everyByte));
				assertThat(typedJson ? ValueFormat.of(value) : ValueFormat.ofTypedJsonAsJson(value)).isEqualTo(everyByte);
			}
		}
	}

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

	/** In either frame; the first byte alone says so, and which compression. */
	@ParameterizedTest
	@EnumSource(value = Compression.class, names = "NONE", mode = EnumSource.Mode.EXCLUDE)
	void thisProjectsCompressedValues(Compression compression) {
		byte[] dictionary = DictionaryTrainer.train(new JdkStandIn(), 500, 1024);
		for (Frame frame : Frame.values()) {
			byte[] value = Compressions.wrap(compression, frame, new JdkStandIn(), () -> dictionary, 64 * 1024)
				.serialize(PersonFactory.create(7));
			assertThat(ValueFormat.of(value)).as("%s", frame).isEqualTo(ValueFormat.TAGGED);
			assertThat(ValueFormat.ofFirstByte(value[0], true)).contains(ValueFormat.TAGGED);
			assertThat(ValueFormat.compressionOf(value)).contains(compression);
		}
	}

	@Test
	void nothingKnown() {
		assertThat(ValueFormat.of(null)).isEqualTo(ValueFormat.UNKNOWN);
		assertThat(ValueFormat.of(new byte[0])).isEqualTo(ValueFormat.UNKNOWN);
		assertThat(ValueFormat.of(new byte[] { 0x01, 0x02 })).isEqualTo(ValueFormat.UNKNOWN);
		assertThat(ValueFormat.of("   ".getBytes(StandardCharsets.US_ASCII))).isEqualTo(ValueFormat.UNKNOWN);
		assertThat(ValueFormat.of(new byte[] { (byte) 0xAC, (byte) 0xED })).isEqualTo(ValueFormat.UNKNOWN);
	}

	/** Without the typed-JSON check, typed JSON is JSON: what the first bytes say, the brace or the bracket. */
	@ParameterizedTest
	@ValueSource(strings = { "{\"@class\":\"com.acme.Cart\",\"id\":1}", "{ \"@class\" : \"com.acme.Cart\"}",
			"[\"java.util.ArrayList\",[\"a\"]]", "\uFEFF [ \"java.util.HashSet\" , [] ]" })
	void typedJsonAsJson(String text) {
		byte[] value = text.getBytes(StandardCharsets.UTF_8);
		assertThat(ValueFormat.of(value)).isEqualTo(ValueFormat.TYPED_JSON);
		assertThat(ValueFormat.ofTypedJsonAsJson(value)).isEqualTo(ValueFormat.JSON);
	}

	/** Every other value reads as {@link ValueFormat#of} reads it: one definition, the typed-JSON check aside. */
	@Test
	void typedJsonAsJsonIsOfForEveryOtherFormat() throws IOException {
		List<byte[]> values = new ArrayList<>();
		values.add(new JdkSerializationRedisSerializer().serialize(Instant.ofEpochSecond(1)));
		ByteArrayOutputStream gzip = new ByteArrayOutputStream();
		try (GZIPOutputStream out = new GZIPOutputStream(gzip)) {
			out.write("{\"a\":1}".getBytes(StandardCharsets.UTF_8));
		}
		values.add(gzip.toByteArray());
		values.add(Zstd.compress("{\"a\":1}".getBytes(StandardCharsets.UTF_8)));
		values.add(new SmileMapper().writeValueAsBytes(Map.of("a", 1)));
		values.add(Compressions.wrap(Compression.ZSTD, new JdkStandIn(), () -> null).serialize(PersonFactory.create(7)));
		values.add(Compressions.wrap(Compression.LZ4, Frame.STANDARD, new JdkStandIn(), () -> null, 64 * 1024)
			.serialize(PersonFactory.create(7)));
		for (ValueFormat format : ValueFormat.values()) {
			if (format.isFormatTagged()) {
				values.add(new byte[] { format.formatTag(), 0x61 });
			}
		}
		for (String text : List.of("{\"a\":1}", " \r\n[1,2]", "\"text\"", "-1.5", "42", "true", "null",
				"[\"no.class.here\"]", "{\"b\":1,\"@class\":\"x.Y\"}", "\uFEFF{}", "   ", "xyz")) {
			values.add(text.getBytes(StandardCharsets.UTF_8));
		}
		values.add(new byte[] { 0x01, 0x02 });
		values.add(new byte[] { (byte) 0xAC, (byte) 0xED });
		values.add(new byte[0]);
		values.add(null);

		for (byte[] value : values) {
			assertThat(ValueFormat.of(value)).isNotEqualTo(ValueFormat.TYPED_JSON);
			assertThat(ValueFormat.ofTypedJsonAsJson(value)).as(() -> Arrays.toString(value))
				.isEqualTo(ValueFormat.of(value));
		}
		assertThat(values).extracting(ValueFormat::of).contains(ValueFormat.JDK, ValueFormat.GZIP, ValueFormat.ZSTD,
				ValueFormat.SMILE, ValueFormat.TAGGED, ValueFormat.KRYO_TAGGED, ValueFormat.JSON, ValueFormat.UNKNOWN);
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
