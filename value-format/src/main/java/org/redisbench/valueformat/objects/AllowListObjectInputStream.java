package org.redisbench.valueformat.objects;

import java.io.IOException;
import java.io.InputStream;
import java.io.InvalidClassException;
import java.io.ObjectStreamClass;

import org.springframework.core.ConfigurableObjectInputStream;

/**
 * A JDK serialization stream read within an {@link AllowList}: each class the stream names is checked by name before
 * it is loaded (from the given loader, uninitialised), and what the stream builds besides (a {@code readResolve}'s
 * result, the arrays a collection's {@code readObject} sizes) by the list's {@code ObjectInputFilter}, so no class
 * outside the list is built.
 */
final class AllowListObjectInputStream extends ConfigurableObjectInputStream {

	private final AllowList allowed;

	AllowListObjectInputStream(InputStream in, ClassLoader loader, AllowList allowed) throws IOException {
		super(in, loader);
		this.allowed = allowed;
		setObjectInputFilter(allowed.filter());
	}

	@Override
	protected Class<?> resolveClass(ObjectStreamClass descriptor) throws IOException, ClassNotFoundException {
		if (!this.allowed.allows(descriptor.getName())) {
			throw new NotAllowed(descriptor.getName() + " is not in the allow list (" + this.allowed + ")");
		}
		return super.resolveClass(descriptor);
	}

	/** A class the stream names that the list refuses: the whole reason, in one line. */
	static final class NotAllowed extends InvalidClassException {

		private static final long serialVersionUID = 1L;

		NotAllowed(String reason) {
			super(reason);
		}

	}

}
