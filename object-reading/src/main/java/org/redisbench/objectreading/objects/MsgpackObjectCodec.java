package org.redisbench.objectreading.objects;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jdk8.Jdk8Module;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import org.msgpack.jackson.dataformat.MessagePackFactory;

/**
 * {@code msgpack}: MessagePack through Jackson with the class known when reading, as {@code smile} and
 * {@code cbor}. msgpack-java's Jackson module has no release for Jackson 3, so this one runs on Jackson 2 (at
 * the version Spring Boot manages) with the {@code java.time} and {@code Optional} modules Jackson 3 has built
 * in, and dates and durations as ISO text as Jackson 3 and Spring Boot's Jackson 2 mapper write them (Jackson 2's
 * own default, seconds as a decimal number, is a {@code BigDecimal} MessagePack cannot hold); Jackson 2's defaults
 * otherwise. MessagePack has no decimal type: a {@code BigDecimal} goes as a double, so its scale is lost.
 */
public final class MsgpackObjectCodec implements ObjectCodec {

	static final String ID = "msgpack";

	private final ObjectMapper mapper;

	MsgpackObjectCodec(ClassLoader loader) {
		this.mapper = new ObjectMapper(new MessagePackFactory())
			.registerModule(new JavaTimeModule())
			.registerModule(new Jdk8Module())
			.disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS, SerializationFeature.WRITE_DURATIONS_AS_TIMESTAMPS);
		// the modules' own type modifiers (Optional as a reference type) kept: the factory they changed, with the loader
		this.mapper.setTypeFactory(this.mapper.getTypeFactory().withClassLoader(loader));
	}

	@Override
	public String id() {
		return ID;
	}

	@Override
	public byte[] encode(Object value) throws CannotCarry {
		try {
			return this.mapper.writeValueAsBytes(value);
		}
		catch (java.io.IOException | RuntimeException | StackOverflowError ex) {
			throw new CannotCarry(Reasons.of(ex), ex);
		}
	}

	@Override
	public Object decode(byte[] bytes, Class<?> type) throws CannotCarry {
		try {
			return this.mapper.readValue(bytes, type);
		}
		catch (java.io.IOException | RuntimeException | StackOverflowError ex) {
			throw new CannotCarry(Reasons.of(ex), ex);
		}
	}

}
