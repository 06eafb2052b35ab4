package org.redisbench.codecs;

import java.util.ArrayList;
import java.util.List;

import org.redisbench.person.Person;
import org.redisbench.test.DecoderFuzzContractTest;
import org.redisbench.test.Gadgets;

import org.springframework.data.redis.serializer.RedisSerializer;

class JdkPersonSerializerFuzzTest extends DecoderFuzzContractTest {

	private final JdkPersonSerializer serializer = new JdkPersonSerializer();

	@Override
	protected RedisSerializer<Person> codec() {
		return this.serializer;
	}

	/** The stream header, each type code, a back-reference to the first handle, a long string's length. */
	@Override
	protected List<byte[]> tokens() {
		List<byte[]> tokens = new ArrayList<>(List.of(bytes(0xAC, 0xED, 0x00, 0x05), bytes(0x71, 0x00, 0x7E, 0x00, 0x00),
				bytes(0x7C, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF)));
		for (int typeCode = 0x70; typeCode <= 0x7E; typeCode++) {
			tokens.add(bytes(typeCode));
		}
		return tokens;
	}

	/**
	 * Each way a stream can make a reader resolve a class: an object of it, an object of it in a person's
	 * field, an array of it, its {@code Class}, a proxy implementing it; for the serializable probe, also
	 * what {@code ObjectOutputStream} really writes.
	 */
	@Override
	protected List<byte[]> valuesNaming(String className) {
		List<byte[]> values = new ArrayList<>(List.of(JdkStreams.objectOf(className), JdkStreams.personHolding(className),
				JdkStreams.arrayOf(className, 1), JdkStreams.classOf(className), JdkStreams.proxyOf(className)));
		if (className.equals(Gadgets.ThrowableProbe.class.getName())) {
			values.add(JdkStreams.written(new Gadgets.ThrowableProbe()));
		}
		return values;
	}

}
