package org.redisbench.objectreading.objects;

import java.lang.reflect.Field;
import java.lang.reflect.InaccessibleObjectException;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Queue;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;

/**
 * How the object graphs of a user's values are looked into, one rule for {@link ObjectGraph} and
 * {@link StructuralDiff}. Classes of the JDK (loaded by the boot or platform loader) are read through their
 * public API only, never by reflection into {@code java.*}, so nothing here needs {@code --add-opens}; every
 * other class (the user's, and their libraries', loaded in unnamed modules) is read field by field.
 * <p>
 * Static and transient fields are left out, as JDK serialization leaves them out: the values were read from
 * JDK streams, so a transient field holds what {@code readObject} or the field's default put there, and a codec
 * that does not store it changes nothing the application stored.
 */
public final class Shapes {

	private static final ClassValue<List<Field>> FIELDS = new ClassValue<>() {
		@Override
		protected List<Field> computeValue(Class<?> type) {
			List<Field> fields = new ArrayList<>();
			for (Class<?> at = type; at != null && !isJdk(at); at = at.getSuperclass()) {
				List<Field> own = new ArrayList<>();
				for (Field field : at.getDeclaredFields()) {
					int modifiers = field.getModifiers();
					if (Modifier.isStatic(modifiers) || Modifier.isTransient(modifiers)) {
						continue;
					}
					try {
						field.setAccessible(true);
					}
					catch (InaccessibleObjectException | SecurityException ex) {
						// a class in a named module that does not open its package: compared by what is readable
						continue;
					}
					own.add(field);
				}
				fields.addAll(0, own);
			}
			return List.copyOf(fields);
		}
	};

	private static final List<Class<?>> KINDS = List.of(SortedMap.class, Map.class, SortedSet.class, Set.class,
			List.class, Queue.class, Collection.class);

	private Shapes() {
	}

	/** Loaded by the boot or platform class loader: a class of the JDK, read through its public API only. */
	static boolean isJdk(Class<?> type) {
		while (type.isArray()) {
			type = type.getComponentType();
		}
		ClassLoader loader = type.getClassLoader();
		return loader == null || loader == ClassLoader.getPlatformClassLoader();
	}

	/** A lambda's class, spun at run time: nothing to instantiate it from but the class that defined it. */
	static boolean isLambda(Class<?> type) {
		return type.isSynthetic() && type.getName().contains("$$Lambda");
	}

	/** The name a lambda's class keeps across runs: its defining class and {@code $$Lambda}, without the counter. */
	static String lambdaName(Class<?> type) {
		String name = type.getName();
		return name.substring(0, name.indexOf("$$Lambda") + "$$Lambda".length());
	}

	/**
	 * A value of the JDK with nothing inside to walk: strings, numbers, {@code java.time}, enums, UUID, Locale...;
	 * compared with {@code equals} (or {@code toString} when the class keeps {@code Object}'s identity equals).
	 * Arrays are not: their elements are walked.
	 */
	static boolean isJdkLeaf(Object value) {
		Class<?> type = value.getClass();
		if (type.isEnum() || value instanceof Enum<?>) {
			return true;
		}
		return !type.isArray() && isJdk(type) && !(value instanceof Collection<?>) && !(value instanceof Map<?, ?>)
				&& !(value instanceof Optional<?>) && !isLambda(type);
	}

	/**
	 * One of the JDK's collections an application cannot name, only reach through an interface: {@code List.of},
	 * {@code Collections.unmodifiableSet}, {@code Arrays.asList}...
	 */
	static boolean isPrivateJdkCollection(Class<?> type) {
		return isJdk(type) && !Modifier.isPublic(type.getModifiers())
				&& (Collection.class.isAssignableFrom(type) || Map.class.isAssignableFrom(type));
	}

	/** The collection interface a class is reached through: sorted map, map, sorted set, set, list, queue... */
	static Class<?> kind(Class<?> type) {
		for (Class<?> kind : KINDS) {
			if (kind.isAssignableFrom(type)) {
				return kind;
			}
		}
		return type;
	}

	/**
	 * The type an application reading the value would ask a codec for: the class itself, or for one of the JDK's
	 * private collections, the interface it is reached through.
	 */
	public static Class<?> declaredType(Class<?> type) {
		return isPrivateJdkCollection(type) ? kind(type) : type;
	}

	/** Whether the class (a JDK one) decides equality itself rather than by identity. */
	static boolean hasOwnEquals(Class<?> type) {
		try {
			return type.getMethod("equals", Object.class).getDeclaringClass() != Object.class;
		}
		catch (NoSuchMethodException ex) {
			return false;
		}
	}

	/** The non-static, non-transient fields of the class's non-JDK part, superclasses first, opened for reading. */
	static List<Field> fields(Class<?> type) {
		return FIELDS.get(type);
	}

	static Object read(Field field, Object owner) {
		try {
			return field.get(owner);
		}
		catch (IllegalAccessException ex) {
			throw new IllegalStateException("field " + field + " was opened and is not readable", ex);
		}
	}

}
