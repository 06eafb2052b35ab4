package org.redisbench.objectreading.objects;

import java.util.List;

import org.apache.fory.Fory;
import org.redisbench.valueformat.objects.ObjectFormat;
import org.redisbench.valueformat.objects.ObjectFory;

/**
 * Apache Fory in its Java-native format, set up by codecs' {@link ObjectFory} (as the migrator writes and an
 * application reads this format) as this project's codecs module sets it for a person
 * ({@code ForyPersonSerializer}): references off, schema-consistent rather than Fory's default compatible mode
 * (which writes every field's name and type into every value), Fory's defaults otherwise; the user's class
 * loader. The person codec's input limits (depth 2, 64 KiB) fit a person only and are left at Fory's defaults.
 * <ul>
 * <li>{@code fory}: registration not required, every class written by name.</li>
 * <li>{@code fory-registered}: the classes the sample holds registered, sorted by name
 * ({@link Registrations#of}), so that a value carries ids and not names.</li>
 * </ul>
 * One instance serves one thread, as {@link KryoObjectCodec}.
 */
public final class ForyObjectCodec implements ObjectCodec {

	public static final String ID = ObjectFormat.FORY_ID;

	static final String REGISTERED = ObjectFormat.FORY_REGISTERED_ID;

	private final String id;

	private final Fory fory;

	private ForyObjectCodec(String id, ClassLoader loader, List<Class<?>> registrations) {
		this.id = id;
		this.fory = ObjectFory.create(loader, registrations);
	}

	static ForyObjectCodec unregistered(ClassLoader loader) {
		return new ForyObjectCodec(ID, loader, List.of());
	}

	static ForyObjectCodec registered(ClassLoader loader, List<Class<?>> registrations) {
		return new ForyObjectCodec(REGISTERED, loader, registrations);
	}

	@Override
	public String id() {
		return this.id;
	}

	@Override
	public boolean carriesLambdas() {
		return ObjectFormat.FORY.carriesLambdas();
	}

	@Override
	public byte[] encode(Object value) throws CannotCarry {
		try {
			return this.fory.serialize(value);
		}
		catch (RuntimeException | StackOverflowError ex) {
			throw new CannotCarry(Reasons.of(ex), ex);
		}
	}

	@Override
	public Object decode(byte[] bytes, Class<?> type) throws CannotCarry {
		try {
			return this.fory.deserialize(bytes);
		}
		catch (RuntimeException | StackOverflowError ex) {
			throw new CannotCarry(Reasons.of(ex), ex);
		}
	}

}
