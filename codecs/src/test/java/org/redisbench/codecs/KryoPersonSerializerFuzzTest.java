package org.redisbench.codecs;

import java.util.List;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Output;
import org.redisbench.person.Person;
import org.redisbench.person.PersonFactory;
import org.redisbench.test.DecoderFuzzContractTest;
import org.redisbench.test.Gadgets;

import org.springframework.data.redis.serializer.RedisSerializer;

class KryoPersonSerializerFuzzTest extends DecoderFuzzContractTest {

	private final RedisSerializer<Person> serializer = serializer();

	/** The Kryo serializer under test; a subclass tests another registration of the same reader. */
	protected RedisSerializer<Person> serializer() {
		return new KryoPersonSerializer();
	}

	@Override
	protected RedisSerializer<Person> codec() {
		return this.serializer;
	}

	/** A null string, an empty one, a one-character ASCII string, a UTF-8 header, varint continuation bytes. */
	@Override
	protected List<byte[]> tokens() {
		return List.of(bytes(0x80), bytes(0x81), bytes(0xE1), bytes(0x82, 0x41), bytes(0xFF, 0x01), bytes(0x00),
				bytes(0x01, 0x00));
	}

	/**
	 * A value as a Kryo that follows class names would write it: the class written by name
	 * ({@code DefaultClassResolver.writeName}), then its fields. For the probe, a real Kryo writes it; the
	 * other gadgets cannot be built here, so their name stands before a person's fields.
	 */
	@Override
	protected List<byte[]> valuesNaming(String className) {
		Output named = new Output(256, -1);
		named.writeByte(1);
		named.writeVarInt(0, true);
		named.writeString(className);
		byte[] nameOnly = named.toBytes();
		named.writeBytes(this.serializer.serialize(PersonFactory.create(1)));
		if (!className.equals(Gadgets.Probe.class.getName())) {
			return List.of(nameOnly, named.toBytes());
		}
		Kryo followsNames = new Kryo();
		followsNames.setRegistrationRequired(false);
		Output written = new Output(256, -1);
		followsNames.writeClassAndObject(written, new Gadgets.Probe());
		return List.of(nameOnly, named.toBytes(), written.toBytes());
	}

}
