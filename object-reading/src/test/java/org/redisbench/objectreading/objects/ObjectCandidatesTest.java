package org.redisbench.objectreading.objects;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntFunction;

import org.junit.jupiter.api.Test;
import org.springframework.cache.support.NullValue;
import org.springframework.security.core.context.SecurityContextImpl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every typed candidate over the test corpus: each value carried and read back as it was, or a one-line reason
 * or first difference; and what each codec is known to do with each shape, so that a change of a library or a
 * setting that changes a verdict shows here.
 */
class ObjectCandidatesTest {

	private static final ClassLoader LOADER = ObjectCandidatesTest.class.getClassLoader();

	private static final int VALUES = 3;

	/** The values shown in a first difference, as {@code --show-values} shows them. */
	private static TypedConversion convert(String codec, IntFunction<Object> shape) {
		return convert(codec, shape, Disclosure.SHOWN);
	}

	private static TypedConversion convert(String codec, IntFunction<Object> shape, Disclosure disclosure) {
		List<Object> values = new ArrayList<>();
		for (int i = 0; i < VALUES; i++) {
			values.add(shape.apply(i));
		}
		ObjectSample sample = ObjectSample.of(values);
		return TypedConversion.of(ObjectCandidates.byId(codec, LOADER, sample), sample, disclosure);
	}

	private static String reason(TypedConversion conversion) {
		return assertInstanceOf(TypedConversion.NotCarried.class, conversion.outcomes().get(0)).reason();
	}

	private static String difference(TypedConversion conversion) {
		return assertInstanceOf(TypedConversion.Changed.class, conversion.outcomes().get(0)).firstDifference();
	}

	@Test
	void everyCandidateHasAFixedIdAndTheUsersClassLoader() {
		ObjectSample sample = ObjectSample.of(List.of(Corpus.cart(1)));
		assertEquals(List.of("jdk", "jackson-typed", "jackson", "fastjson2", "fastjson2-jsonb", "kryo", "kryo-registered",
				"fory", "fory-registered", "smile", "cbor", "msgpack"),
				ObjectCandidates.all(LOADER, sample).stream().map(ObjectCodec::id).toList());
		assertThrows(IllegalArgumentException.class, () -> ObjectCandidates.byId("xml", LOADER, sample));
	}

	@Test
	void everyOutcomeIsBytesOrOneLineOfReasonNeverAStackTrace() {
		for (String codec : ObjectCandidates.IDS) {
			for (IntFunction<Object> shape : Corpus.SHAPES) {
				TypedConversion conversion = convert(codec, shape);
				assertEquals(VALUES, conversion.outcomes().size());
				assertEquals(VALUES, conversion.faithful() + conversion.changed() + conversion.notCarried());
				for (TypedConversion.Outcome outcome : conversion.outcomes()) {
					String said = outcome instanceof TypedConversion.NotCarried notCarried ? notCarried.reason()
							: outcome instanceof TypedConversion.Changed changed ? changed.firstDifference() : "";
					assertFalse(said.contains("\n") || said.contains("\tat ") || said.length() > 400,
							codec + ": " + said);
					assertEquals(outcome instanceof TypedConversion.NotCarried, outcome.encoded().isEmpty());
				}
			}
		}
	}

	@Test
	void jdkSerializationCarriesEveryShapeAsStored() {
		for (IntFunction<Object> shape : Corpus.SHAPES) {
			TypedConversion conversion = convert("jdk", shape);
			assertTrue(conversion.isFaithful(), conversion.reasons() + " " + conversion.firstDifference());
		}
	}

	@Test
	void aSpringSecurityContextIsCarriedByTypedJacksonAndForyButNotByKryoOrJacksonWithoutTypes() {
		for (String codec : List.of("jdk", "jackson-typed", "fory", "fory-registered")) {
			assertTrue(convert(codec, Corpus::securityContext).isFaithful(), codec);
		}
		assertTrue(reason(convert("kryo", Corpus::securityContext)).startsWith(
				"written but not read back: Kryo rebuilds a collection or map with add() or put(), which this one refuses"));
		assertTrue(reason(convert("jackson", Corpus::securityContext))
			.contains("Cannot construct instance of `org.springframework.security.core.Authentication`"));
		assertTrue(difference(convert("fastjson2", Corpus::securityContext))
			.startsWith("securityContextImpl.authentication: class "
					+ "org.springframework.security.authentication.UsernamePasswordAuthenticationToken ≠ "));
	}

	@Test
	void binaryCodecsCarryRecordsWithNestedCollectionsTimeDecimalsAndEnums() {
		for (String codec : List.of("kryo", "kryo-registered", "fory", "fory-registered")) {
			assertTrue(convert(codec, Corpus::cart).isFaithful(), codec);
			assertTrue(convert(codec, Corpus::attributes).isFaithful(), codec);
		}
	}

	@Test
	void jacksonsDefaultsMoveAnOffsetDateTimeToUtc() {
		for (String codec : List.of("jackson-typed", "jackson", "smile", "cbor")) {
			assertEquals("cart.due: 2026-12-01T09:30+02:00 ≠ 2026-12-01T07:30Z", difference(convert(codec, Corpus::cart)),
					codec);
			assertEquals("cart.due: an OffsetDateTime ≠ an OffsetDateTime, their texts (22 ≠ 17 chars) first "
					+ "differing at index 12", difference(convert(codec, Corpus::cart, Disclosure.HIDDEN)), codec);
		}
	}

	/** A JDK class Kryo has no serializer for, so it reflects into it. */
	record Counter(AtomicLong hits) implements Serializable {
	}

	@Test
	void aCodecThatWouldNeedAnAddOpensFlagSaysWhichAndTheAdvisorRunsWithoutIt() {
		assertEquals("reflects into the JDK's field private volatile long java.util.concurrent.atomic.AtomicLong.value,"
				+ " which Java 17 allows only with --add-opens java.base/java.util.concurrent.atomic=ALL-UNNAMED"
				+ " (at hits (java.util.concurrent.atomic.AtomicLong))",
				reason(convert("kryo", (i) -> new Counter(new AtomicLong(i)))));
		assertTrue(convert("fory", (i) -> new Counter(new AtomicLong(i))).isFaithful());
	}

	@Test
	void aRootTheApplicationReachesThroughAnInterfaceIsAskedForByIt() {
		TypedConversion list = convert("jackson", (i) -> List.of("a" + i, "b"));
		assertTrue(list.isFaithful(), list.reasons().toString());
		assertEquals("long: class java.lang.Long ≠ java.lang.Integer",
				difference(convert("jackson-typed", (i) -> Long.valueOf(i))));
	}

	@Test
	void springCachesNullValueIsCarriedByTheCodecsThatStoreTheClass() {
		for (String codec : List.of("jdk", "jackson-typed", "kryo", "kryo-registered", "fory", "fory-registered")) {
			TypedConversion conversion = convert(codec, (i) -> NullValue.INSTANCE);
			assertTrue(conversion.isFaithful(), codec + ": " + conversion.reasons());
		}
	}

	@Test
	void messagePackHasNoDecimalSoABigDecimalLosesItsScale() {
		assertEquals("cart.lines[0].price: 19.90 ≠ 19.9", difference(convert("msgpack", Corpus::cart)));
		assertEquals("cart.lines[0].price: a BigDecimal of scale 2 ≠ a BigDecimal of scale 1, the same number",
				difference(convert("msgpack", Corpus::cart, Disclosure.HIDDEN)), "by default, no value printed");
	}

	@Test
	void aClassWithoutDefaultConstructorIsBuiltByKryoAndForyButNotByJackson() {
		for (String codec : List.of("kryo", "kryo-registered", "fory", "fory-registered", "fastjson2")) {
			assertTrue(convert(codec, Corpus::account).isFaithful(), codec);
		}
		assertTrue(reason(convert("jackson", Corpus::account)).startsWith(
				"written but not read back: Cannot construct instance of `org.redisbench.objectreading.objects.Corpus$Account`"
						+ " (no Creators, like default constructor, exist)"));
	}

	@Test
	void aCycleIsCarriedByJdkSerializationOnlyAndReportedWithItsPath() {
		assertTrue(convert("jdk", Corpus::tree).isFaithful());
		for (String codec : ObjectCandidates.IDS.subList(1, ObjectCandidates.IDS.size())) {
			assertEquals("a cycle, which " + codec + " does not carry: node.children[0].parent refers back to a "
					+ Corpus.Node.class.getName(), reason(convert(codec, Corpus::tree)));
		}
		assertEquals(Map.of("a cycle, which kryo does not carry: node.children[0].parent refers back to a "
				+ Corpus.Node.class.getName(), VALUES), convert("kryo", Corpus::tree).reasons());
	}

	@Test
	void aSerializableLambdaIsCarriedByJdkAndForyOnly() {
		assertTrue(convert("jdk", Corpus::rule).isFaithful());
		assertTrue(convert("fory", Corpus::rule).isFaithful());
		assertEquals("a lambda, which jackson cannot rebuild: rule.apply (" + Corpus.Rule.class.getName() + "$$Lambda)",
				reason(convert("jackson", Corpus::rule)));
	}

	@Test
	void aLibrarysOwnCollectionComesBackAsAnArrayListFromJsonAndNotAtAllFromKryo() {
		assertTrue(convert("fory", Corpus::shelf).isFaithful());
		assertEquals("shelf.books: class " + Corpus.FixedList.class.getName() + " ≠ java.util.ArrayList",
				difference(convert("fastjson2", Corpus::shelf)));
		assertTrue(reason(convert("kryo", Corpus::shelf)).startsWith("written but not read back: "));
	}

	@Test
	void registeringTheSamplesClassesTakesTheirNamesOutOfTheValues() {
		TypedConversion named = convert("kryo", Corpus::cart);
		TypedConversion registered = convert("kryo-registered", Corpus::cart);
		int namedBytes = named.outcomes().get(0).encoded().orElseThrow().length;
		int registeredBytes = registered.outcomes().get(0).encoded().orElseThrow().length;
		assertTrue(registeredBytes * 2 < namedBytes, registeredBytes + " against " + namedBytes);
	}

	@Test
	void registrationsAreTheSamplesClassesSortedByNameTheSameForAnyOrderOfValues() {
		List<Class<?>> forward = ObjectSample.of(List.of(Corpus.cart(1), Corpus.securityContext(1))).registrations();
		List<Class<?>> backward = ObjectSample.of(List.of(Corpus.securityContext(1), Corpus.cart(1))).registrations();
		assertEquals(forward, backward);
		List<String> names = forward.stream().map(Class::getName).toList();
		assertEquals(names.stream().sorted().toList(), names);
		assertTrue(names.contains(SecurityContextImpl.class.getName()));
		assertTrue(names.contains(Corpus.Status.class.getName()));
		assertFalse(names.stream().anyMatch((name) -> name.startsWith(Corpus.Status.class.getName() + "$")), names.toString());
	}

}
