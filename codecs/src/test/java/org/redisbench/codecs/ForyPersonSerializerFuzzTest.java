package org.redisbench.codecs;

import java.util.List;

import org.apache.fory.Fory;
import org.apache.fory.config.Language;
import org.redisbench.person.Person;
import org.redisbench.test.DecoderFuzzContractTest;
import org.redisbench.test.Gadgets;

import org.springframework.data.redis.serializer.RedisSerializer;

class ForyPersonSerializerFuzzTest extends DecoderFuzzContractTest {

	private final ForyPersonSerializer serializer = new ForyPersonSerializer();

	@Override
	protected RedisSerializer<Person> codec() {
		return this.serializer;
	}

	/**
	 * Fory's reference flags (null, ref, not-null value, ref value), varint continuation bytes, a five-byte
	 * varint, and short string headers.
	 */
	@Override
	protected List<byte[]> tokens() {
		return List.of(bytes(0xFD), bytes(0xFE), bytes(0xFF), bytes(0x00), bytes(0x80), bytes(0xFF, 0xFF, 0xFF, 0xFF, 0x0F),
				bytes(0x04, 0x41), bytes(0x06, 0x41, 0x42), bytes(0x01), bytes(0x02));
	}

	/**
	 * The name as Fory writes a class it follows by name: written by a Fory of the reader's format that does
	 * not require registration, for the probe its real class, for the others the probe registered under their name.
	 */
	@Override
	protected List<byte[]> valuesNaming(String className) {
		// The reader's format, but following names.
		Fory followsNames = Fory.builder()
			.withLanguage(Language.JAVA)
			.withRefTracking(false)
			.withCompatible(false)
			.requireClassRegistration(false)
			.build();
		if (!className.equals(Gadgets.Probe.class.getName())) {
			followsNames.register(Gadgets.Probe.class, className);
		}
		return List.of(followsNames.serialize(new Gadgets.Probe()));
	}

}
