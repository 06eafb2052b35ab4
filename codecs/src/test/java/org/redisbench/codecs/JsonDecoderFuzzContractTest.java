package org.redisbench.codecs;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.redisbench.test.DecoderFuzzContractTest;

import org.springframework.data.redis.serializer.SerializationException;

import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/** The fuzz contract for a codec of JSON text: JSON's tokens, and nesting deeper than any stack. */
abstract class JsonDecoderFuzzContractTest extends DecoderFuzzContractTest {

	/** A person's fields, its md5 not its own: a value built on them is never an intact person. */
	static final String PERSON_FIELDS = "\"id\":1,\"name\":\"n\",\"address\":\"a\",\"phone\":\"p\",\"sex\":\"1\",\"age\":1,\"md5\":\"m\"";

	/** JSON's punctuation, numbers past every range, and the type ids and references JSON libraries read. */
	@Override
	protected List<byte[]> tokens() {
		return utf8("{", "}", "[", "]", "\"", ",", ":", "\\", "\\u", "\\uD800", "\u0000", "null", "true", "1e999999",
				"-9223372036854775809", "99999999999999999999999999", "\"age\":", "\"id\":", "\"$ref\":\"$\"",
				"\"@type\":\"java.lang.AutoCloseable\",", "\"@class\":", "[\"java.util.ArrayList\",[",
				"{\"@type\":\"java.net.URL\",\"val\":\"http://127.0.0.1:1/\"}");
	}

	@Test
	void deeplyNestedValueIsRefusedWithoutOverflowingTheStack() {
		byte[] nested = utf8("{\"name\":" + "[".repeat(200_000)).get(0);

		assertThatExceptionOfType(SerializationException.class).isThrownBy(() -> codec().deserialize(nested));
	}

	static List<byte[]> utf8(String... texts) {
		return Arrays.stream(texts).map((text) -> text.getBytes(StandardCharsets.UTF_8)).toList();
	}

}
