package org.redisbench.codecs;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.redisbench.person.Person;

import org.springframework.data.redis.serializer.RedisSerializer;
import org.springframework.data.redis.serializer.SerializationException;

import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class Fastjson2PersonSerializerFuzzTest extends JsonDecoderFuzzContractTest {

	private final Fastjson2PersonSerializer serializer = new Fastjson2PersonSerializer();

	@Override
	protected RedisSerializer<Person> codec() {
		return this.serializer;
	}

	/**
	 * The forms fastjson exploits have used: {@code @type} at the top and nested in a field, an expected type
	 * ({@code AutoCloseable}, {@code Throwable}) naming its implementation, the class-cache trick through
	 * {@code java.lang.Class}, and the {@code L...;} and {@code [} spellings that once slipped past deny
	 * lists.
	 */
	@Override
	protected List<byte[]> valuesNaming(String className) {
		String person = PERSON_FIELDS;
		return utf8("{\"@type\":\"" + className + "\"," + person + "}", "{\"@type\":\"" + className + "\"}",
				"{\"@type\":\"L" + className + ";\"," + person + "}", "{\"@type\":\"[" + className + "\"[{}]}",
				"{" + person.replace("\"n\"", "{\"@type\":\"" + className + "\",\"id\":2}") + "}",
				"{\"id\":1,\"name\":[{\"@type\":\"" + className + "\"}]}",
				"{\"@type\":\"java.lang.AutoCloseable\",\"@type\":\"" + className + "\"}",
				"{\"@type\":\"java.lang.Exception\",\"@type\":\"" + className + "\",\"message\":\"m\"}",
				"{\"a\":{\"@type\":\"java.lang.Class\",\"val\":\"" + className + "\"},\"b\":{\"@type\":\"" + className
						+ "\"}}");
	}

	@Test
	void malformedUtf8IsASerializationException() {
		// A lead byte of a 3-byte UTF-8 sequence with one byte after it: fastjson2 reads past the array.
		byte[] truncated = bytes(0xED, 0x5E);

		assertThatExceptionOfType(SerializationException.class).isThrownBy(() -> this.serializer.deserialize(truncated));
	}

}
