package org.redisbench.objectreading.objects;

import java.util.List;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import org.redisbench.valueformat.objects.ObjectFormat;
import org.redisbench.valueformat.objects.ObjectKryo;

/**
 * Kryo 5, set up by codecs' {@link ObjectKryo} as Redisson's {@code Kryo5Codec} (the Kryo codec most Redis users of
 * Java run) sets it up, and as the migrator writes and an application reads these formats: the class written with
 * each value ({@code writeClassAndObject}), registration not required, references off (so a cycle cannot be
 * carried, and a shared object is written twice), a class without a no-argument constructor created through
 * Objenesis, the user's class loader.
 * <ul>
 * <li>{@code kryo}: nothing registered, every class written by name.</li>
 * <li>{@code kryo-registered}: the classes the sample holds registered first, sorted by name, so that an
 * application can register the same list in the same order and get the same ids ({@link #registrations}).</li>
 * </ul>
 * Kryo rebuilds a collection with {@code add} and a map with {@code put}, so the JDK's unmodifiable collections
 * cannot be carried without serializers of their own: such a value is reported, not fixed here. One instance
 * serves one thread (Kryo is not thread-safe), as the advisor and its benchmark use it.
 */
public final class KryoObjectCodec implements ObjectCodec {

	static final String ID = ObjectFormat.KRYO_ID;

	static final String REGISTERED = ObjectFormat.KRYO_REGISTERED_ID;

	private static final String TRACE = "Serialization trace:";

	private final String id;

	private final Kryo kryo;

	private final Output output = new Output(4096, ObjectKryo.MAX_BYTES);

	private final Input input = new Input();

	private KryoObjectCodec(String id, ClassLoader loader, List<Class<?>> registrations) {
		this.id = id;
		this.kryo = ObjectKryo.create(loader, registrations);
	}

	static KryoObjectCodec unregistered(ClassLoader loader) {
		return new KryoObjectCodec(ID, loader, List.of());
	}

	/** @param registrations the classes to register, in this order ({@link Registrations#of}) */
	static KryoObjectCodec registered(ClassLoader loader, List<Class<?>> registrations) {
		return new KryoObjectCodec(REGISTERED, loader, registrations);
	}

	@Override
	public String id() {
		return this.id;
	}

	@Override
	public byte[] encode(Object value) throws CannotCarry {
		try {
			this.output.reset();
			this.kryo.writeClassAndObject(this.output, value);
			return this.output.toBytes();
		}
		catch (RuntimeException | StackOverflowError ex) {
			throw new CannotCarry(reason(ex), ex);
		}
	}

	@Override
	public Object decode(byte[] bytes, Class<?> type) throws CannotCarry {
		try {
			this.input.setBuffer(bytes);
			return this.kryo.readClassAndObject(this.input);
		}
		catch (RuntimeException | StackOverflowError ex) {
			throw new CannotCarry(reason(ex), ex);
		}
	}

	/**
	 * Kryo's reason, with where it was: the innermost field of the "Serialization trace" Kryo appends. A
	 * collection that refuses {@code add} gets words of its own, since Kryo reports it by the exception's name.
	 */
	private static String reason(Throwable failure) {
		Throwable root = failure;
		while (root.getCause() != null && root.getCause() != root) {
			root = root.getCause();
		}
		String reason = root instanceof UnsupportedOperationException
				? "Kryo rebuilds a collection or map with add() or put(), which this one refuses: an unmodifiable or "
						+ "immutable collection needs a Kryo serializer of its own"
				: Reasons.of(failure);
		String message = failure.getMessage() == null ? "" : failure.getMessage();
		int trace = message.indexOf(TRACE);
		if (trace >= 0) {
			String[] lines = message.substring(trace + TRACE.length()).strip().split("\\R");
			if (lines.length > 0 && !lines[0].isBlank()) {
				reason += " (at " + lines[0].strip() + ")";
			}
		}
		return reason;
	}

}
