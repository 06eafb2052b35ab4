package org.redisbench.codecs;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.redisbench.person.Person;
import org.redisbench.test.DecoderFuzzContractTest;

import org.springframework.data.redis.serializer.RedisSerializer;
import org.springframework.data.redis.serializer.SerializationException;

import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class JacksonJsonPersonSerializerFuzzTest extends DecoderFuzzContractTest {

	private final JacksonJsonPersonSerializer serializer = new JacksonJsonPersonSerializer();

	@Override
	protected RedisSerializer<Person> codec() {
		return this.serializer;
	}

	@Override
	protected List<byte[]> tokens() {
		return utf8("{", "}", "[", "]", "\"", ",", ":", "\\", "\\u", "\\uD800", "\u0000", "null", "true", "1e999999",
				"-9223372036854775809", "99999999999999999999999999", "\"age\":", "\"id\":", "\"@class\":",
				"[\"java.util.ArrayList\",[", "{\"@class\":\"java.net.URL\",\"val\":\"http://127.0.0.1:1/\"}");
	}

	/**
	 * The type ids Jackson's polymorphic typing reads, had it been enabled: the {@code @class} property
	 * ({@code GenericJacksonJsonRedisSerializer}'s), the {@code @c} of minimal class names, a wrapper array,
	 * each at the top and in a field, and {@code @type} as other libraries spell it.
	 */
	@Override
	protected List<byte[]> valuesNaming(String className) {
		String person = "\"id\":1,\"name\":\"n\",\"address\":\"a\",\"phone\":\"p\",\"sex\":\"1\",\"age\":1,\"md5\":\"m\"";
		return utf8("{\"@class\":\"" + className + "\"," + person + "}", "{\"@class\":\"" + className + "\"}",
				"{\"@c\":\"" + className.substring(className.lastIndexOf('.')) + "\"," + person + "}",
				"{\"@type\":\"" + className + "\"," + person + "}", "[\"" + className + "\",{" + person + "}]",
				"{" + person.replace("\"n\"", "{\"@class\":\"" + className + "\",\"id\":2}") + "}",
				"{" + person.replace("\"n\"", "[\"" + className + "\",{}]") + "}",
				"[\"java.util.ArrayList\",[[\"" + className + "\",{}]]]");
	}

	@Test
	void deeplyNestedValueIsRefusedWithoutOverflowingTheStack() {
		byte[] nested = utf8("{\"name\":" + "[".repeat(200_000)).get(0);

		assertThatExceptionOfType(SerializationException.class).isThrownBy(() -> this.serializer.deserialize(nested));
	}

	private static List<byte[]> utf8(String... texts) {
		return Arrays.stream(texts).map((text) -> text.getBytes(StandardCharsets.UTF_8)).toList();
	}

}
