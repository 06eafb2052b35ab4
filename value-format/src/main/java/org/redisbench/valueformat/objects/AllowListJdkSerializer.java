package org.redisbench.valueformat.objects;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.ObjectInputStream;

import org.springframework.data.redis.serializer.JdkSerializationRedisSerializer;
import org.springframework.data.redis.serializer.RedisSerializer;
import org.springframework.data.redis.serializer.SerializationException;

/**
 * Java serialization written as Spring's {@link JdkSerializationRedisSerializer} writes it, byte for byte, and read
 * within an {@link AllowList} ({@link AllowListObjectInputStream}): a value naming any other class is refused before
 * that class is loaded or built.
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
		try (ObjectInputStream in = new AllowListObjectInputStream(new ByteArrayInputStream(bytes), this.loader,
				this.allowed)) {
			return in.readObject();
		}
		catch (AllowListObjectInputStream.NotAllowed ex) {
			throw new SerializationException(ex.getMessage(), ex);
		}
		catch (IOException | ClassNotFoundException ex) {
			throw new SerializationException("not JDK serialization of the allowed classes (" + this.allowed + "): "
					+ ex.getMessage(), ex);
		}
	}

}
