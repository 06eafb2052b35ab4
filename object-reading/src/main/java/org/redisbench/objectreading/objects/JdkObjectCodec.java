package org.redisbench.objectreading.objects;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InvalidClassException;
import java.io.NotSerializableException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;

import org.redisbench.valueformat.objects.ObjectFormat;

/**
 * {@code jdk}: Java serialization, what Spring Data Redis's {@code JdkSerializationRedisSerializer} (the default
 * of {@code RedisTemplate}, Spring Cache and Spring Session) stores: the values as they are stored today.
 * <p>
 * It reads back only bytes it wrote itself from values already decoded (and filtered) by the advisor, with the
 * user's class loader, so it sets no {@code ObjectInputFilter} of its own.
 */
public final class JdkObjectCodec implements ObjectCodec {

	public static final String ID = ObjectFormat.JDK_ID;

	private final ClassLoader loader;

	JdkObjectCodec(ClassLoader loader) {
		this.loader = loader;
	}

	@Override
	public String id() {
		return ID;
	}

	@Override
	public boolean carriesCycles() {
		return ObjectFormat.JDK.carriesCycles();
	}

	@Override
	public boolean carriesLambdas() {
		return ObjectFormat.JDK.carriesLambdas();
	}

	@Override
	public byte[] encode(Object value) throws CannotCarry {
		ByteArrayOutputStream bytes = new ByteArrayOutputStream(256);
		try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
			out.writeObject(value);
		}
		catch (NotSerializableException ex) {
			throw new CannotCarry("not Serializable: " + ex.getMessage(), ex);
		}
		catch (IOException | RuntimeException ex) {
			throw new CannotCarry(Reasons.of(ex), ex);
		}
		return bytes.toByteArray();
	}

	@Override
	public Object decode(byte[] bytes, Class<?> type) throws CannotCarry {
		try (ObjectInputStream in = new LoaderObjectInputStream(bytes, this.loader)) {
			return in.readObject();
		}
		catch (InvalidClassException ex) {
			throw new CannotCarry("cannot read back " + ex.classname + ": " + Reasons.of(ex), ex);
		}
		catch (IOException | ClassNotFoundException | RuntimeException ex) {
			throw new CannotCarry(Reasons.of(ex), ex);
		}
	}

	/** Resolves the stream's classes with the user's class loader, not the advisor's. */
	private static final class LoaderObjectInputStream extends ObjectInputStream {

		private final ClassLoader loader;

		LoaderObjectInputStream(byte[] bytes, ClassLoader loader) throws IOException {
			super(new ByteArrayInputStream(bytes));
			this.loader = loader;
		}

		@Override
		protected Class<?> resolveClass(ObjectStreamClass description) throws IOException, ClassNotFoundException {
			try {
				return Class.forName(description.getName(), false, this.loader);
			}
			catch (ClassNotFoundException ex) {
				return super.resolveClass(description);
			}
		}

	}

}
