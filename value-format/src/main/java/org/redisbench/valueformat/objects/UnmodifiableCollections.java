package org.redisbench.valueformat.objects;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.serializers.CollectionSerializer;
import com.esotericsoftware.kryo.serializers.MapSerializer;

/**
 * Kryo serializers that read back the JDK's unmodifiable collections and maps ({@code Collections.unmodifiableList}
 * and the rest, as Spring Security's authenticated token holds its authorities). Kryo's own fill the instance they
 * create with {@code add} and {@code put}, which these refuse, so such a value is written but cannot be read. These
 * write exactly what Kryo's own write (its elements, after the class Kryo names), fill a modifiable collection and
 * wrap it: a value written either way reads. A sorted one is rebuilt in its elements' natural order.
 */
final class UnmodifiableCollections {

	private UnmodifiableCollections() {
	}

	/** Adds the serializers to a Kryo; the classes are the JDK's, private to it, so found by an instance. */
	static void addTo(Kryo kryo) {
		kryo.addDefaultSerializer(Collections.unmodifiableCollection(new ArrayList<>()).getClass(),
				new Elements());
		kryo.addDefaultSerializer(Collections.unmodifiableMap(new HashMap<>()).getClass(), new Entries());
	}

	/** Every {@code Collections$Unmodifiable...} collection: its lists and sets are its subclasses. */
	@SuppressWarnings({ "rawtypes", "unchecked" })
	private static final class Elements extends CollectionSerializer<Collection> {

		@Override
		protected Collection create(Kryo kryo, Input input, Class<? extends Collection> type, int size) {
			if (List.class.isAssignableFrom(type)) {
				return new ArrayList<>(size);
			}
			if (SortedSet.class.isAssignableFrom(type)) {
				return new TreeSet<>();
			}
			return Set.class.isAssignableFrom(type) ? new LinkedHashSet<>() : new ArrayList<>(size);
		}

		@Override
		public Collection read(Kryo kryo, Input input, Class<? extends Collection> type) {
			Collection filled = super.read(kryo, input, type);
			if (filled instanceof List list) {
				return Collections.unmodifiableList(list);
			}
			if (filled instanceof SortedSet sorted) {
				return Collections.unmodifiableSortedSet(sorted);
			}
			return (filled instanceof Set set) ? Collections.unmodifiableSet(set)
					: Collections.unmodifiableCollection(filled);
		}

	}

	/** Every {@code Collections$Unmodifiable...Map}. */
	@SuppressWarnings({ "rawtypes", "unchecked" })
	private static final class Entries extends MapSerializer<Map> {

		@Override
		protected Map create(Kryo kryo, Input input, Class<? extends Map> type, int size) {
			return SortedMap.class.isAssignableFrom(type) ? new TreeMap<>() : new LinkedHashMap<>();
		}

		@Override
		public Map read(Kryo kryo, Input input, Class<? extends Map> type) {
			Map filled = super.read(kryo, input, type);
			return (filled instanceof SortedMap sorted) ? Collections.unmodifiableSortedMap(sorted)
					: Collections.unmodifiableMap(filled);
		}

	}

}
