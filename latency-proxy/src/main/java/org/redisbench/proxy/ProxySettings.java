package org.redisbench.proxy;

import java.net.InetSocketAddress;

import org.redisbench.model.Quantities;

/**
 * What the proxy listens on, where it forwards to, and the network it emulates on the way.
 *
 * @param listen address to accept connections on; port 0 picks a free one
 * @param target address every accepted connection is forwarded to
 * @param delayNanos one-way delay added in each direction, so a round trip gains twice this
 * @param jitterNanos each piece of data is delayed by {@code delay ± jitter}, uniformly, but never overtakes
 * the data before it on its connection
 * @param bitsPerSecond the emulated link's rate in each direction, shared by all connections; 0 for none
 * @param spinNanos how long before a due time the delivering thread stops sleeping and spins: the wake-up
 * from a timed sleep is late by tens of microseconds on a busy machine
 */
record ProxySettings(InetSocketAddress listen, InetSocketAddress target, long delayNanos, long jitterNanos,
		long bitsPerSecond, long spinNanos) {

	/** Measured on a shared 2-core VM: a timed park overshoots by 20-50 µs at the median, ~75 µs at p90. */
	static final long DEFAULT_SPIN_NANOS = 100_000;

	ProxySettings {
		if (delayNanos < 0 || jitterNanos < 0 || bitsPerSecond < 0 || spinNanos < 0) {
			throw new IllegalArgumentException("delay, jitter, rate and spin must not be negative");
		}
	}

	/** One line for the log: what is emulated between which addresses. */
	String describe() {
		String delay = Quantities.formatNanos(this.delayNanos)
				+ ((this.jitterNanos > 0) ? " ±" + Quantities.formatNanos(this.jitterNanos) : "");
		return "to " + this.target.getHostString() + ":" + this.target.getPort() + ", one-way delay " + delay
				+ " each direction, rate " + Quantities.formatBitsPerSecond(this.bitsPerSecond);
	}

	/** {@code HOST:PORT} (an IPv6 host in brackets), for {@code option}. */
	static InetSocketAddress address(String text, String option) {
		int colon = text.lastIndexOf(':');
		if (colon <= 0 || colon == text.length() - 1) {
			throw new IllegalArgumentException(option + " needs HOST:PORT, got '" + text + "'");
		}
		String host = text.substring(0, colon).replaceAll("^\\[|\\]$", "");
		int port;
		try {
			port = Integer.parseInt(text.substring(colon + 1));
		}
		catch (NumberFormatException ex) {
			throw new IllegalArgumentException(option + " needs a numeric port, got '" + text + "'", ex);
		}
		if (port < 0 || port > 65535) {
			throw new IllegalArgumentException(option + " port out of range: " + port);
		}
		return new InetSocketAddress(host, port);
	}

}
