package org.redisbench.objectreading.objects;

import org.springframework.data.redis.serializer.GenericJacksonJsonRedisSerializer;
import org.springframework.data.redis.serializer.SerializationException;

/**
 * {@code jackson-typed}: Spring Data Redis 4's {@link GenericJacksonJsonRedisSerializer}, JSON with the class
 * of every non-final value in an {@code @class} property, so that a value is read back without knowing its
 * type (Spring Data Redis 3's {@code GenericJackson2JsonRedisSerializer} writes the same format with Jackson 2).
 * Built as an application would for a cache or a session: default typing on, Spring Cache's {@code NullValue}
 * supported, Spring Security's modules registered when the user's classpath holds them.
 * <p>
 * Its type validator lets every class through: it reads back only bytes it wrote itself, from values the
 * advisor has already decoded under its own filter.
 */
public final class JacksonTypedObjectCodec implements ObjectCodec {

	public static final String ID = "jackson-typed";

	private final GenericJacksonJsonRedisSerializer serializer;

	JacksonTypedObjectCodec(ClassLoader loader) {
		this.serializer = GenericJacksonJsonRedisSerializer.builder()
			.enableUnsafeDefaultTyping()
			.enableSpringCacheNullValueSupport()
			.customize((builder) -> JacksonObjectCodec.configure(builder, loader)
				.addModules(SpringSecurityModules.jackson3(loader)))
			.build();
	}

	@Override
	public String id() {
		return ID;
	}

	@Override
	public byte[] encode(Object value) throws CannotCarry {
		try {
			return this.serializer.serialize(value);
		}
		catch (SerializationException ex) {
			throw new CannotCarry(Reasons.of(ex), ex);
		}
	}

	@Override
	public Object decode(byte[] bytes, Class<?> type) throws CannotCarry {
		try {
			return this.serializer.deserialize(bytes);
		}
		catch (SerializationException ex) {
			throw new CannotCarry(Reasons.of(ex), ex);
		}
	}

}
