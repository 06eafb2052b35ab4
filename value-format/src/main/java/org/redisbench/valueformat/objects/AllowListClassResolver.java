package org.redisbench.valueformat.objects;

import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.Registration;
import com.esotericsoftware.kryo.util.DefaultClassResolver;

/**
 * Kryo's class resolver, refusing a class outside an {@link AllowList}: a class name read from a value before the
 * class is loaded, and a class met unregistered, written or read, before an instance of it is built. Classes
 * registered by id are allowed by being registered.
 */
final class AllowListClassResolver extends DefaultClassResolver {

	private final AllowList allowed;

	AllowListClassResolver(AllowList allowed) {
		this.allowed = allowed;
	}

	@Override
	protected Class<?> getTypeByName(String className) {
		if (!this.allowed.allows(className)) {
			throw notAllowed(className);
		}
		return super.getTypeByName(className);
	}

	@Override
	public Registration registerImplicit(Class type) {
		if (!this.allowed.allows(type)) {
			throw notAllowed(type.getName());
		}
		return super.registerImplicit(type);
	}

	private KryoException notAllowed(String className) {
		return new KryoException(className + " is not in the allow list (" + this.allowed + ")");
	}

}
