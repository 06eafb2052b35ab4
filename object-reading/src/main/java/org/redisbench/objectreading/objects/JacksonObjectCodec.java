package org.redisbench.objectreading.objects;

import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.cfg.MapperBuilder;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.type.TypeFactory;
import tools.jackson.dataformat.cbor.CBORMapper;
import tools.jackson.dataformat.smile.SmileMapper;

/**
 * Jackson 3 with the class known when reading, no type property in the value: what Spring Data Redis's
 * {@code JacksonJsonRedisSerializer<T>} for one type stores, in JSON ({@code jackson}), or in Jackson's binary
 * formats Smile ({@code smile}) and CBOR ({@code cbor}). Jackson's defaults, as Spring Boot's mapper starts from
 * (properties through getters and setters or creators; {@code java.time} as ISO text), with the user's class
 * loader. A property declared as an interface or {@code Object} needs type information this codec does not
 * write, and a class without a default constructor or creator cannot be built: such a value comes back changed
 * or not at all, which is the point of measuring it. Spring Security's modules are not registered here: they
 * bring type information with them ({@code jackson-typed} has them).
 */
public final class JacksonObjectCodec implements ObjectCodec {

	static final String JSON = "jackson";

	static final String SMILE = "smile";

	static final String CBOR = "cbor";

	private final String id;

	private final ObjectMapper mapper;

	private JacksonObjectCodec(String id, ObjectMapper mapper) {
		this.id = id;
		this.mapper = mapper;
	}

	static JacksonObjectCodec json(ClassLoader loader) {
		return new JacksonObjectCodec(JSON, configure(JsonMapper.builder(), loader).build());
	}

	static JacksonObjectCodec smile(ClassLoader loader) {
		return new JacksonObjectCodec(SMILE, configure(SmileMapper.builder(), loader).build());
	}

	static JacksonObjectCodec cbor(ClassLoader loader) {
		return new JacksonObjectCodec(CBOR, configure(CBORMapper.builder(), loader).build());
	}

	/** The user's class loader for the classes Jackson names. */
	static <B extends MapperBuilder<?, ?>> B configure(B builder, ClassLoader loader) {
		builder.typeFactory(TypeFactory.createDefaultInstance().withClassLoader(loader));
		return builder;
	}

	@Override
	public String id() {
		return this.id;
	}

	@Override
	public byte[] encode(Object value) throws CannotCarry {
		try {
			return this.mapper.writeValueAsBytes(value);
		}
		catch (RuntimeException | StackOverflowError ex) {
			throw new CannotCarry(Reasons.of(ex), ex);
		}
	}

	@Override
	public Object decode(byte[] bytes, Class<?> type) throws CannotCarry {
		try {
			return this.mapper.readValue(bytes, type);
		}
		catch (RuntimeException | StackOverflowError ex) {
			throw new CannotCarry(Reasons.of(ex), ex);
		}
	}

}
