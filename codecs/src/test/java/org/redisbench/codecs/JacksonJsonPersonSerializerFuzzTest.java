package org.redisbench.codecs;

import java.util.List;

import org.redisbench.person.Person;

import org.springframework.data.redis.serializer.RedisSerializer;

class JacksonJsonPersonSerializerFuzzTest extends JsonDecoderFuzzContractTest {

	private final JacksonJsonPersonSerializer serializer = new JacksonJsonPersonSerializer();

	@Override
	protected RedisSerializer<Person> codec() {
		return this.serializer;
	}

	/**
	 * The type ids Jackson's polymorphic typing reads, had it been enabled: the {@code @class} property
	 * ({@code GenericJacksonJsonRedisSerializer}'s), the {@code @c} of minimal class names, a wrapper array,
	 * each at the top and in a field, and {@code @type} as other libraries spell it.
	 */
	@Override
	protected List<byte[]> valuesNaming(String className) {
		String person = PERSON_FIELDS;
		return utf8("{\"@class\":\"" + className + "\"," + person + "}", "{\"@class\":\"" + className + "\"}",
				"{\"@c\":\"" + className.substring(className.lastIndexOf('.')) + "\"," + person + "}",
				"{\"@type\":\"" + className + "\"," + person + "}", "[\"" + className + "\",{" + person + "}]",
				"{" + person.replace("\"n\"", "{\"@class\":\"" + className + "\",\"id\":2}") + "}",
				"{" + person.replace("\"n\"", "[\"" + className + "\",{}]") + "}",
				"[\"java.util.ArrayList\",[[\"" + className + "\",{}]]]");
	}

}
