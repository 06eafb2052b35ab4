package org.redisbench.valueformat.objects;

import java.io.Serializable;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.DayOfWeek;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.redisbench.valueformat.Compression;
import org.redisbench.valueformat.Frame;

import org.springframework.data.redis.serializer.JdkSerializationRedisSerializer;
import org.springframework.data.redis.serializer.RedisSerializer;
import org.springframework.data.redis.serializer.SerializationException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class AllowListTest {

	private static final ClassLoader LOADER = AllowListTest.class.getClassLoader();

	private static final AllowList THIS_PACKAGE = new AllowList(List.of("org.redisbench.valueformat.objects.*"));

	private static final AllowList ELSEWHERE = new AllowList(List.of("com.acme.**"));

	record Line(String sku, BigDecimal price) implements Serializable {
	}

	record Cart(List<Line> lines, Instant at, Map<String, Integer> counts, int[] ids) implements Serializable {
	}

	private static final Cart CART = new Cart(new ArrayList<>(List.of(new Line("a-1", new BigDecimal("9.90")))),
			Instant.ofEpochSecond(7), Map.of("a-1", 1), new int[] { 1, 2 });

	@Test
	void patterns() {
		assertThat(ELSEWHERE.allows("com.acme.Cart")).isTrue();
		assertThat(ELSEWHERE.allows("com.acme.shop.Cart$Line")).isTrue();
		assertThat(ELSEWHERE.allows("com.acmex.Cart")).isFalse();
		assertThat(new AllowList(List.of("com.acme.*")).allows("com.acme.shop.Cart")).isFalse();
		assertThat(new AllowList(List.of("com.acme.Cart")).allows("[Lcom.acme.Cart;")).isTrue();
		assertThat(ELSEWHERE.allows("[[J")).isTrue();
		assertThat(ELSEWHERE.allows("java.util.ArrayList")).isTrue();
		assertThat(ELSEWHERE.allows("javax.management.BadAttributeValueExpException")).isFalse();
		assertThat(ELSEWHERE.allows("java.util.PriorityQueue")).isFalse();
		assertThat(ELSEWHERE.allows("java.util.concurrent.TimeUnit")).isTrue();
		assertThat(ELSEWHERE.allows("[Ljava.net.URL;")).isFalse();
		assertThatIllegalArgumentException().isThrownBy(() -> new AllowList(List.of("com.acme.**;!*")))
			.withMessage("'com.acme.**;!*' is no class name, package.* or package.**");
		assertThat(new AllowList(List.of()).allows("java.time.Instant")).isTrue();
		assertThat(new AllowList(List.of()).allows("com.acme.Cart")).isFalse();
	}

	/** The same bytes as Spring's JDK serializer; read back only when the classes are allowed. */
	@Test
	void jdkReadsOnlyTheAllowedClasses() {
		byte[] spring = new JdkSerializationRedisSerializer(LOADER).serialize(CART);
		RedisSerializer<Object> allowed = ObjectFormat.JDK.serializer(LOADER, List.of(), THIS_PACKAGE);

		assertThat(allowed.serialize(CART)).isEqualTo(spring);
		assertThat(((Cart) allowed.deserialize(spring)).lines()).isEqualTo(CART.lines());
		assertThatExceptionOfType(SerializationException.class)
			.isThrownBy(() -> ObjectFormat.JDK.serializer(LOADER, List.of(), ELSEWHERE).deserialize(spring))
			.withMessage("org.redisbench.valueformat.objects.AllowListTest$Cart is not in the allow list (com.acme.**)");
	}

	@Test
	void kryoReadsOnlyTheAllowedClassesAndWritesTheSameBytes() {
		byte[] unrestricted = ObjectFormat.KRYO.serializer(LOADER, List.of()).serialize(CART);
		RedisSerializer<Object> allowed = ObjectFormat.KRYO.serializer(LOADER, List.of(), THIS_PACKAGE);

		assertThat(allowed.serialize(CART)).isEqualTo(unrestricted);
		assertThat(((Cart) allowed.deserialize(unrestricted)).at()).isEqualTo(CART.at());
		assertThatExceptionOfType(SerializationException.class)
			.isThrownBy(() -> ObjectFormat.KRYO.serializer(LOADER, List.of(), ELSEWHERE).deserialize(unrestricted))
			.withMessageContaining("is not in the allow list (com.acme.**)");
	}

	@Test
	void foryReadsOnlyTheAllowedClassesAndWritesTheSameBytes() {
		byte[] unrestricted = ObjectFormat.FORY.serializer(LOADER, List.of()).serialize(CART);
		RedisSerializer<Object> allowed = ObjectFormat.FORY.serializer(LOADER, List.of(), THIS_PACKAGE);

		assertThat(allowed.serialize(CART)).isEqualTo(unrestricted);
		assertThat(((Cart) allowed.deserialize(unrestricted)).counts()).isEqualTo(CART.counts());
		assertThatExceptionOfType(SerializationException.class)
			.isThrownBy(() -> ObjectFormat.FORY.serializer(LOADER, List.of(), ELSEWHERE).deserialize(unrestricted))
			.withMessageContaining("is not in the allow list (com.acme.**)");
	}

	/** A class the list refuses is refused by its name: the class a value names is not even loaded. */
	@ParameterizedTest
	@EnumSource(names = { "JDK", "KRYO", "FORY" })
	void aRefusedClassIsNotLoaded(ObjectFormat format) {
		List<String> loaded = new CopyOnWriteArrayList<>();
		ClassLoader recording = new ClassLoader(LOADER) {

			@Override
			protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
				loaded.add(name);
				return super.loadClass(name, resolve);
			}

		};
		byte[] bytes = format.serializer(LOADER, List.of()).serialize(CART);

		assertThatExceptionOfType(SerializationException.class)
			.isThrownBy(() -> format.serializer(recording, List.of(), ELSEWHERE).deserialize(bytes))
			.withMessageEndingWith(Cart.class.getName() + " is not in the allow list (com.acme.**)");
		assertThat(loaded).doesNotContain(Cart.class.getName());
		assertThat(format.serializer(recording, List.of(), THIS_PACKAGE).deserialize(bytes)).isNotNull();
		assertThat(loaded).contains(Cart.class.getName());
	}

	/** What a service's values hold of the JDK's own: each reads back as itself with no pattern of the user's. */
	static Stream<Arguments> commonValues() {
		List<Named<Object>> values = List.of(Named.of("ArrayList", new ArrayList<>(List.of("a", "b"))),
				Named.of("LinkedList", new LinkedList<>(List.of("a", "b"))),
				Named.of("HashMap", new HashMap<>(Map.of("a", 1, "b", 2))),
				Named.of("LinkedHashMap", new LinkedHashMap<>(Map.of("a", 1, "b", 2))),
				Named.of("TreeMap", new TreeMap<>(Map.of("a", 1, "b", 2))),
				Named.of("HashSet", new HashSet<>(Set.of("a", "b"))),
				Named.of("LinkedHashSet", new LinkedHashSet<>(List.of("b", "a"))),
				Named.of("TreeSet", new TreeSet<>(Set.of("a", "b"))), Named.of("List.of", List.of("a", "b", "c")),
				Named.of("List.of(one)", List.of("a")), Named.of("List.of()", List.of()),
				Named.of("Map.of", Map.of("a", 1, "b", 2)), Named.of("Map.of(one)", Map.of("a", 1)),
				Named.of("Set.of", Set.of("a", "b", "c")), Named.of("Set.of(one)", Set.of("a")),
				Named.of("Collections.unmodifiableList", Collections.unmodifiableList(new ArrayList<>(List.of("a")))),
				Named.of("Collections.unmodifiableMap", Collections.unmodifiableMap(new HashMap<>(Map.of("a", 1)))),
				Named.of("Arrays.asList", Arrays.asList("a", "b")),
				Named.of("EnumMap", new EnumMap<>(Map.of(TimeUnit.SECONDS, 1L, TimeUnit.DAYS, 2L))),
				Named.of("EnumSet", EnumSet.of(DayOfWeek.MONDAY, DayOfWeek.FRIDAY)),
				Named.of("Instant", Instant.ofEpochSecond(7, 9)), Named.of("LocalDate", LocalDate.of(2026, 12, 6)),
				Named.of("ZonedDateTime", ZonedDateTime.of(2026, 12, 6, 3, 45, 0, 0, ZoneId.of("Europe/Paris"))),
				Named.of("Duration", Duration.ofMinutes(5)), Named.of("BigDecimal", new BigDecimal("9.90")),
				Named.of("BigInteger", new BigInteger("123456789012345678901234567890")));
		// Redisson's Kryo setup writes an EnumMap it cannot read, allow list or not: Kryo's MapSerializer fills the
		// instance Objenesis made, whose key type is unset
		return Stream.of(ObjectFormat.JDK, ObjectFormat.KRYO, ObjectFormat.FORY)
			.flatMap((format) -> values.stream()
				.filter((value) -> format == ObjectFormat.JDK || !(value.getPayload() instanceof EnumMap))
				.map((value) -> Arguments.of(format, value)));
	}

	@ParameterizedTest(name = "{0} {1}")
	@MethodSource("commonValues")
	void theJdksCommonValuesReadBackWithNoPattern(ObjectFormat format, Object value) {
		RedisSerializer<Object> serializer = format.serializer(LOADER, List.of(), new AllowList(List.of()));

		Object read = serializer.deserialize(serializer.serialize(value));

		assertThat(read).isEqualTo(value).hasSameClassAs(value);
	}

	/** PriorityQueue's readObject runs the comparator the stream holds: the start of known gadget chains. */
	@ParameterizedTest
	@EnumSource(names = { "JDK", "KRYO" })
	void aValueNamingAJdkClassOffTheListIsRefusedInOneLine(ObjectFormat format) {
		PriorityQueue<String> queue = new PriorityQueue<>(List.of("b", "a"));
		RedisSerializer<Object> unrestricted = format.serializer(LOADER, List.of());
		RedisSerializer<Object> allowed = format.serializer(LOADER, List.of(), ELSEWHERE);

		for (Object value : List.of(queue, new ArrayList<>(List.of(queue)))) {
			byte[] bytes = unrestricted.serialize(value);
			assertThatExceptionOfType(SerializationException.class).isThrownBy(() -> allowed.deserialize(bytes))
				.satisfies((refused) -> assertThat(refused.getMessage()).doesNotContain("\n")
					.endsWith("java.util.PriorityQueue is not in the allow list (com.acme.**)"));
		}
	}

	/** Orders by length: a comparator of the service's own. */
	static final class ByLength implements Comparator<String>, Serializable {

		@Override
		public int compare(String a, String b) {
			return Integer.compare(a.length(), b.length());
		}

	}

	/**
	 * Fory builds the JDK's collections itself, by their id in its own registry, never through their
	 * {@code readObject}: a PriorityQueue is no gadget there, but every class it builds by name is checked, a queue's
	 * comparator too.
	 */
	@Test
	void foryRefusesAClassOffTheListThatAValueNamesInsideAJdkCollection() {
		PriorityQueue<String> queue = new PriorityQueue<>(new ByLength());
		queue.addAll(List.of("bb", "a"));
		byte[] bytes = ObjectFormat.FORY.serializer(LOADER, List.of()).serialize(queue);

		assertThatExceptionOfType(SerializationException.class)
			.isThrownBy(() -> ObjectFormat.FORY.serializer(LOADER, List.of(), ELSEWHERE).deserialize(bytes))
			.satisfies((refused) -> assertThat(refused.getMessage()).doesNotContain("\n")
				.endsWith(ByLength.class.getName() + " is not in the allow list (com.acme.**)"));
		assertThat(ObjectFormat.FORY.serializer(LOADER, List.of(), THIS_PACKAGE).deserialize(bytes))
			.asInstanceOf(InstanceOfAssertFactories.collection(String.class))
			.containsExactlyInAnyOrder("a", "bb");
	}

	/** An exception of the service's own: Kryo writes it as a JDK stream, which holds whatever it carries. */
	static final class Failure extends RuntimeException {

		private static final long serialVersionUID = 1L;

		final Serializable carried;

		Failure(Serializable carried) {
			super("out of stock");
			this.carried = carried;
		}

	}

	@Test
	void kryoReadsAnExceptionsJdkStreamWithinTheListToo() {
		RedisSerializer<Object> unrestricted = ObjectFormat.KRYO.serializer(LOADER, List.of());
		RedisSerializer<Object> allowed = ObjectFormat.KRYO.serializer(LOADER, List.of(), THIS_PACKAGE);
		Failure failure = new Failure(new ArrayList<>(List.of("a-1")));
		byte[] gadget = unrestricted.serialize(new Failure(new PriorityQueue<>(List.of("b", "a"))));

		Failure read = (Failure) allowed.deserialize(unrestricted.serialize(failure));

		assertThat(read.carried).isEqualTo(failure.carried);
		assertThat(read.getMessage()).isEqualTo(failure.getMessage());
		assertThatExceptionOfType(SerializationException.class).isThrownBy(() -> allowed.deserialize(gadget))
			.withMessageEndingWith("java.util.PriorityQueue is not in the allow list (org.redisbench.valueformat.objects.*)");
	}

	@Test
	void aServicesEncodingWritesTheStandardFrameAndReadsTheAppsCompactOne() {
		ObjectFormats.Choice choice = ObjectFormats.Choice.parse("kryo+zstd");
		byte[] compact = ObjectFormats.encoding(choice, LOADER, List.of(), () -> null).serializer().serialize(CART);
		RedisSerializer<Object> service = ObjectFormats
			.encoding(choice, Frame.STANDARD, THIS_PACKAGE, LOADER, List.of(), () -> null)
			.serializer();

		assertThat(compact[0]).isEqualTo((byte) 0xC3);
		assertThat(service.serialize(CART)[0]).isEqualTo((byte) 0xCB);
		assertThat(((Cart) service.deserialize(compact)).counts()).isEqualTo(CART.counts());
		assertThat(choice.compression()).isEqualTo(Compression.ZSTD);
	}

}
