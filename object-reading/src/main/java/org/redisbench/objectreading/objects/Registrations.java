package org.redisbench.objectreading.objects;

import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The classes a codec that registers classes ({@code kryo-registered}, {@code fory-registered}) registers: every
 * class the sample's graphs hold, an enum constant's class as its enum, lambdas left out, sorted by name. An
 * application registers the same list in the same order to get the same ids; advice lists it.
 */
public final class Registrations {

	private Registrations() {
	}

	static List<Class<?>> of(List<ObjectGraph> graphs) {
		Set<Class<?>> classes = new TreeSet<>(Comparator.comparing(Class::getName));
		for (ObjectGraph graph : graphs) {
			for (Class<?> type : graph.classes()) {
				classes.add(registered(type));
			}
		}
		return List.copyOf(classes);
	}

	/** An enum constant with a body has a class of its own; the enum is what is registered. */
	private static Class<?> registered(Class<?> type) {
		Class<?> superclass = type.getSuperclass();
		if (superclass != null && superclass.isEnum()) {
			return superclass;
		}
		return type;
	}

}
