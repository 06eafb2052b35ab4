package org.redisbench.codecs;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.redisbench.person.Person;
import org.redisbench.person.PersonFactory;
import org.redisbench.test.DecoderFuzzContractTest;
import tools.jackson.dataformat.smile.SmileMapper;

import org.springframework.data.redis.serializer.RedisSerializer;

class SmilePersonSerializerFuzzTest extends DecoderFuzzContractTest {

	private static final SmileMapper untyped = SmileMapper.shared();

	private final SmilePersonSerializer serializer = new SmilePersonSerializer();

	@Override
	protected RedisSerializer<Person> codec() {
		return this.serializer;
	}

	/**
	 * The Smile header, object and array starts and ends, null, the end-of-string marker, long ASCII and
	 * Unicode string starts, raw and 7-bit binary starts, a big-integer start, a short shared-name and
	 * shared-value reference, a one-character key and value.
	 */
	@Override
	protected List<byte[]> tokens() {
		return List.of(bytes(0x3A, 0x29, 0x0A, 0x00), bytes(0xFA), bytes(0xFB), bytes(0xF8), bytes(0xF9), bytes(0x21),
				bytes(0xFC), bytes(0xE0), bytes(0xE4), bytes(0xFD), bytes(0xE8), bytes(0x26), bytes(0x40), bytes(0x01),
				bytes(0x80, 0x61), bytes(0x40, 0x61));
	}

	/**
	 * Jackson's polymorphic forms, as default typing or {@code @JsonTypeInfo} would write them: the name as an
	 * {@code @class} or {@code @type} property, as a wrapper array or object around the person, and as an
	 * {@code @class} inside a field.
	 */
	@Override
	protected List<byte[]> valuesNaming(String className) {
		Map<String, Object> person = untyped.convertValue(PersonFactory.create(1), Map.class);
		Map<String, Object> asProperty = new LinkedHashMap<>(Map.of("@class", className));
		asProperty.putAll(person);
		Map<String, Object> asTypeProperty = new LinkedHashMap<>(Map.of("@type", className));
		asTypeProperty.putAll(person);
		Map<String, Object> inField = new LinkedHashMap<>(person);
		inField.put("name", Map.of("@class", className));
		return List.of(untyped.writeValueAsBytes(asProperty), untyped.writeValueAsBytes(asTypeProperty),
				untyped.writeValueAsBytes(List.of(className, person)), untyped.writeValueAsBytes(Map.of(className, person)),
				untyped.writeValueAsBytes(inField));
	}

}
