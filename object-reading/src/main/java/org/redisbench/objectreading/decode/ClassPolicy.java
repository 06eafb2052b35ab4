package org.redisbench.objectreading.decode;

import org.redisbench.valueformat.objects.AllowList;

/**
 * The {@link AllowList} the readers decide by, and the user's class loader as the list guards it: what the JDK
 * stream's filter and the typed JSON's type validator ask, and the loader a library that looks classes up by name is
 * given.
 */
public final class ClassPolicy {

	private final AllowList allow;

	private final ClassLoader guarded;

	/** @param loader the user's classes */
	public ClassPolicy(AllowList allow, ClassLoader loader) {
		this.allow = allow;
		this.guarded = new Guarded(loader);
	}

	/**
	 * The user's loader as seen through the list: a class it refuses is not found, so that a library that looks
	 * classes up by name before it validates them (Jackson resolving a generic type id's parameters) cannot load one.
	 */
	public ClassLoader guardedLoader() {
		return this.guarded;
	}

	public AllowList allowList() {
		return this.allow;
	}

	private final class Guarded extends ClassLoader {

		static {
			registerAsParallelCapable();
		}

		Guarded(ClassLoader user) {
			super("allow-list", user);
		}

		@Override
		protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
			if (!ClassPolicy.this.allow.allows(name)) {
				throw new ClassNotFoundException(name + " is not allowed");
			}
			return super.loadClass(name, resolve);
		}

	}

}
