package org.redisbench.valueformat.objects;

import java.io.ObjectInputFilter;
import java.util.List;

/**
 * The classes a reader may build from a stored value's bytes, beside the JDK's own values ({@code java.lang}'s
 * strings and boxes, {@code java.util}'s collections, {@code java.time}, {@code java.math}): patterns as Spring
 * writes them, {@code com.acme.**} for a package and those under it, {@code com.acme.*} for the package alone, or a
 * class's binary name. JDK serialization and Kryo both build any class a value names; a stored value an attacker
 * wrote must not choose one whose construction does harm, so their readers take an allow list.
 */
public final class AllowList {

	/** What every value of a Java object holds, and what JDK and Kryo write for a collection or a date. */
	private static final List<String> JDK_VALUES = List.of("java.lang.*", "java.util.*", "java.time.*", "java.math.*");

	private final List<String> patterns;

	/**
	 * @param patterns none for the JDK's own values alone
	 * @throws IllegalArgumentException for a pattern that is no class or package name, in one line
	 */
	public AllowList(List<String> patterns) {
		for (String pattern : patterns) {
			String name = pattern.endsWith(".**") ? pattern.substring(0, pattern.length() - 3)
					: pattern.endsWith(".*") ? pattern.substring(0, pattern.length() - 2) : pattern;
			if (!name.matches("[\\p{L}_$][\\p{L}\\p{N}_$]*(\\.[\\p{L}_$][\\p{L}\\p{N}_$]*)*")) {
				throw new IllegalArgumentException("'" + pattern + "' is no class name, package.* or package.**");
			}
		}
		this.patterns = List.copyOf(patterns);
	}

	public List<String> patterns() {
		return this.patterns;
	}

	/** Whether a class of this binary name may be read: an array's element class decides for it. */
	public boolean allows(String className) {
		String name = className.replaceFirst("^\\[+L?", "").replaceFirst(";$", "");
		if (name.length() <= 1 && !className.equals(name)) {
			// an array of a primitive type: [I, [[B...
			return true;
		}
		return matchesAny(JDK_VALUES, name) || matchesAny(this.patterns, name);
	}

	/** The filter a JDK {@code ObjectInputStream} reading a value is given: any class outside the list is refused. */
	public ObjectInputFilter filter() {
		return (info) -> {
			Class<?> type = info.serialClass();
			if (type == null) {
				return ObjectInputFilter.Status.UNDECIDED;
			}
			while (type.isArray()) {
				type = type.getComponentType();
			}
			return (type.isPrimitive() || allows(type.getName())) ? ObjectInputFilter.Status.ALLOWED
					: ObjectInputFilter.Status.REJECTED;
		};
	}

	private static boolean matchesAny(List<String> patterns, String name) {
		int dot = name.lastIndexOf('.');
		String pkg = (dot < 0) ? "" : name.substring(0, dot);
		for (String pattern : patterns) {
			boolean matches = pattern.endsWith(".**") ? name.startsWith(pattern.substring(0, pattern.length() - 2))
					: pattern.endsWith(".*") ? pkg.equals(pattern.substring(0, pattern.length() - 2)) : name.equals(pattern);
			if (matches) {
				return true;
			}
		}
		return false;
	}

	@Override
	public String toString() {
		return String.join(",", this.patterns);
	}

}
