package org.redisbench.valueformat.objects;

import java.util.List;
import java.util.function.Supplier;

import org.apache.fory.Fory;
import org.redisbench.valueformat.InstancePool;

import org.springframework.data.redis.serializer.RedisSerializer;
import org.springframework.data.redis.serializer.SerializationException;

/**
 * A user's objects as Apache Fory bytes, set up by {@link ObjectFory}; safe for many threads (a Fory is not: each
 * call borrows one from a pool).
 */
public final class ForyObjectSerializer implements RedisSerializer<Object> {

	private static final byte[] EMPTY = new byte[0];

	private final InstancePool<Fory> pool;

	/** @param registrations the classes registered, in order; empty for {@code fory} */
	public ForyObjectSerializer(ClassLoader loader, List<Class<?>> registrations) {
		this(fories(loader, List.copyOf(registrations)));
	}

	/** @param fories makes each pooled Fory, as {@link ObjectFory} sets it up */
	public ForyObjectSerializer(Supplier<Fory> fories) {
		this.pool = new InstancePool<>(fories);
	}

	private static Supplier<Fory> fories(ClassLoader loader, List<Class<?>> classes) {
		return () -> ObjectFory.create(loader, classes);
	}

	@Override
	public byte[] serialize(Object value) {
		if (value == null) {
			return EMPTY;
		}
		Fory fory = this.pool.obtain();
		try {
			return fory.serialize(value);
		}
		catch (RuntimeException | StackOverflowError ex) {
			throw new SerializationException("Fory cannot write a " + value.getClass().getName() + ": "
					+ ex.getMessage(), ex);
		}
		finally {
			this.pool.free(fory);
		}
	}

	@Override
	public Object deserialize(byte[] bytes) {
		if (bytes == null || bytes.length == 0) {
			return null;
		}
		Fory fory = this.pool.obtain();
		try {
			return fory.deserialize(bytes);
		}
		catch (RuntimeException | StackOverflowError ex) {
			throw new SerializationException("not Fory bytes of these classes: " + ex.getMessage(), ex);
		}
		finally {
			this.pool.free(fory);
		}
	}

}
