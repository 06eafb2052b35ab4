package org.redisbench.valueformat.objects;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InvalidClassException;
import java.io.ObjectStreamClass;

import org.springframework.core.ConfigurableObjectInputStream;
import org.springframework.data.redis.serializer.JdkSerializationRedisSerializer;
import org.springframework.data.redis.serializer.RedisSerializer;
import org.springframework.data.redis.serializer.SerializationException;

/**
 * Java serialization written as Spring's {@link JdkSerializationRedisSerializer} writes it, byte for byte, and read
 * within an {@link AllowList}: each class the stream names is checked by name before it is loaded, and what the
 * stream builds besides (a {@code readResolve}'s result, the arrays a collection's {@code readObject} sizes) by an
 * {@code ObjectInputFilter} of the list, so a value naming any other class is refused before that class is built.
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
		try (Input in = new Input(bytes)) {
			return in.readObject();
		}
		catch (NotAllowed ex) {
			throw new SerializationException(ex.getMessage(), ex);
		}
		catch (IOException | ClassNotFoundException ex) {
			throw new SerializationException("not JDK serialization of the allowed classes (" + this.allowed + "): "
					+ ex.getMessage(), ex);
		}
	}

	private final class Input extends ConfigurableObjectInputStream {

		Input(byte[] bytes) throws IOException {
			super(new ByteArrayInputStream(bytes), AllowListJdkSerializer.this.loader);
			setObjectInputFilter(AllowListJdkSerializer.this.allowed.filter());
		}

		@Override
		protected Class<?> resolveClass(ObjectStreamClass descriptor) throws IOException, ClassNotFoundException {
			if (!AllowListJdkSerializer.this.allowed.allows(descriptor.getName())) {
				throw new NotAllowed(descriptor.getName() + " is not in the allow list ("
						+ AllowListJdkSerializer.this.allowed + ")");
			}
			return super.resolveClass(descriptor);
		}

	}

	/** A class the stream names that the list refuses: the whole reason, in one line. */
	private static final class NotAllowed extends InvalidClassException {

		private static final long serialVersionUID = 1L;

		NotAllowed(String reason) {
			super(reason);
		}

	}

}
