package org.redisbench.objectreading.decode;

import org.redisbench.objectreading.objects.Reasons;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InvalidClassException;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.io.ObjectStreamClass;
import java.util.Map;

import org.redisbench.valueformat.objects.AllowList;

/**
 * Reads a JDK serialization stream (what Spring's {@code JdkSerializationRedisSerializer} writes) into an object,
 * safely: every class the stream names is checked by the {@link AllowList} before it is loaded, and again by an
 * {@link ObjectInputFilter} (with the {@link StreamLimits}) before anything is built, so no {@code readObject},
 * {@code readResolve} or constructor of a class outside the list runs; dynamic proxies are refused. Classes come
 * from the user's class loader, uninitialised until the stream builds one.
 */
public final class JdkReader {

	/** What {@link ObjectInputStream#resolveClass} knows by name without a loader. */
	private static final Map<String, Class<?>> PRIMITIVES = Map.of("boolean", boolean.class, "byte", byte.class,
			"char", char.class, "short", short.class, "int", int.class, "long", long.class, "float", float.class,
			"double", double.class, "void", void.class);

	private final AllowList allowed;

	private final ClassLoader loader;

	private final StreamLimits limits;

	JdkReader(AllowList allowed, ClassLoader loader, StreamLimits limits) {
		this.allowed = allowed;
		this.loader = loader;
		this.limits = limits;
	}

	Outcome read(byte[] stream) {
		Input input = null;
		try {
			input = new Input(stream);
			Object value = input.readObject();
			// a readObject of an allowed class may have caught the refusal of what it holds: the value is not whole
			return input.refused != null ? new Outcome.Refused(input.refused)
					: input.overLimit != null ? new Outcome.Failed("over a limit: " + input.overLimit)
					: value == null ? new Outcome.Failed("the stream holds null") : new Outcome.Decoded(value);
		}
		catch (ClassNotFoundException ex) {
			return new Outcome.Missing(ex.getMessage());
		}
		catch (IOException | RuntimeException ex) {
			if (input != null && input.refused != null) {
				return new Outcome.Refused(input.refused);
			}
			if (input != null && input.overLimit != null) {
				return new Outcome.Failed("over a limit: " + input.overLimit);
			}
			return new Outcome.Failed(Reasons.of(ex));
		}
		finally {
			closeQuietly(input);
		}
	}

	private static void closeQuietly(ObjectInputStream input) {
		if (input == null) {
			return;
		}
		try {
			input.close();
		}
		catch (IOException ex) {
			// a stream over bytes in memory: nothing to release
		}
	}

	/** One stream: remembers the first class it refused, or the limit it passed, for the outcome. */
	private final class Input extends ObjectInputStream {

		String refused;

		String overLimit;

		Input(byte[] stream) throws IOException {
			super(new ByteArrayInputStream(stream));
			setObjectInputFilter(this::check);
		}

		@Override
		protected Class<?> resolveClass(ObjectStreamClass descriptor) throws IOException, ClassNotFoundException {
			String name = descriptor.getName();
			if (!JdkReader.this.allowed.allows(name)) {
				throw refuse(name);
			}
			try {
				return Class.forName(name, false, JdkReader.this.loader);
			}
			catch (ClassNotFoundException ex) {
				Class<?> primitive = PRIMITIVES.get(name);
				if (primitive != null) {
					return primitive;
				}
				throw ex;
			}
		}

		@Override
		protected Class<?> resolveProxyClass(String[] interfaces) throws IOException {
			throw refuse("a dynamic proxy of " + String.join(", ", interfaces));
		}

		private ObjectInputFilter.Status check(ObjectInputFilter.FilterInfo info) {
			String passed = JdkReader.this.limits.passed(info.depth(), info.references(), info.arrayLength(),
					info.streamBytes());
			if (passed != null) {
				this.overLimit = this.overLimit == null ? passed : this.overLimit;
				return ObjectInputFilter.Status.REJECTED;
			}
			Class<?> type = info.serialClass();
			if (type != null && !JdkReader.this.allowed.allows(type)) {
				refuse(type.getName());
				return ObjectInputFilter.Status.REJECTED;
			}
			return type == null ? ObjectInputFilter.Status.UNDECIDED : ObjectInputFilter.Status.ALLOWED;
		}

		private InvalidClassException refuse(String name) {
			if (this.refused == null) {
				this.refused = name;
			}
			return new InvalidClassException(name, "not allowed");
		}

	}

}
