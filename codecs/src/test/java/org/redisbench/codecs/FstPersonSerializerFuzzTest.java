package org.redisbench.codecs;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Tag;
import org.nustaq.serialization.FSTConfiguration;
import org.redisbench.person.Person;
import org.redisbench.person.PersonFactory;
import org.redisbench.test.DecoderFuzzContractTest;
import org.redisbench.test.Gadgets;

import org.springframework.data.redis.serializer.RedisSerializer;

@Tag("fst")
class FstPersonSerializerFuzzTest extends DecoderFuzzContractTest {

	private final FstPersonSerializer serializer = new FstPersonSerializer();

	@Override
	protected RedisSerializer<Person> codec() {
		return this.serializer;
	}

	/**
	 * FST's object tags (object, null, string, typed, direct object, array, enum, handle, big int and long,
	 * one-of), a class id written long, its short-int and int length markers, and a string of one character.
	 */
	@Override
	protected List<byte[]> tokens() {
		return List.of(bytes(0x00), bytes(0xFF), bytes(0xFC), bytes(0xFD), bytes(0xFE), bytes(0xFB), bytes(0xFA),
				bytes(0xF9), bytes(0xF7), bytes(0xF6), bytes(0xEE), bytes(0xFF, 0x03, 0x00), bytes(0x80), bytes(0x81),
				bytes(0xFC, 0x01, 0x41));
	}

	/**
	 * A class name as FST writes one (object tag, class id 0, the name), then a person's fields; the same name
	 * with FST's {@code _Struct} suffix, which makes FST generate a proxy class; and, for the probe, the value
	 * an FST configuration that does not register it really writes.
	 */
	@Override
	protected List<byte[]> valuesNaming(String className) {
		// A person's value past its object tag and class id.
		byte[] valid = this.serializer.serialize(PersonFactory.create(1));
		byte[] fields = Arrays.copyOfRange(valid, 2, valid.length);
		List<byte[]> values = new ArrayList<>(
				List.of(named(className, fields), named(className + "_Struct", fields)));
		if (className.equals(Gadgets.Probe.class.getName())) {
			FSTConfiguration followsNames = FSTConfiguration.createStructConfiguration();
			followsNames.setStructMode(false);
			followsNames.setForceSerializable(true);
			values.add(followsNames.asByteArray(new Gadgets.Probe()));
		}
		return values;
	}

	/** The object tag, class id 0 (a name follows), the name as FST's UTF string (length, then a byte a char). */
	private static byte[] named(String className, byte[] fields) {
		byte[] name = className.getBytes(StandardCharsets.ISO_8859_1);
		byte[] value = new byte[3 + name.length + fields.length];
		value[2] = (byte) name.length;
		System.arraycopy(name, 0, value, 3, name.length);
		System.arraycopy(fields, 0, value, 3 + name.length, fields.length);
		return value;
	}

}
