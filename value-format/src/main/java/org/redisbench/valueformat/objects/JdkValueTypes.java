package org.redisbench.valueformat.objects;

import java.util.List;
import java.util.Set;

/**
 * The JDK's value types an {@link AllowList} holds beside its patterns: what Spring's caches and sessions hold around
 * a user's own classes (boxed numbers, text, {@code java.time}, {@code BigDecimal}, collections), each a class whose
 * deserialization builds a value and calls no method of another object than those the stream holds, which the same
 * rules check in turn. Named here once; docs/your-values.md lists them. A JDK class that is not here is refused, as
 * any other: {@code java.net.URL} (its {@code hashCode} resolves the host), {@code java.util.PriorityQueue} (its
 * {@code readObject} runs the comparator the stream holds), {@code javax.management.*},
 * {@code java.lang.reflect.Proxy}, comparators beyond the JDK's natural and reverse orders.
 */
final class JdkValueTypes {

	/** Binary names, as a JDK stream, Kryo or a type id writes them. */
	private static final Set<String> CLASSES = Set.copyOf(List.of(
			// numbers and text; Number and Enum are the superclasses a stream names beside a boxed number and an enum
			"java.lang.Boolean", "java.lang.Byte", "java.lang.Character", "java.lang.Short", "java.lang.Integer",
			"java.lang.Long", "java.lang.Float", "java.lang.Double", "java.lang.Number", "java.lang.String",
			"java.lang.Enum", "java.math.BigDecimal", "java.math.BigInteger",
			// what the stream of an exception names beside its own class: Throwable's readObject checks its
			// suppressed list and stack trace, and calls nothing of theirs
			"java.lang.Throwable", "java.lang.Exception", "java.lang.RuntimeException", "java.lang.StackTraceElement",
			// the components of arrays alone, each element checked as itself: Object[], and the Map.Entry[] table a
			// HashMap's or HashSet's readObject sizes through the filter
			"java.lang.Object", "java.util.Map$Entry",
			// collections; an EnumSet is its proxy in a JDK stream, then the class that resolves to, which Kryo names
			"java.util.ArrayList", "java.util.LinkedList", "java.util.ArrayDeque", "java.util.HashMap",
			"java.util.LinkedHashMap", "java.util.TreeMap", "java.util.HashSet", "java.util.LinkedHashSet",
			"java.util.TreeSet", "java.util.EnumMap", "java.util.EnumSet$SerializationProxy",
			"java.util.RegularEnumSet", "java.util.JumboEnumSet",
			"java.util.concurrent.ConcurrentHashMap", "java.util.concurrent.ConcurrentHashMap$Segment",
			"java.util.concurrent.CopyOnWriteArrayList", "java.util.Arrays$ArrayList",
			// List.of, Set.of and Map.of: a stream holds their proxy, a filter is shown what it resolves to, Kryo and
			// typed JSON name the class itself
			"java.util.CollSer", "java.util.ImmutableCollections$List12", "java.util.ImmutableCollections$ListN",
			"java.util.ImmutableCollections$Set12", "java.util.ImmutableCollections$SetN",
			"java.util.ImmutableCollections$Map1", "java.util.ImmutableCollections$MapN",
			"java.util.Collections$UnmodifiableCollection", "java.util.Collections$UnmodifiableList",
			"java.util.Collections$UnmodifiableRandomAccessList", "java.util.Collections$UnmodifiableSet",
			"java.util.Collections$UnmodifiableSortedSet", "java.util.Collections$UnmodifiableNavigableSet",
			"java.util.Collections$UnmodifiableMap", "java.util.Collections$UnmodifiableSortedMap",
			"java.util.Collections$UnmodifiableNavigableMap", "java.util.Collections$EmptyList",
			"java.util.Collections$EmptySet", "java.util.Collections$EmptyMap", "java.util.Collections$SingletonList",
			"java.util.Collections$SingletonSet", "java.util.Collections$SingletonMap",
			// the orders a TreeMap or TreeSet of the JDK's own may carry
			"java.util.Collections$ReverseComparator", "java.util.Comparators$NaturalOrderComparator",
			"java.lang.String$CaseInsensitiveComparator",
			// other values
			"java.util.Date", "java.sql.Date", "java.sql.Time", "java.sql.Timestamp", "java.util.Locale",
			"java.util.UUID", "java.util.Currency", "java.net.URI"));

	/** Packages whose every class is a value: java.time writes its values through java.time.Ser and the like. */
	private static final List<String> PACKAGES = List.of("java.time.");

	private JdkValueTypes() {
	}

	/**
	 * Whether the class of this binary name is one: on the list, in one of its packages, or an enum of the JDK. Only a
	 * name under {@code java.} the list does not hold is loaded, uninitialised, to see whether it is an enum; from the
	 * JDK's own loader, since no other may define a class under {@code java.}.
	 */
	static boolean holds(String className) {
		if (listed(className)) {
			return true;
		}
		if (!className.startsWith("java.")) {
			return false;
		}
		try {
			return isJdkEnum(Class.forName(className, false, ClassLoader.getPlatformClassLoader()));
		}
		catch (ClassNotFoundException | LinkageError ex) {
			return false;
		}
	}

	/** The same for a class already loaded. */
	static boolean holds(Class<?> type) {
		return isJdkEnum(type) || listed(type.getName());
	}

	private static boolean listed(String className) {
		return CLASSES.contains(className) || PACKAGES.stream().anyMatch(className::startsWith);
	}

	/** Every enum of the JDK is a value: read by name ({@code Enum.valueOf}), nothing of it runs. */
	private static boolean isJdkEnum(Class<?> type) {
		return type.isEnum() && type.getName().startsWith("java.");
	}

}
