package org.redisbench.objectreading.decode;

/**
 * Which classes the readers may build: the user's {@code --allow} list and the {@link JdkValueTypes}, arrays of
 * either, and arrays of primitives. One definition for the JDK stream's filter and the typed JSON's type validator,
 * decided by name where it can be, so that a refused class is not even loaded.
 */
public final class ClassPolicy {

	private final AllowList allow;

	private final ClassLoader loader;

	private final ClassLoader guarded;

	/** @param loader the user's classes, where a JDK name the list does not hold is looked up (an enum of the JDK) */
	public ClassPolicy(AllowList allow, ClassLoader loader) {
		this.allow = allow;
		this.loader = loader;
		this.guarded = new Guarded(loader);
	}

	/**
	 * The user's loader as seen through this policy: a class it refuses is not found, so that a library that looks
	 * classes up by name before it validates them (Jackson resolving a generic type id's parameters) cannot load one.
	 */
	public ClassLoader guardedLoader() {
		return this.guarded;
	}

	public AllowList allowList() {
		return this.allow;
	}

	/**
	 * Whether a class of this binary name may be built: {@code com.acme.Cart}, {@code [Lcom.acme.Cart;},
	 * {@code [[I}. Only a name under {@code java.} the list does not hold is loaded, uninitialised, to see whether it
	 * is an enum; no other refused class is loaded.
	 */
	public boolean allows(String name) {
		String component = componentName(name);
		if (component == null) {
			return true;
		}
		if (JdkValueTypes.named(component) || this.allow.allows(component)) {
			return true;
		}
		if (!component.startsWith("java.")) {
			return false;
		}
		try {
			return JdkValueTypes.isJdkEnum(Class.forName(component, false, this.loader));
		}
		catch (ClassNotFoundException | LinkageError ex) {
			return false;
		}
	}

	/** The same rule for a class already loaded (what an {@code ObjectInputFilter} is shown). */
	public boolean allows(Class<?> type) {
		Class<?> component = type;
		while (component.isArray()) {
			component = component.getComponentType();
		}
		return component.isPrimitive() || JdkValueTypes.isJdkEnum(component) || allows(component.getName());
	}

	/** The class an array name holds ({@code [Lx.Y;} gives {@code x.Y}); {@code null} for an array of primitives. */
	private static String componentName(String name) {
		int dimensions = 0;
		while (dimensions < name.length() && name.charAt(dimensions) == '[') {
			dimensions++;
		}
		if (dimensions == 0 || dimensions == name.length()) {
			return name;
		}
		char code = name.charAt(dimensions);
		if (code == 'L' && name.endsWith(";") && name.length() > dimensions + 2) {
			return name.substring(dimensions + 1, name.length() - 1);
		}
		// a malformed name is returned whole: no list holds it
		return name.length() == dimensions + 1 && "ZBCSIJFD".indexOf(code) >= 0 ? null : name;
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
			if (!allows(name)) {
				throw new ClassNotFoundException(name + " is not allowed");
			}
			return super.loadClass(name, resolve);
		}

	}

}
