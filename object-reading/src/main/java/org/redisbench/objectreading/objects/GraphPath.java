package org.redisbench.objectreading.objects;

import java.util.function.Function;

/**
 * Where a value sits in an object graph, as a report writes it: {@code cart.items[2].price}. Built one step at a
 * time while a graph is walked and written out only when a difference or a cycle is reported, a map's key as the
 * report's {@link Disclosure} allows.
 */
public final class GraphPath {

	private final GraphPath parent;

	private final Function<Disclosure, String> step;

	private GraphPath(GraphPath parent, Function<Disclosure, String> step) {
		this.parent = parent;
		this.step = step;
	}

	private GraphPath(GraphPath parent, String step) {
		this(parent, (disclosure) -> step);
	}

	/** The root, named after its class as a variable would be: {@code cart} for a {@code Cart}. */
	static GraphPath root(Class<?> type) {
		String name = type.isArray() ? "array" : type.getSimpleName();
		if (name.isEmpty()) {
			name = type.getName().substring(type.getName().lastIndexOf('.') + 1);
		}
		return new GraphPath(null, Character.toLowerCase(name.charAt(0)) + name.substring(1));
	}

	GraphPath field(String name) {
		return new GraphPath(this, "." + name);
	}

	GraphPath index(int index) {
		return new GraphPath(this, "[" + index + "]");
	}

	/** A map's value under a key of the JDK's (or null), at a position of the map's iteration order. */
	GraphPath key(Object key, int position) {
		return new GraphPath(this, (disclosure) -> "[" + disclosure.key(key, position) + "]");
	}

	/** A map's key itself (compared when keys are objects matched by structure). */
	GraphPath keyOf(int position) {
		return new GraphPath(this, ".keys[" + position + "]");
	}

	/** An element of a set or another collection without positions, by its place in iteration order. */
	GraphPath element(int position) {
		return new GraphPath(this, "{" + position + "}");
	}

	GraphPath call(String method) {
		return new GraphPath(this, "." + method + "()");
	}

	String text(Disclosure disclosure) {
		StringBuilder text = new StringBuilder();
		append(text, disclosure);
		return text.toString();
	}

	private void append(StringBuilder text, Disclosure disclosure) {
		if (this.parent != null) {
			this.parent.append(text, disclosure);
		}
		text.append(this.step.apply(disclosure));
	}

}
