package org.redisbench.proxy;

import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;

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

	static final String USAGE = """
			Usage: java -jar latency-proxy.jar --listen HOST:PORT --target HOST:PORT [options]

			Forwards every TCP connection accepted on --listen to --target, byte for byte, and delays each
			direction as a network between them would. Half-closes (FIN) and resets (RST) are passed through.
			Prints "listening on HOST:PORT" once ready; stops on SIGTERM or Ctrl-C.

			Addresses:
			  --listen HOST:PORT   where to accept connections (port 0: a free port, printed)
			  --target HOST:PORT   where to forward them

			Network:
			  --delay D            one-way delay per direction, e.g. 0.225ms (round trip +0.45ms) [0]
			  --rtt R              the same as a round trip: --rtt 0.45ms is --delay 0.225ms
			  --jitter J           delay varies uniformly within D-J..D+J; bytes are never reordered [0]
			  --rate R             link rate per direction, shared by all connections, e.g. 1gbit,
			                       100mbit, 10mbps (bytes) [unlimited]

			Timing:
			  --spin S             spin this long before a due time instead of sleeping [100us]

			Units: ns, us, ms, s; bit, kbit, mbit, gbit (bits/s), bps, kbps, mbps, gbps (bytes/s), as tc.
			""";

	ProxySettings {
		if (delayNanos < 0 || jitterNanos < 0 || bitsPerSecond < 0 || spinNanos < 0) {
			throw new IllegalArgumentException("delay, jitter, rate and spin must not be negative");
		}
	}

	static ProxySettings fromArguments(String... arguments) {
		InetSocketAddress listen = null;
		InetSocketAddress target = null;
		long delay = 0;
		long jitter = 0;
		long rate = 0;
		long spin = DEFAULT_SPIN_NANOS;
		List<String> rest = new ArrayList<>(List.of(arguments));
		while (!rest.isEmpty()) {
			String option = rest.remove(0);
			if (rest.isEmpty()) {
				throw new IllegalArgumentException(option + " needs a value");
			}
			String value = rest.remove(0);
			switch (option) {
				case "--listen" -> listen = address(value, option);
				case "--target" -> target = address(value, option);
				case "--delay" -> delay = Quantities.parseNanos(value);
				case "--rtt" -> delay = Quantities.parseNanos(value) / 2;
				case "--jitter" -> jitter = Quantities.parseNanos(value);
				case "--rate" -> rate = Quantities.parseBitsPerSecond(value);
				case "--spin" -> spin = Quantities.parseNanos(value);
				default -> throw new IllegalArgumentException("unknown option " + option);
			}
		}
		if (listen == null || target == null) {
			throw new IllegalArgumentException("--listen and --target are both needed");
		}
		return new ProxySettings(listen, target, delay, jitter, rate, spin);
	}

	/** One line for the log: what is emulated between which addresses. */
	String describe() {
		String delay = Quantities.formatNanos(this.delayNanos)
				+ ((this.jitterNanos > 0) ? " ±" + Quantities.formatNanos(this.jitterNanos) : "");
		return "to " + this.target.getHostString() + ":" + this.target.getPort() + ", one-way delay " + delay
				+ " each direction, rate " + Quantities.formatBitsPerSecond(this.bitsPerSecond);
	}

	private static InetSocketAddress address(String text, String option) {
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
