package org.redisbench.objectreading.objects;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class StructuralDiffTest {

	record Price(String currency, BigDecimal amount) {
	}

	record Line(String sku, Price price) {
	}

	record Cart(List<Line> items) {
	}

	record Holder(Object value) {
	}

	/** A class whose equals lies: every instance equals every other. */
	static final class Liar {

		private final int value;

		Liar(int value) {
			this.value = value;
		}

		@Override
		public boolean equals(Object other) {
			return other instanceof Liar;
		}

		@Override
		public int hashCode() {
			return 1;
		}

	}

	/** A class that must not be asked: a diff that runs the user's code would throw here. */
	static final class Untouchable {

		private final String name;

		Untouchable(String name) {
			this.name = name;
		}

		@Override
		public boolean equals(Object other) {
			throw new AssertionError("equals called");
		}

		@Override
		public int hashCode() {
			throw new AssertionError("hashCode called");
		}

		@Override
		public String toString() {
			throw new AssertionError("toString called");
		}

	}

	private static Cart cart(String thirdPrice) {
		return new Cart(List.of(new Line("a", new Price("EUR", new BigDecimal("1.00"))),
				new Line("b", new Price("EUR", new BigDecimal("3"))),
				new Line("c", new Price("EUR", new BigDecimal(thirdPrice)))));
	}

	private static Optional<String> diff(Object original, Object decoded) {
		return StructuralDiff.firstDifference(original, decoded, Disclosure.SHOWN);
	}

	@Test
	void aBigDecimalsScaleIsADifferenceWrittenAsAPath() {
		assertEquals(Optional.of("cart.items[2].price.amount: 12.50 ≠ 12.5"), diff(cart("12.50"), cart("12.5")));
		assertEquals(Optional.empty(), diff(cart("12.50"), cart("12.50")));
	}

	@Test
	void aListsOrderMatters() {
		assertEquals(Optional.of("holder.value[1]: 2 ≠ 3"),
				diff(new Holder(new ArrayList<>(List.of(1, 2, 3))), new Holder(new ArrayList<>(List.of(1, 3, 2)))));
	}

	@Test
	void aHashSetsOrderDoesNotMatterButItsClassDoesAndALinkedSetsOrderDoes() {
		Set<String> hashed = new HashSet<>(List.of("x", "y", "z"));
		Set<String> linked = new LinkedHashSet<>(List.of("z", "y", "x"));
		assertEquals(Optional.empty(), diff(hashed, new HashSet<>(List.of("z", "x", "y"))));
		assertEquals(Optional.empty(), diff(hashed, linked));
		assertEquals(Optional.of("linkedHashSet: class java.util.LinkedHashSet ≠ java.util.HashSet"),
				diff(linked, hashed));
		assertEquals(Optional.of("linkedHashSet{0}: \"z\" ≠ \"x\""), diff(linked, new LinkedHashSet<>(List.of("x", "y", "z"))));
		assertEquals(Optional.of("holder.value: class java.util.TreeSet ≠ java.util.HashSet"),
				diff(new Holder(new TreeSet<>(hashed)), new Holder(new HashSet<>(hashed))));
		assertEquals(Optional.of("holder.value: class java.util.ArrayList ≠ java.util.LinkedList"),
				diff(new Holder(new ArrayList<>(hashed)), new Holder(new LinkedList<>(hashed))));
	}

	@Test
	void aTreeSetThatLostItsComparatorIsADifference() {
		TreeSet<String> reversed = new TreeSet<>(Comparator.reverseOrder());
		reversed.addAll(List.of("a", "b"));
		TreeSet<String> natural = new TreeSet<>(List.of("a", "b"));
		Optional<String> difference = diff(new Holder(reversed), new Holder(natural));
		assertTrue(difference.orElseThrow().startsWith("holder.value.comparator(): "), difference.toString());
	}

	@Test
	void aLostFieldIsADifference() {
		Corpus.Account original = Corpus.account(1);
		Corpus.Account lost = new Corpus.Account(original.getName(), original.getBalanceCents(), null);
		assertEquals(Optional.of("account.owners: a java.util.ArrayList ≠ null"), diff(original, lost));
	}

	@Test
	void anInstantTruncatedToMillisIsADifference() {
		Instant precise = Instant.ofEpochSecond(1_700_000_000L, 123_456_789);
		assertEquals(Optional.of("holder.value: 2023-11-14T22:13:20.123456789Z ≠ 2023-11-14T22:13:20.123Z"),
				diff(new Holder(precise), new Holder(precise.truncatedTo(ChronoUnit.MILLIS))));
	}

	@Test
	void aBoxedNumberOfAnotherTypeIsADifference() {
		Map<String, Object> original = new HashMap<>(Map.of("visits", 3L));
		Map<String, Object> decoded = new HashMap<>(Map.of("visits", 3));
		assertEquals(Optional.of("hashMap[\"visits\"]: class java.lang.Long ≠ java.lang.Integer"),
				diff(original, decoded));
	}

	@Test
	void equalGraphsWithCyclesAreEqualAndADifferenceInsideACycleIsFound() {
		assertEquals(Optional.empty(), diff(Corpus.tree(1), Corpus.tree(1)));
		Corpus.Node changed = Corpus.tree(1);
		changed.getChildren().get(1).setName("renamed");
		assertEquals(Optional.of("node.children[1].name: \"right\" ≠ \"renamed\""), diff(Corpus.tree(1), changed));
	}

	@Test
	void aUsersEqualsIsNotTrusted() {
		assertEquals(Optional.of("holder.value.value: 1 ≠ 2"), diff(new Holder(new Liar(1)), new Holder(new Liar(2))));
	}

	@Test
	void noCodeOfTheUsersClassesRuns() {
		assertEquals(Optional.empty(), diff(new Holder(List.of(new Untouchable("a"))),
				new Holder(List.of(new Untouchable("a")))));
		assertEquals(Optional.of("holder.value.name: \"a\" ≠ \"b\""),
				diff(new Holder(new Untouchable("a")), new Holder(new Untouchable("b"))));
	}

	@Test
	void setsAndMapsOfTheUsersObjectsMatchByStructureWhateverTheirOrder() {
		Set<Line> original = new HashSet<>();
		List<Line> lines = List.of(new Line("a", new Price("EUR", BigDecimal.ONE)),
				new Line("b", new Price("EUR", BigDecimal.TEN)));
		original.addAll(lines);
		Set<Line> decoded = new HashSet<>();
		decoded.add(new Line("b", new Price("EUR", BigDecimal.TEN)));
		decoded.add(new Line("a", new Price("EUR", BigDecimal.ONE)));
		assertEquals(Optional.empty(), diff(original, decoded));
		Set<Line> changed = new HashSet<>();
		changed.add(new Line("b", new Price("EUR", BigDecimal.TEN)));
		changed.add(new Line("a", new Price("USD", BigDecimal.ONE)));
		assertTrue(diff(original, changed).orElseThrow().contains("has no equal in the decoded set"));
		Map<Line, String> keyed = new HashMap<>(Map.of(lines.get(0), "x"));
		assertEquals(Optional.of("hashMap.keys[0]: \"x\" ≠ \"y\""),
				diff(keyed, new HashMap<>(Map.of(new Line("a", new Price("EUR", BigDecimal.ONE)), "y"))));
	}

	@Test
	void theJdksPrivateCollectionsMayComeBackAsAnyOfTheirKind() {
		assertEquals(Optional.empty(), diff(new Holder(List.of("a", "b")), new Holder(new ArrayList<>(List.of("a", "b")))));
		assertEquals(Optional.empty(),
				diff(new Holder(Arrays.asList("a", "b")), new Holder(new LinkedList<>(List.of("a", "b")))));
		assertEquals(Optional.of("holder.value: class java.util.ImmutableCollections$List12 ≠ java.util.HashSet"),
				diff(new Holder(List.of("a", "b")), new Holder(new HashSet<>(List.of("a", "b")))));
		assertEquals(Optional.of("holder.value: class java.util.ArrayList ≠ java.util.ImmutableCollections$List12"),
				diff(new Holder(new ArrayList<>(List.of("a", "b"))), new Holder(List.of("a", "b"))));
	}

	@Test
	void transientFieldsAreLeftOutAsJdkSerializationLeavesThemOut() throws Exception {
		Corpus.Account original = Corpus.account(1);
		java.lang.reflect.Field hits = Corpus.Account.class.getDeclaredField("hits");
		hits.setAccessible(true);
		hits.setInt(original, 7);
		assertEquals(Optional.empty(), diff(original, Corpus.account(1)));
	}

	@Test
	void arraysElementByElement() {
		assertEquals(Optional.of("holder.value[2]: 3 ≠ 4"), diff(new Holder(new int[] { 1, 2, 3 }),
				new Holder(new int[] { 1, 2, 4 })));
		assertEquals(Optional.of("holder.value[1]: \"b\" ≠ \"c\""),
				diff(new Holder(new String[] { "a", "b" }), new Holder(new String[] { "a", "c" })));
	}

	/** What a report must never print unless asked: a Spring Security password hash. */
	private static final String SECRET = "{bcrypt}$2a$10$dXJ3SW6G7P50lGmMkkmwe.20cQQubK3.HZWzG3YB1tlRy.fqvM/BG";

	private static Optional<String> hidden(Object original, Object decoded) {
		return StructuralDiff.firstDifference(original, decoded, Disclosure.HIDDEN);
	}

	@Test
	void hiddenAStringIsItsLengthAndWhereItFirstDiffers() {
		String changed = SECRET.substring(0, 20) + "?" + SECRET.substring(21);
		assertEquals(Optional.of("holder.value: a String of 68 chars ≠ a String of 68 chars, first differing at index 20"),
				hidden(new Holder(SECRET), new Holder(changed)));
		assertEquals(Optional.of("holder.value: \"" + SECRET + "\" ≠ \"" + changed + "\""),
				diff(new Holder(SECRET), new Holder(changed)), "shown, the values themselves");
		assertEquals(Optional.of("holder.value: a String of 68 chars ≠ a String of 60 chars, first differing at index 60"),
				hidden(new Holder(SECRET), new Holder(SECRET.substring(0, 60))));
	}

	@Test
	void hiddenABigDecimalIsItsScaleAndWhetherTheNumberIsTheSame() {
		assertEquals(Optional.of("cart.items[2].price.amount: a BigDecimal of scale 2 ≠ a BigDecimal of scale 1, "
				+ "the same number"), hidden(cart("12.50"), cart("12.5")));
		assertEquals(Optional.of("cart.items[2].price.amount: a BigDecimal of scale 2 ≠ a BigDecimal of scale 2, "
				+ "another number"), hidden(cart("12.50"), cart("12.51")));
	}

	@Test
	void hiddenOtherValuesAreTheirClassAndWhereTheirTextsDiffer() {
		Instant precise = Instant.ofEpochSecond(1_700_000_000L, 123_456_789);
		assertEquals(Optional.of("holder.value: an Instant ≠ an Instant, their texts (30 ≠ 24 chars) first differing "
				+ "at index 23"), hidden(new Holder(precise), new Holder(precise.truncatedTo(ChronoUnit.MILLIS))));
		assertEquals(Optional.of("holder.value: a Boolean ≠ a Boolean"),
				hidden(new Holder(Boolean.TRUE), new Holder(Boolean.FALSE)));
	}

	@Test
	void hiddenAMapsKeyInAPathIsItsPositionAndShape() {
		Map<String, Object> original = new HashMap<>(Map.of(SECRET, 3L));
		assertEquals(Optional.of("hashMap[key 0, a String of 68 chars]: class java.lang.Long ≠ java.lang.Integer"),
				hidden(original, new HashMap<>(Map.of(SECRET, 3))));
		assertEquals(Optional.of("hashMap[\"" + SECRET + "\"]: class java.lang.Long ≠ java.lang.Integer"),
				diff(original, new HashMap<>(Map.of(SECRET, 3))));
		java.util.TreeMap<String, Object> sorted = new java.util.TreeMap<>(Map.of("a", 1, SECRET, 2L));
		assertEquals(Optional.of("treeMap[key 1, a String of 68 chars]: class java.lang.Long ≠ java.lang.Integer"),
				hidden(sorted, new java.util.TreeMap<>(Map.of("a", 1, SECRET, 2))));
	}

	@Test
	void hiddenNoDifferenceHoldsTheSecret() {
		List<Object[]> pairs = List.of(new Object[] { new Holder(SECRET), new Holder(SECRET + "x") },
				new Object[] { new Holder(SECRET), new Holder(null) },
				new Object[] { new HashSet<>(List.of(SECRET, "b")), new HashSet<>(List.of("a", "b")) },
				new Object[] { new HashMap<>(Map.of(SECRET, 1)), new HashMap<>(Map.of("a", 1)) },
				new Object[] { new HashMap<>(Map.of(SECRET, SECRET)), new HashMap<>(Map.of(SECRET, "a")) },
				new Object[] { new Holder(new String[] { SECRET }), new Holder(new String[] { "a" }) },
				new Object[] { new Holder(Optional.of(SECRET)), new Holder(Optional.of("a")) },
				new Object[] { new Holder(SECRET.toCharArray()), new Holder(("X" + SECRET.substring(1)).toCharArray()) },
				new Object[] { new Holder(List.of(new Untouchable(SECRET))), new Holder(List.of(new Untouchable("a"))) });
		for (Object[] pair : pairs) {
			String shown = diff(pair[0], pair[1]).orElseThrow();
			String hidden = hidden(pair[0], pair[1]).orElseThrow();
			// the secret, or where a char array is compared char by char its characters, are in the shown text only
			String leak = pair[0] instanceof Holder holder && holder.value() instanceof char[] ? "'{'" : SECRET;
			assertTrue(shown.contains(leak), () -> "shown: " + shown);
			assertFalse(hidden.contains(leak) || hidden.contains(SECRET.substring(10, 30)), () -> "hidden: " + hidden);
		}
	}

	@Test
	void aSecurityContextReadBackByJdkSerializationIsTheSame() throws Exception {
		ObjectCodec jdk = new JdkObjectCodec(getClass().getClassLoader());
		Object context = Corpus.securityContext(3);
		assertEquals(Optional.empty(), diff(context, jdk.decode(jdk.encode(context), context.getClass())));
		assertTrue(diff(context, Corpus.securityContext(4)).isPresent());
	}

}
