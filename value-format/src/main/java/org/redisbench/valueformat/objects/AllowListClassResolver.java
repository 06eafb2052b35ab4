package org.redisbench.valueformat.objects;

import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.Registration;
import com.esotericsoftware.kryo.util.DefaultClassResolver;

/**
 * Kryo's class resolver, refusing a class outside an {@link AllowList} when it is first met unregistered: the step
 * between reading a class name from a value and building an instance of it. Classes registered by name are allowed by
 * being registered.
 */
final class AllowListClassResolver extends DefaultClassResolver {

	private final AllowList allowed;

	AllowListClassResolver(AllowList allowed) {
		this.allowed = allowed;
	}

	@Override
	public Registration registerImplicit(Class type) {
		if (!this.allowed.allows(type)) {
			throw new KryoException(type.getName() + " is not in the allow list (" + this.allowed + ")");
		}
		return super.registerImplicit(type);
	}

}
