package org.redisbench.runresults;

import java.math.BigDecimal;
import java.util.regex.Pattern;

import org.redisbench.model.Quantities;

/**
 * The round trip a latency proxy added to a variant's way to Redis or to the app, or {@link #NONE}: no proxy at
 * all. A proxy adding 0 ms ({@code --redis-rtt 0ms}) is a variant of its own, not the same as none: it still
 * costs its own hop, and measuring that cost is why one asks for it.
 *
 * @param ms the round trip added, in ms
 * @param proxied whether a proxy stood in the way
 */
public record Rtt(double ms, boolean proxied) {

	public static final Rtt NONE = new Rtt(0, false);

	/** A bare number, as older runs wrote the round trip: in ms. */
	private static final Pattern BARE_MS = Pattern.compile("\\d+(?:\\.\\d+)?");

	public Rtt {
		if (ms < 0 || !Double.isFinite(ms) || (ms > 0 && !proxied)) {
			throw new IllegalArgumentException("a round trip is 0 without a proxy, or one of 0 ms or more, was "
					+ ms + " ms " + (proxied ? "proxied" : "not proxied"));
		}
	}

	/** A proxy adding {@code ms}, or none for 0: how a test or a sweep names a distance. */
	public static Rtt of(double ms) {
		return ms == 0 ? NONE : new Rtt(ms, true);
	}

	/**
	 * As bench.sh writes it into variant.env: {@code 0} for no proxy, or a duration the proxy takes
	 * ({@code 0.2ms}, {@code 450us}, {@code 0ms}: a proxy adding nothing).
	 */
	public static Rtt parse(String value) {
		String text = value.strip();
		if (BARE_MS.matcher(text).matches()) {
			// Older runs wrote the round trip in bare ms, 0 (in any spelling) for no proxy.
			return of(Double.parseDouble(text));
		}
		try {
			return new Rtt(Quantities.parseNanos(text) / 1e6, true);
		}
		catch (IllegalArgumentException ex) {
			throw new IllegalArgumentException("a round trip is 0 or a duration such as 0.2ms or 450us, was '" + value + "'",
					ex);
		}
	}

	/** A proxy adding nothing: all it adds is its own hop. */
	public boolean hopOnly() {
		return this.proxied && this.ms == 0;
	}

	/** As a table cell: {@code 0.2}, {@code 0} without a proxy, {@code 0 (proxy)} for one adding nothing. */
	public String label() {
		return ms(this.ms) + (hopOnly() ? " (proxy)" : "");
	}

	/** A round trip in ms as the report prints it: {@code 0.2}, {@code 1}, never {@code 1.0} or {@code 1E+1}. */
	public static String ms(double value) {
		return BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
	}

}
