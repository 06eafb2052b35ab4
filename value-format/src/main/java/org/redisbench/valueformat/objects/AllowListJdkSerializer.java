package org.redisbench.valueformat.objects;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.ObjectInputStream;

import org.springframework.core.ConfigurableObjectInputStream;
import org.springframework.data.redis.serializer.JdkSerializationRedisSerializer;
import org.springframework.data.redis.serializer.RedisSerializer;
import org.springframework.data.redis.serializer.SerializationException;

/**
 * Java serialization written as Spring's {@link JdkSerializationRedisSerializer} writes it, byte for byte, and read
 * through an {@code ObjectInputFilter} of an {@link AllowList}: a value naming any other class is refused before that
 * class is built.
 */
public final class AllowListJdkSerializer implements RedisSerializer<Object> {

	private final JdkSerializationRedisSerializer writer;

	private final ClassLoader loader;

	private final AllowList allowed;

	public AllowListJdkSerializer(ClassLoader loader, AllowList allowed) {
		this.writer = new JdkSerializationRedisSerializer(loader);
		this.loader = loader;
		this.allowed = allowed;
	}

	@Override
	public byte[] serialize(Object value) {
		return this.writer.serialize(value);
	}

	@Override
	public Object deserialize(byte[] bytes) {
		if (bytes == null || bytes.length == 0) {
			return null;
		}
		try (ObjectInputStream in = new ConfigurableObjectInputStream(new ByteArrayInputStream(bytes), this.loader)) {
			in.setObjectInputFilter(this.allowed.filter());
			return in.readObject();
		}
		catch (IOException | ClassNotFoundException ex) {
			throw new SerializationException("not JDK serialization of the allowed classes (" + this.allowed + "): "
					+ ex.getMessage(), ex);
		}
	}

}
