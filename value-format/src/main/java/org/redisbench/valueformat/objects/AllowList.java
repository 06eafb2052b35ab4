package org.redisbench.valueformat.objects;

import java.io.ObjectInputFilter;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The classes a reader may build from a stored value's bytes: the JDK's value types ({@link JdkValueTypes}), the
 * classes of the user's patterns, arrays of either, and arrays of primitives. A pattern is written as Spring writes
 * them: {@code com.acme.**} for a package and every package under it, {@code com.acme.*} for a package's own classes
 * (nested classes included), or a class's binary name; nothing broader than a package ({@code *}, {@code **},
 * {@code com.*.Cart}) is one. JDK serialization, Kryo and typed JSON build whatever class a value names; a stored
 * value an attacker wrote must not choose one whose construction does harm, so their readers take this list. It
 * decides on the class's name, so that a reader asking before it loads a class loads no refused one.
 */
public final class AllowList {

	private static final Pattern PATTERN = Pattern
		.compile("[\\p{L}_$][\\p{L}\\p{N}_$]*(?:\\.[\\p{L}_$][\\p{L}\\p{N}_$]*)*(?:\\.\\*\\*?)?");

	private final List<String> patterns;

	private final Set<String> classes = new HashSet<>();

	private final Set<String> packages = new HashSet<>();

	/** Each with its trailing dot, so that {@code com.acme.**} does not cover {@code com.acmex}. */
	private final List<String> trees = new ArrayList<>();

	/**
	 * @param patterns each stripped, blank ones left out; none for the JDK's value types alone
	 * @throws IllegalArgumentException for a pattern that is no class or package name, in one line
	 */
	public AllowList(List<String> patterns) {
		List<String> given = new ArrayList<>();
		for (String item : patterns) {
			String pattern = item.strip();
			if (pattern.isEmpty()) {
				continue;
			}
			if (!PATTERN.matcher(pattern).matches()) {
				throw new IllegalArgumentException("'" + pattern + "' is no class name, package.* or package.**");
			}
			given.add(pattern);
			if (pattern.endsWith(".**")) {
				this.trees.add(pattern.substring(0, pattern.length() - 2));
			}
			else if (pattern.endsWith(".*")) {
				this.packages.add(pattern.substring(0, pattern.length() - 2));
			}
			else {
				this.classes.add(pattern);
			}
		}
		this.patterns = List.copyOf(given);
	}

	public List<String> patterns() {
		return this.patterns;
	}

	/** Whether no pattern was given: the JDK's value types alone are allowed. */
	public boolean isEmpty() {
		return this.patterns.isEmpty();
	}

	/**
	 * Whether a class of this binary name may be built: {@code com.acme.Cart}, {@code [Lcom.acme.Cart;},
	 * {@code [[I}. Only a name under {@code java.} that neither the patterns nor the JDK's value types hold is loaded,
	 * uninitialised, to see whether it is an enum of the JDK; no other class is.
	 */
	public boolean allows(String className) {
		String component = componentName(className);
		return component == null || matches(component) || JdkValueTypes.holds(component);
	}

	/** The same rule for a class already loaded: what an {@code ObjectInputFilter} or Kryo's class resolver is shown. */
	public boolean allows(Class<?> type) {
		Class<?> component = type;
		while (component.isArray()) {
			component = component.getComponentType();
		}
		return component.isPrimitive() || matches(component.getName()) || JdkValueTypes.holds(component);
	}

	/** The filter a JDK {@code ObjectInputStream} reading a value is given: any class outside the list is refused. */
	public ObjectInputFilter filter() {
		return (info) -> {
			Class<?> type = info.serialClass();
			if (type == null) {
				return ObjectInputFilter.Status.UNDECIDED;
			}
			return allows(type) ? ObjectInputFilter.Status.ALLOWED : ObjectInputFilter.Status.REJECTED;
		};
	}

	private boolean matches(String className) {
		if (this.classes.contains(className)) {
			return true;
		}
		int dot = className.lastIndexOf('.');
		if (dot > 0 && this.packages.contains(className.substring(0, dot))) {
			return true;
		}
		return this.trees.stream().anyMatch(className::startsWith);
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

	@Override
	public String toString() {
		return String.join(",", this.patterns);
	}

}
