package org.redisbench.objectreading.objects;

import java.io.Serializable;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.function.Function;
import java.util.function.IntFunction;

import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.authority.SimpleGrantedAuthority;
import org.springframework.security.core.context.SecurityContextImpl;
import org.springframework.security.core.userdetails.User;

/**
 * Test objects shaped like what Spring services keep in Redis: a Spring Security context as Spring Session
 * stores it, cache entries as records with nested collections, {@code java.time}, {@code BigDecimal} with a
 * scale and enums; and the shapes codecs trip on: no default constructor, a cycle, a lambda, a collection type
 * of a library's own.
 */
final class Corpus {

	enum Status {
		OPEN, PAID {
			@Override
			boolean settled() {
				return true;
			}
		};

		boolean settled() {
			return false;
		}
	}

	record Line(String sku, int quantity, BigDecimal price) implements Serializable {
	}

	record Cart(UUID id, String customer, List<Line> lines, Map<String, BigDecimal> discounts, Set<Status> seen,
			Instant created, LocalDate delivery, OffsetDateTime due, Duration hold, Locale locale, Status status)
			implements Serializable {
	}

	/** A cache entry of a class with no default constructor and final fields, as immutable classes are written. */
	static final class Account implements Serializable {

		private static final long serialVersionUID = 1L;

		private final String name;

		private final long balanceCents;

		private final List<String> owners;

		private transient int hits;

		Account(String name, long balanceCents, List<String> owners) {
			this.name = name;
			this.balanceCents = balanceCents;
			this.owners = owners;
		}

		public String getName() {
			return this.name;
		}

		public long getBalanceCents() {
			return this.balanceCents;
		}

		public List<String> getOwners() {
			return this.owners;
		}

		int hits() {
			return this.hits;
		}

	}

	/** A bean with a default constructor that points back at itself through a list of children. */
	public static final class Node implements Serializable {

		private static final long serialVersionUID = 1L;

		private String name;

		private Node parent;

		private List<Node> children = new ArrayList<>();

		public Node() {
		}

		Node(String name) {
			this.name = name;
		}

		Node add(Node child) {
			child.parent = this;
			this.children.add(child);
			return this;
		}

		public String getName() {
			return this.name;
		}

		public void setName(String name) {
			this.name = name;
		}

		public Node getParent() {
			return this.parent;
		}

		public void setParent(Node parent) {
			this.parent = parent;
		}

		public List<Node> getChildren() {
			return this.children;
		}

		public void setChildren(List<Node> children) {
			this.children = children;
		}

	}

	/** A value holding a (serializable) lambda: a pricing rule kept with the entry. */
	public static final class Rule implements Serializable {

		private static final long serialVersionUID = 1L;

		private String name;

		private Function<BigDecimal, BigDecimal> apply;

		public Rule() {
		}

		Rule(String name, BigDecimal factor) {
			this.name = name;
			this.apply = (Function<BigDecimal, BigDecimal> & Serializable) (price) -> price.multiply(factor);
		}

		public String getName() {
			return this.name;
		}

		public Function<BigDecimal, BigDecimal> getApply() {
			return this.apply;
		}

	}

	/**
	 * A library's own immutable collection, as Guava's {@code ImmutableList} is: no default constructor and no
	 * {@code add}, so a codec that rebuilds collections element by element has no way in.
	 */
	static final class FixedList<E> extends AbstractList<E> implements Serializable {

		private static final long serialVersionUID = 1L;

		private final Object[] elements;

		@SafeVarargs
		FixedList(E... elements) {
			this.elements = elements.clone();
		}

		@Override
		@SuppressWarnings("unchecked")
		public E get(int index) {
			return (E) this.elements[index];
		}

		@Override
		public int size() {
			return this.elements.length;
		}

	}

	/** A cache entry holding a library's collection. */
	public record Shelf(String name, List<String> books) implements Serializable {
	}

	/** Every shape, each made from a seed so that a sample holds several values of it. */
	static final List<IntFunction<Object>> SHAPES = List.of(Corpus::securityContext, Corpus::cart, Corpus::account,
			Corpus::tree, Corpus::rule, Corpus::shelf, Corpus::attributes);

	private Corpus() {
	}

	static SecurityContextImpl securityContext(int i) {
		User user = (User) User.withUsername("user" + i)
			.password("{noop}secret" + i)
			.authorities("ROLE_USER", "ROLE_ADMIN", "SCOPE_read")
			.build();
		UsernamePasswordAuthenticationToken token = UsernamePasswordAuthenticationToken.authenticated(user, null,
				user.getAuthorities());
		token.setDetails(new SimpleGrantedAuthority("details" + i));
		return new SecurityContextImpl(token);
	}

	static Cart cart(int i) {
		Map<String, BigDecimal> discounts = new LinkedHashMap<>();
		discounts.put("SPRING", new BigDecimal("12.50"));
		discounts.put("LOYAL" + i, new BigDecimal("0.050"));
		return new Cart(new UUID(i, 42L * i), "customer" + i,
				List.of(new Line("sku-" + i, 2, new BigDecimal("19.90")), new Line("sku-x", 1, new BigDecimal("5"))),
				discounts, EnumSet.of(Status.OPEN, Status.PAID), Instant.ofEpochSecond(1_700_000_000L + i, 123_456_789),
				LocalDate.of(2026, 11, 1 + i % 28), OffsetDateTime.of(2026, 12, 1, 9, 30, 0, 0, ZoneOffset.ofHours(2)),
				Duration.ofMinutes(15), Locale.CANADA_FRENCH, i % 2 == 0 ? Status.OPEN : Status.PAID);
	}

	static Account account(int i) {
		return new Account("account" + i, 100_000L + i, new ArrayList<>(Arrays.asList("ada", "grace" + i)));
	}

	static Node tree(int i) {
		return new Node("root" + i).add(new Node("left")).add(new Node("right"));
	}

	static Rule rule(int i) {
		return new Rule("rule" + i, new BigDecimal("1.0" + i % 10));
	}

	static Shelf shelf(int i) {
		return new Shelf("shelf" + i, new FixedList<>("a" + i, "b"));
	}

	/** A Spring Cache style map of typed attributes, as a session keeps besides its security context. */
	static Map<String, Object> attributes(int i) {
		Map<String, Object> attributes = new HashMap<>();
		attributes.put("cart", cart(i));
		attributes.put("visits", i);
		attributes.put("lastSeen", Instant.ofEpochMilli(1_700_000_000_000L + i));
		attributes.put("prices", new TreeMap<>(Map.of("a", new BigDecimal("1.10"), "b", new BigDecimal("2"))));
		return attributes;
	}

}
