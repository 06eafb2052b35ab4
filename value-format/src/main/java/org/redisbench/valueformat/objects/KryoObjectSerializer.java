package org.redisbench.valueformat.objects;

import java.util.List;
import java.util.function.Supplier;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import org.redisbench.valueformat.InstancePool;

import org.springframework.data.redis.serializer.RedisSerializer;
import org.springframework.data.redis.serializer.SerializationException;

/**
 * A user's objects as Kryo bytes, with the class written in each value ({@code writeClassAndObject}), set up by
 * {@link ObjectKryo}; safe for many threads (a Kryo is not: each call borrows one from a pool).
 */
public final class KryoObjectSerializer implements RedisSerializer<Object> {

	private static final byte[] EMPTY = new byte[0];

	private record Worker(Kryo kryo, Output output, Input input) {
	}

	private final InstancePool<Worker> pool;

	/** @param registrations the classes registered, in order; empty for {@code kryo} */
	public KryoObjectSerializer(ClassLoader loader, List<Class<?>> registrations) {
		this(kryos(loader, List.copyOf(registrations)));
	}

	/** @param kryos makes each pooled Kryo, as {@link ObjectKryo} sets it up */
	public KryoObjectSerializer(Supplier<Kryo> kryos) {
		this.pool = new InstancePool<>(() -> new Worker(kryos.get(), new Output(4096, ObjectKryo.MAX_BYTES), new Input()));
	}

	private static Supplier<Kryo> kryos(ClassLoader loader, List<Class<?>> classes) {
		return () -> ObjectKryo.create(loader, classes);
	}

	@Override
	public byte[] serialize(Object value) {
		if (value == null) {
			return EMPTY;
		}
		Worker worker = this.pool.obtain();
		try {
			worker.output().reset();
			worker.kryo().writeClassAndObject(worker.output(), value);
			return worker.output().toBytes();
		}
		catch (RuntimeException | StackOverflowError ex) {
			throw new SerializationException("Kryo cannot write a " + value.getClass().getName() + ": "
					+ ex.getMessage(), ex);
		}
		finally {
			this.pool.free(worker);
		}
	}

	@Override
	public Object deserialize(byte[] bytes) {
		if (bytes == null || bytes.length == 0) {
			return null;
		}
		Worker worker = this.pool.obtain();
		try {
			worker.input().setBuffer(bytes);
			return worker.kryo().readClassAndObject(worker.input());
		}
		catch (RuntimeException | StackOverflowError ex) {
			throw new SerializationException("not Kryo bytes of these classes: " + ex.getMessage(), ex);
		}
		finally {
			// a buffer left in a pooled Input would keep the value alive
			worker.input().setBuffer(EMPTY);
			this.pool.free(worker);
		}
	}

}
