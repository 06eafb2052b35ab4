package org.redisbench.advise.objects;

/**
 * Where a value sits in an object graph, as a report writes it: {@code cart.items[2].price}. Built one step at a
 * time while a graph is walked and written out only when a difference or a cycle is reported.
 */
final class GraphPath {

	private final GraphPath parent;

	private final String step;

	private GraphPath(GraphPath parent, String step) {
		this.parent = parent;
		this.step = step;
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

	/** A map's value under a key, the key as {@link Shapes#display} writes it. */
	GraphPath key(Object key) {
		return new GraphPath(this, "[" + Shapes.display(key) + "]");
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

	@Override
	public String toString() {
		StringBuilder text = new StringBuilder();
		append(text);
		return text.toString();
	}

	private void append(StringBuilder text) {
		if (this.parent != null) {
			this.parent.append(text);
		}
		text.append(this.step);
	}

}
