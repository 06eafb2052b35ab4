package org.redisbench.valueformat.readboth;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HexFormat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.redisbench.valueformat.ValueFormat;

import org.springframework.data.redis.serializer.JdkSerializationRedisSerializer;
import org.springframework.data.redis.serializer.RedisSerializer;
import org.springframework.data.redis.serializer.SerializationException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The format tags: one byte before a headerless format, read back as that format by {@link ValueFormat} and by no
 * other. Raw UTF-8 text stands in for a headerless format here: it has no header either; common knows no Kryo.
 */
class FormatTaggingSerializerTest {

	private static final RedisSerializer<String> HEADERLESS = RedisSerializer.string();

	@ParameterizedTest
	@EnumSource(value = ValueFormat.class, mode = EnumSource.Mode.MATCH_ALL, names = ".*_TAGGED")
	void aTaggedValueIsItsFormatAndReadsBack(ValueFormat format) {
		FormatTaggingSerializer<String> tagged = new FormatTaggingSerializer<>(format, HEADERLESS);
		byte[] value = tagged.serialize("any bytes");

		assertThat(value[0]).isEqualTo(format.formatTag());
		assertThat(Arrays.copyOfRange(value, 1, value.length)).isEqualTo(HEADERLESS.serialize("any bytes"));
		assertThat(ValueFormat.of(value)).isEqualTo(format);
		assertThat(tagged.deserialize(value)).isEqualTo("any bytes");
	}

	/** What the headers and this project's compression tag start with: no format tag is one of them. */
	@Test
	void noFormatTagIsAnotherFormatsFirstByte() {
		byte[] jdk = new JdkSerializationRedisSerializer().serialize("x");
		byte[] firstBytes = { jdk[0], 0x1F, 0x28, 0x04, ':', '{', '[', '"', '-', '0', '9', 't', 'f', 'n', ' ', '\t', '\r',
				'\n', (byte) 0xEF, (byte) 0xC0, (byte) 0xC1, (byte) 0xC2, (byte) 0xC3, (byte) 0xC4 };
		for (ValueFormat format : ValueFormat.values()) {
			if (format.isFormatTagged()) {
				assertThat(firstBytes).as(format.id()).doesNotContain(format.formatTag());
				assertThat(format.formatTag() & 0xF0).as(format.id()).isEqualTo(0xF0);
			}
		}
		assertThat(Arrays.stream(ValueFormat.values()).filter(ValueFormat::isFormatTagged).map(ValueFormat::formatTag)
			.distinct()).hasSize(5);
	}

	@Test
	void aByteOfTheTagsNibbleThatNamesNoFormatIsUnknown() {
		assertThat(ValueFormat.of(HexFormat.of().parseHex("F0aa"))).isEqualTo(ValueFormat.UNKNOWN);
		assertThat(ValueFormat.of(HexFormat.of().parseHex("FFaa"))).isEqualTo(ValueFormat.UNKNOWN);
		assertThat(ValueFormat.of(new byte[] { ValueFormat.KRYO_TAGGED.formatTag() })).isEqualTo(ValueFormat.UNKNOWN);
	}

	@Test
	void aValueWithoutTheTagIsRefusedNamingWhatItIs() {
		FormatTaggingSerializer<String> kryo = new FormatTaggingSerializer<>(ValueFormat.KRYO_TAGGED, HEADERLESS);
		byte[] fory = new FormatTaggingSerializer<>(ValueFormat.FORY_TAGGED, HEADERLESS).serialize("x");

		assertThatThrownBy(() -> kryo.deserialize("{\"a\":1}".getBytes(StandardCharsets.UTF_8)))
			.isInstanceOf(SerializationException.class)
			.hasMessage("value is json, not kryo-tagged");
		assertThatThrownBy(() -> kryo.deserialize(fory)).hasMessage("value is fory-tagged, not kryo-tagged");
		assertThatThrownBy(() -> kryo.deserialize(new byte[] { ValueFormat.KRYO_TAGGED.formatTag() }))
			.hasMessage("value is unknown, not kryo-tagged");
	}

	@Test
	void nullIsWrittenAsTheWrappedSerializerWritesItAndReadBackAsNull() {
		FormatTaggingSerializer<Object> tagged = new FormatTaggingSerializer<>(ValueFormat.MSGPACK_TAGGED,
				new JdkSerializationRedisSerializer());
		assertThat(tagged.serialize(null)).isEmpty();
		assertThat(tagged.deserialize(new byte[0])).isNull();
		assertThat(tagged.deserialize(null)).isNull();
	}

	@Test
	void aFormatWithAHeaderOfItsOwnHasNoTag() {
		assertThatIllegalArgumentException().isThrownBy(() -> new FormatTaggingSerializer<>(ValueFormat.JDK, HEADERLESS))
			.withMessage("jdk is no format tag: the tagged formats are [kryo-tagged, fory-tagged, protobuf-tagged,"
					+ " msgpack-tagged, fst-tagged]");
	}

}
