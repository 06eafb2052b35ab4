package org.redisbench.model;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Durations and rates as people write them on a command line, with {@code tc}'s units: {@code 0.225ms},
 * {@code 50us}, {@code 1gbit} (bits per second), {@code 10mbps} (bytes per second). The one reading of a round
 * trip for the scripts too ({@code latency-proxy.jar micros}), so that a table's expected delay is what the
 * proxy was told to add; and the report reads the round trip a run names through it.
 */
public final class Quantities {

	private static final Pattern NUMBER_AND_UNIT = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*([a-zµ]*)");

	private static final Map<String, Long> NANOS_PER_UNIT = Map.of("ns", 1L, "us", 1_000L, "µs", 1_000L, "ms",
			1_000_000L, "s", 1_000_000_000L);

	private static final Map<String, Long> BITS_PER_SECOND_PER_UNIT = Map.ofEntries(Map.entry("bit", 1L),
			Map.entry("kbit", 1_000L), Map.entry("mbit", 1_000_000L), Map.entry("gbit", 1_000_000_000L),
			Map.entry("bps", 8L), Map.entry("kbps", 8_000L), Map.entry("mbps", 8_000_000L),
			Map.entry("gbps", 8_000_000_000L));

	private Quantities() {
	}

	/** Nanoseconds in a duration such as {@code 0.225ms}; a bare {@code 0} is zero. */
	public static long parseNanos(String text) {
		return parse(text, NANOS_PER_UNIT, "a duration such as 0.225ms, 50us or 1s");
	}

	/** Microseconds in a duration such as {@code 0.45ms}, as {@link #parseNanos} reads it. */
	public static double parseMicros(String text) {
		return parseNanos(text) / 1e3;
	}

	/** Microseconds in a duration, for a script: {@code 450}, {@code 0.5}, {@code 1000000}, never {@code 1E+6}. */
	public static String microsText(String duration) {
		return BigDecimal.valueOf(parseNanos(duration)).movePointLeft(3).stripTrailingZeros().toPlainString();
	}

	/** Bits per second in a rate such as {@code 1gbit}; a bare {@code 0} means no limit. */
	public static long parseBitsPerSecond(String text) {
		return parse(text, BITS_PER_SECOND_PER_UNIT, "a rate such as 1gbit, 100mbit or 10mbps (bytes)");
	}

	/** A duration for people: {@code 225us}, {@code 1.5ms}, to three decimals. */
	public static String formatNanos(long nanos) {
		if (nanos == 0) {
			return "0";
		}
		if (nanos >= 1_000_000) {
			return decimal(nanos, 1_000_000) + "ms";
		}
		return (nanos >= 1_000) ? decimal(nanos, 1_000) + "us" : nanos + "ns";
	}

	/** A rate in bits per second as {@code 1gbit}, {@code 250mbit}, or {@code unlimited} for 0. */
	public static String formatBitsPerSecond(long bitsPerSecond) {
		if (bitsPerSecond == 0) {
			return "unlimited";
		}
		for (String unit : new String[] { "gbit", "mbit", "kbit" }) {
			long scale = BITS_PER_SECOND_PER_UNIT.get(unit);
			if (bitsPerSecond >= scale) {
				return decimal(bitsPerSecond, scale) + unit;
			}
		}
		return bitsPerSecond + "bit";
	}

	private static String decimal(long value, long scale) {
		return BigDecimal.valueOf(value).divide(BigDecimal.valueOf(scale), 3, RoundingMode.HALF_UP)
			.stripTrailingZeros()
			.toPlainString();
	}

	private static long parse(String text, Map<String, Long> units, String expected) {
		Matcher matcher = NUMBER_AND_UNIT.matcher(text.trim().toLowerCase(Locale.ROOT));
		if (!matcher.matches()) {
			throw new IllegalArgumentException("'" + text + "' is not " + expected);
		}
		BigDecimal number = new BigDecimal(matcher.group(1));
		String unit = matcher.group(2);
		if (unit.isEmpty()) {
			if (number.signum() == 0) {
				return 0;
			}
			throw new IllegalArgumentException("'" + text + "' has no unit; expected " + expected);
		}
		Long scale = units.get(unit);
		if (scale == null) {
			throw new IllegalArgumentException("'" + text + "' has an unknown unit '" + unit + "'; expected " + expected);
		}
		try {
			return number.multiply(BigDecimal.valueOf(scale)).setScale(0, RoundingMode.HALF_UP).longValueExact();
		}
		catch (ArithmeticException ex) {
			throw new IllegalArgumentException("'" + text + "' is too large", ex);
		}
	}

}
