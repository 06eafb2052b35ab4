package org.redisbench.objectreading.objects;

import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;

/**
 * What a value's object graph holds, walked once by the rules of {@link Shapes}: the classes met (what a codec
 * that registers classes must register), the first cycle and the first lambda, each with its path, so that a
 * codec that cannot carry them is told before it recurses or fails somewhere inside.
 */
public final class ObjectGraph {

	/** A place in the graph and what is there, written out as a report's {@link Disclosure} allows. */
	record Found(GraphPath path, String what) {

		String text(Disclosure disclosure) {
			return this.path.text(disclosure) + this.what;
		}

	}

	private final Set<Class<?>> classes;

	private final Found cycle;

	private final Found lambda;

	private ObjectGraph(Set<Class<?>> classes, Found cycle, Found lambda) {
		this.classes = classes;
		this.cycle = cycle;
		this.lambda = lambda;
	}

	/** Every class of an object in the graph, arrays and the JDK's included, lambdas' left out, in walk order. */
	Set<Class<?>> classes() {
		return this.classes;
	}

	/** Where the graph first refers back to an object it is inside of: {@code node.next.next} ... */
	Optional<Found> cycle() {
		return Optional.ofNullable(this.cycle);
	}

	/** Where the graph first holds a lambda, and whose. */
	Optional<Found> lambda() {
		return Optional.ofNullable(this.lambda);
	}

	private record Node(Object value, GraphPath path, Iterator<Node> children) {
	}

	static ObjectGraph of(Object root) {
		Set<Class<?>> classes = new LinkedHashSet<>();
		if (root == null) {
			return new ObjectGraph(classes, null, null);
		}
		Found cycle = null;
		Found lambda = null;
		Set<Object> open = Collections.newSetFromMap(new IdentityHashMap<>());
		Set<Object> done = Collections.newSetFromMap(new IdentityHashMap<>());
		Deque<Node> stack = new ArrayDeque<>();
		GraphPath rootPath = GraphPath.root(root.getClass());
		if (Shapes.isLambda(root.getClass())) {
			lambda = new Found(rootPath, " (" + Shapes.lambdaName(root.getClass()) + ")");
		}
		else {
			classes.add(root.getClass());
		}
		stack.push(enter(root, rootPath, open));
		while (!stack.isEmpty()) {
			Node node = stack.peek();
			if (!node.children().hasNext()) {
				stack.pop();
				open.remove(node.value());
				done.add(node.value());
				continue;
			}
			Node child = node.children().next();
			Object value = child.value();
			if (value == null) {
				continue;
			}
			if (Shapes.isLambda(value.getClass())) {
				if (lambda == null) {
					lambda = new Found(child.path(), " (" + Shapes.lambdaName(value.getClass()) + ")");
				}
			}
			else {
				classes.add(value.getClass());
			}
			if (open.contains(value)) {
				if (cycle == null) {
					// an object the walk is inside of is never a string or a number: its class is all a report writes
					cycle = new Found(child.path(), " refers back to a " + value.getClass().getName());
				}
				continue;
			}
			if (done.contains(value) || Shapes.isJdkLeaf(value)) {
				continue;
			}
			stack.push(enter(value, child.path(), open));
		}
		return new ObjectGraph(classes, cycle, lambda);
	}

	private static Node enter(Object value, GraphPath path, Set<Object> open) {
		open.add(value);
		return new Node(value, path, children(value, path).iterator());
	}

	/** The objects a value holds, as {@link StructuralDiff} compares them. */
	private static List<Node> children(Object value, GraphPath path) {
		List<Node> children = new ArrayList<>();
		if (Shapes.isJdkLeaf(value)) {
			return children;
		}
		Class<?> type = value.getClass();
		if (type.isArray()) {
			if (type.getComponentType().isPrimitive()) {
				return children;
			}
			for (int i = 0; i < Array.getLength(value); i++) {
				children.add(new Node(Array.get(value, i), path.index(i), null));
			}
		}
		else if (value instanceof Map<?, ?> map) {
			if (map instanceof SortedMap<?, ?> sorted) {
				children.add(new Node(sorted.comparator(), path.call("comparator"), null));
			}
			int position = 0;
			for (Map.Entry<?, ?> entry : map.entrySet()) {
				children.add(new Node(entry.getKey(), path.keyOf(position), null));
				children.add(new Node(entry.getValue(), path.key(entry.getKey(), position), null));
				position++;
			}
		}
		else if (value instanceof Collection<?> collection) {
			if (collection instanceof SortedSet<?> sorted) {
				children.add(new Node(sorted.comparator(), path.call("comparator"), null));
			}
			int position = 0;
			for (Object element : collection) {
				children.add(new Node(element, value instanceof List<?> ? path.index(position) : path.element(position),
						null));
				position++;
			}
		}
		else if (value instanceof Optional<?> optional) {
			children.add(new Node(optional.orElse(null), path.call("get"), null));
		}
		for (Field field : Shapes.fields(type)) {
			children.add(new Node(Shapes.read(field, value), path.field(field.getName()), null));
		}
		return children;
	}

}
