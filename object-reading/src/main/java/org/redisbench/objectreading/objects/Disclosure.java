package org.redisbench.objectreading.objects;

import java.math.BigDecimal;

/**
 * How much of a user's values a report prints where it names one: a first difference, a map's key in a path. The
 * values come from the user's Redis or files, and a report is shared: a password hash, an e-mail or a token in
 * advice.md is a leak. So by default ({@link #HIDDEN}) a value is written as its class and its shape only (a
 * string's length, a {@code BigDecimal}'s scale, where two texts first differ, a key's position), which still says
 * why a codec changed it; {@link #SHOWN} writes the values themselves, cut short ({@code --show-values}).
 */
public enum Disclosure {

	/** Classes and shapes only: no content of a value from the source. */
	HIDDEN,

	/** The values themselves, cut short. */
	SHOWN;

	private static final int MAX_SHOWN = 80;

	/** A value as a report writes it: strings quoted when shown, objects of the user's classes by their class. */
	String value(Object value) {
		if (value == null) {
			return "null";
		}
		if (!Shapes.isJdkLeaf(value)) {
			return "a " + value.getClass().getName();
		}
		if (this == SHOWN) {
			if (value instanceof CharSequence text) {
				return '"' + cut(text.toString()) + '"';
			}
			return value instanceof Character character ? "'" + character + "'" : cut(String.valueOf(value));
		}
		String kind = article(typeName(value)) + typeName(value);
		if (value instanceof CharSequence text) {
			return kind + " of " + text.length() + " chars";
		}
		return value instanceof BigDecimal decimal ? kind + " of scale " + decimal.scale() : kind;
	}

	/**
	 * Two JDK values of the same class that are not equal. Hidden, what still tells why: a string's lengths and
	 * where it first differs, a {@code BigDecimal}'s scales and whether the number is the same, for other values
	 * (numbers, {@code java.time}...) where their texts first differ, which shows a precision lost.
	 */
	String difference(Object a, Object b) {
		String both = value(a) + " ≠ " + value(b);
		if (this == SHOWN) {
			return both;
		}
		if (a instanceof CharSequence left && b instanceof CharSequence right) {
			return both + ", first differing at index " + firstDifferingIndex(left.toString(), right.toString());
		}
		if (a instanceof BigDecimal left && b instanceof BigDecimal right) {
			return both + (left.compareTo(right) == 0 ? ", the same number" : ", another number");
		}
		if (a instanceof Boolean || a instanceof Enum<?> || a instanceof Character) {
			return both;
		}
		String left = String.valueOf(a);
		String right = String.valueOf(b);
		return both + ", their texts (" + left.length() + " ≠ " + right.length() + " chars) first differing at index "
				+ firstDifferingIndex(left, right);
	}

	/** A map's key of a JDK class (or null) in a path: the key itself when shown, its position and shape if not. */
	String key(Object key, int position) {
		return this == SHOWN ? value(key) : "key " + position + ", " + value(key);
	}

	private static String typeName(Object value) {
		Class<?> type = value instanceof Enum<?> constant ? constant.getDeclaringClass() : value.getClass();
		// an anonymous class of the JDK has no simple name
		return Shapes.isJdk(type) && !type.getSimpleName().isEmpty() ? type.getSimpleName() : type.getName();
	}

	private static String article(String name) {
		return "AEIO".indexOf(Character.toUpperCase(name.charAt(0))) >= 0 ? "an " : "a ";
	}

	private static int firstDifferingIndex(String a, String b) {
		int length = Math.min(a.length(), b.length());
		for (int i = 0; i < length; i++) {
			if (a.charAt(i) != b.charAt(i)) {
				return i;
			}
		}
		return length;
	}

	private static String cut(String text) {
		String line = text.replace("\n", "\\n").replace("\r", "\\r");
		return line.length() <= MAX_SHOWN ? line : line.substring(0, MAX_SHOWN - 3) + "...";
	}

}
