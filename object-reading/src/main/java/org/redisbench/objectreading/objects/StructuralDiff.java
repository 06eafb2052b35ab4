package org.redisbench.objectreading.objects;

import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;

/**
 * Whether a codec's decode of its own bytes is the value it was given, without trusting {@code equals()}: a
 * user's class compares by identity unless it says otherwise, and one that says otherwise may compare a few
 * fields only. The graphs are walked side by side:
 * <ul>
 * <li>the runtime classes must be the same (an {@code ArrayList} back as a {@code LinkedList}, a {@code TreeSet}
 * as a {@code HashSet}, a {@code Long} as an {@code Integer} are differences), except for the JDK's own
 * non-public collections, which an application reaches only through an interface ({@code List.of},
 * {@code Collections.unmodifiableSet}, {@code Arrays.asList}): those may come back as any collection of the
 * same kind (list, set, sorted set, map, sorted map...), and a {@code HashMap} or {@code HashSet} may come back
 * as its linked subclass, which only adds an iteration order (Jackson builds a {@code LinkedHashMap} for a
 * {@code Map});</li>
 * <li>the user's classes field by field, superclasses' fields included, static and transient fields left out
 * as JDK serialization leaves them out ({@link Shapes}); records by their components;</li>
 * <li>lists, sorted and linked sets and maps in their order; other sets and maps by content, whatever the order;
 * a sorted collection's comparator too (a {@code TreeSet} whose comparator is lost is a difference); arrays
 * element by element;</li>
 * <li>the JDK's values (strings, boxed numbers, {@code BigDecimal} with its scale, {@code java.time}, enums,
 * {@code UUID}, {@code Locale}...) by {@code equals}, through their public API only;</li>
 * <li>lambdas by their defining class and what they captured.</li>
 * </ul>
 * A graph with cycles or shared objects is compared once per pair of objects met (an identity map), so cycles
 * end; whether a shared object comes back shared is not checked. No code of the user's classes runs: their
 * fields are read, their {@code equals}, {@code hashCode} and {@code toString} are not called.
 */
public final class StructuralDiff {

	private record Pair(Object original, Object decoded, GraphPath path) {
	}

	private final Deque<Pair> pending = new ArrayDeque<>();

	private final Map<Object, Set<Object>> compared = new IdentityHashMap<>();

	private final Disclosure disclosure;

	private StructuralDiff(Disclosure disclosure) {
		this.disclosure = disclosure;
	}

	/**
	 * The first place where the decoded graph differs from the original, written as a path and both values as the
	 * disclosure allows, for example {@code cart.items[2].price: 12.50 ≠ 12.5} shown, or
	 * {@code cart.items[2].price: a BigDecimal of scale 2 ≠ a BigDecimal of scale 1, the same number} hidden; empty
	 * when the graphs are the same.
	 */
	public static Optional<String> firstDifference(Object original, Object decoded, Disclosure disclosure) {
		return new StructuralDiff(disclosure).run(original, decoded,
				original == null ? GraphPath.root(Object.class) : GraphPath.root(original.getClass()));
	}

	/** Whether two objects are the same by structure (the difference's text is not kept, so never shown). */
	private static boolean same(Object original, Object decoded) {
		return new StructuralDiff(Disclosure.HIDDEN).run(original, decoded, GraphPath.root(Object.class)).isEmpty();
	}

	private Optional<String> run(Object original, Object decoded, GraphPath root) {
		this.pending.push(new Pair(original, decoded, root));
		while (!this.pending.isEmpty()) {
			Pair pair = this.pending.pop();
			String difference = compare(pair.original(), pair.decoded(), pair.path());
			if (difference != null) {
				return Optional.of(pair.path().text(this.disclosure) + ": " + difference);
			}
		}
		return Optional.empty();
	}

	/** A difference between the two objects themselves, or {@code null}, their parts pushed to be compared. */
	private String compare(Object a, Object b, GraphPath path) {
		if (a == b) {
			return null;
		}
		if (a == null || b == null) {
			return this.disclosure.value(a) + " ≠ " + this.disclosure.value(b);
		}
		if (!this.compared.computeIfAbsent(a, (key) -> Collections.newSetFromMap(new IdentityHashMap<>())).add(b)) {
			return null;
		}
		Class<?> type = a.getClass();
		if (Shapes.isLambda(type)) {
			return lambdas(a, b, path);
		}
		String classes = classes(type, b.getClass());
		if (classes != null) {
			return classes;
		}
		if (Shapes.isJdkLeaf(a)) {
			return leaves(a, b);
		}
		String contents = null;
		if (type.isArray()) {
			contents = arrays(a, b, path);
		}
		else if (a instanceof Map<?, ?> map) {
			contents = maps(map, (Map<?, ?>) b, path);
		}
		else if (a instanceof Collection<?> collection) {
			contents = collections(collection, (Collection<?>) b, path);
		}
		else if (a instanceof Optional<?> optional) {
			push(optional.orElse(null), ((Optional<?>) b).orElse(null), path.call("get"));
		}
		if (contents != null) {
			return contents;
		}
		fields(a, b, path);
		return null;
	}

	private static String classes(Class<?> a, Class<?> b) {
		if (a == b || (Shapes.isPrivateJdkCollection(a) && Shapes.kind(a) == Shapes.kind(b)) || linkedOf(a, b)) {
			return null;
		}
		if (a.getName().equals(b.getName())) {
			return "class " + a.getName() + " from another class loader";
		}
		return "class " + a.getName() + " ≠ " + b.getName();
	}

	/** A hash map or set back as its linked subclass (what Jackson builds for a {@code Map}): only an order added. */
	private static boolean linkedOf(Class<?> a, Class<?> b) {
		return (a == HashMap.class && b == LinkedHashMap.class) || (a == HashSet.class && b == LinkedHashSet.class);
	}

	private String leaves(Object a, Object b) {
		boolean equal = Shapes.hasOwnEquals(a.getClass()) ? a.equals(b)
				: String.valueOf(a).equals(String.valueOf(b));
		return equal ? null : this.disclosure.difference(a, b);
	}

	private String lambdas(Object a, Object b, GraphPath path) {
		if (!Shapes.isLambda(b.getClass()) || !Shapes.lambdaName(a.getClass()).equals(Shapes.lambdaName(b.getClass()))) {
			return "a lambda of " + Shapes.lambdaName(a.getClass()) + " ≠ " + this.disclosure.value(b);
		}
		List<Field> captured = Shapes.fields(a.getClass());
		List<Field> decoded = Shapes.fields(b.getClass());
		if (captured.size() != decoded.size()) {
			return "a lambda capturing " + captured.size() + " values ≠ " + decoded.size();
		}
		for (int i = captured.size() - 1; i >= 0; i--) {
			push(Shapes.read(captured.get(i), a), Shapes.read(decoded.get(i), b), path.field("captured" + i));
		}
		return null;
	}

	private String arrays(Object a, Object b, GraphPath path) {
		int length = Array.getLength(a);
		if (length != Array.getLength(b)) {
			return "length " + length + " ≠ " + Array.getLength(b);
		}
		// a primitive array's elements come boxed, compared by equals: bit for bit for floating point
		for (int i = length - 1; i >= 0; i--) {
			push(Array.get(a, i), Array.get(b, i), path.index(i));
		}
		return null;
	}

	private String collections(Collection<?> a, Collection<?> b, GraphPath path) {
		if (a.size() != b.size()) {
			return "size " + a.size() + " ≠ " + b.size();
		}
		if (a instanceof Set<?> set && !(a instanceof SortedSet<?>) && !(a instanceof LinkedHashSet<?>)) {
			return unorderedSet(set, (Set<?>) b, path);
		}
		List<Object> left = new ArrayList<>(a);
		List<Object> right = new ArrayList<>(b);
		boolean indexed = a instanceof List<?>;
		for (int i = left.size() - 1; i >= 0; i--) {
			push(left.get(i), right.get(i), indexed ? path.index(i) : path.element(i));
		}
		if (a instanceof SortedSet<?> sorted) {
			// pushed last, compared first: a lost comparator is the cause of any order that follows
			push(sorted.comparator(), ((SortedSet<?>) b).comparator(), path.call("comparator"));
		}
		return null;
	}

	/** Each element of the original found in the decoded set: by equals for JDK values, else by structure. */
	private String unorderedSet(Set<?> a, Set<?> b, GraphPath path) {
		List<Object> unmatched = new ArrayList<>(b);
		for (Object element : a) {
			if (element == null || Shapes.isJdkLeaf(element)) {
				if (!b.contains(element)) {
					return "element " + this.disclosure.value(element) + " missing";
				}
				continue;
			}
			if (!removeSame(unmatched, element)) {
				return "element " + this.disclosure.value(element) + " has no equal in the decoded set";
			}
		}
		return null;
	}

	private static boolean removeSame(List<Object> candidates, Object wanted) {
		for (Iterator<Object> it = candidates.iterator(); it.hasNext();) {
			if (same(wanted, it.next())) {
				it.remove();
				return true;
			}
		}
		return false;
	}

	private String maps(Map<?, ?> a, Map<?, ?> b, GraphPath path) {
		if (a.size() != b.size()) {
			return "size " + a.size() + " ≠ " + b.size();
		}
		if (a instanceof SortedMap<?, ?> || a instanceof LinkedHashMap<?, ?>) {
			List<Map.Entry<?, ?>> left = new ArrayList<>(a.entrySet());
			List<Map.Entry<?, ?>> right = new ArrayList<>(b.entrySet());
			for (int i = left.size() - 1; i >= 0; i--) {
				Object key = left.get(i).getKey();
				GraphPath at = key == null || Shapes.isJdkLeaf(key) ? path.key(key, i) : path.keyOf(i);
				push(left.get(i).getValue(), right.get(i).getValue(), at);
				push(key, right.get(i).getKey(), path.keyOf(i));
			}
			if (a instanceof SortedMap<?, ?> sorted) {
				push(sorted.comparator(), ((SortedMap<?, ?>) b).comparator(), path.call("comparator"));
			}
			return null;
		}
		List<Object> unmatchedKeys = new ArrayList<>(b.keySet());
		List<Pair> values = new ArrayList<>();
		int position = 0;
		for (Map.Entry<?, ?> entry : a.entrySet()) {
			Object key = entry.getKey();
			if (key == null || Shapes.isJdkLeaf(key)) {
				if (!b.containsKey(key)) {
					return "key " + this.disclosure.value(key) + " missing";
				}
				values.add(new Pair(entry.getValue(), b.get(key), path.key(key, position)));
			}
			else {
				Object match = null;
				for (Iterator<Object> it = unmatchedKeys.iterator(); it.hasNext();) {
					Object candidate = it.next();
					if (same(key, candidate)) {
						match = candidate;
						it.remove();
						break;
					}
				}
				if (match == null) {
					return "key " + this.disclosure.value(key) + " has no equal in the decoded map";
				}
				values.add(new Pair(entry.getValue(), valueOf(b, match), path.keyOf(position)));
			}
			position++;
		}
		for (int i = values.size() - 1; i >= 0; i--) {
			Pair value = values.get(i);
			push(value.original(), value.decoded(), value.path());
		}
		return null;
	}

	/** The value under a key found by structure: by identity, not by the key's own equals. */
	private static Object valueOf(Map<?, ?> map, Object key) {
		for (Map.Entry<?, ?> entry : map.entrySet()) {
			if (entry.getKey() == key) {
				return entry.getValue();
			}
		}
		throw new IllegalStateException("a key of the map is not in its entries");
	}

	/** A record's fields are its components: read without calling accessors, which might compute. */
	private void fields(Object a, Object b, GraphPath path) {
		List<Field> fields = Shapes.fields(a.getClass());
		for (int i = fields.size() - 1; i >= 0; i--) {
			Field field = fields.get(i);
			push(Shapes.read(field, a), Shapes.read(field, b), path.field(field.getName()));
		}
	}

	private void push(Object a, Object b, GraphPath path) {
		if (a != b) {
			this.pending.push(new Pair(a, b, path));
		}
	}

}
