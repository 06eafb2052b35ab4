package org.redisbench.proxy;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.redisbench.model.Quantities;
import org.redisbench.model.Spread;
import org.redisbench.tooloutput.GarbledInput;
import org.redisbench.tooloutput.RedisBenchmarkOutput;

/**
 * The two tables of {@code latency-proxy --self-test}, from the CSV redis-benchmark printed: {@link SelfTest} runs
 * redis-benchmark, this computes.
 * <ul>
 * <li>{@code throughput}: per pipelining depth and test, the median requests/s over the rounds, direct and
 * through a proxy at no delay, and the proxied share of direct against a target.</li>
 * <li>{@code round-trips}: per round trip asked, the median PING latency direct and proxied, the difference
 * (what the proxy added) and its error against what was asked.</li>
 * </ul>
 */
final class SelfTestTable {

	private static final List<String> THROUGHPUT_TESTS = List.of("SET", "GET");

	private static final String PING = "PING_MBULK";

	private SelfTestTable() {
	}

	/** One pipelining depth's rounds, direct and through the proxy at no delay. */
	record Pipelining(int depth, List<RedisBenchmarkOutput.Test> direct, List<RedisBenchmarkOutput.Test> proxied) {
	}

	/**
	 * One test at one depth. The median is {@link Spread}'s: for an even number of rounds the mean of the middle
	 * two, where the script's awk took the lower of them (the default 3 rounds have one middle).
	 */
	record ThroughputRow(int depth, String test, Spread direct, Spread proxied) {

		double sharePercent() {
			return 100 * this.proxied.median() / this.direct.median();
		}

		String format(int targetPercent) {
			double share = sharePercent();
			String line = String.format(Locale.ROOT, "%-14s %-4s %12.0f %12.0f %8.1f%% %s", "-P " + this.depth,
					this.test, this.direct.median(), this.proxied.median(), share,
					(share >= targetPercent) ? "" : "below " + targetPercent + "%");
			return line.stripTrailing();
		}

	}

	/** The PINGs at one round trip asked, direct and through a proxy adding it. */
	record RoundTrip(String rtt, List<RedisBenchmarkOutput.Test> direct, List<RedisBenchmarkOutput.Test> proxied) {
	}

	/** Median PING latencies in ms (redis-benchmark's p50 of one run), and the round trip asked. */
	record RoundTripRow(String rtt, double directMillis, double proxiedMillis) {

		double addedMillis() {
			return this.proxiedMillis - this.directMillis;
		}

		double expectedMillis() {
			return Quantities.parseMicros(this.rtt) / 1e3;
		}

		/** How far the added delay is from the one asked, in % of it. */
		double errorPercent() {
			return 100 * (addedMillis() - expectedMillis()) / expectedMillis();
		}

		String format() {
			return String.format(Locale.ROOT, "%-8s %10.3f %10.3f %10.3f %+8.1f%%", this.rtt, this.directMillis,
					this.proxiedMillis, addedMillis(), errorPercent());
		}

	}

	static List<ThroughputRow> throughputRows(List<Pipelining> depths) {
		List<ThroughputRow> rows = new ArrayList<>();
		for (Pipelining depth : depths) {
			for (String test : THROUGHPUT_TESTS) {
				String where = test + " at -P " + depth.depth();
				rows.add(new ThroughputRow(depth.depth(), test, rates(depth.direct(), test, where + " (direct)"),
						rates(depth.proxied(), test, where + " (proxied)")));
			}
		}
		return rows;
	}

	static List<String> throughput(int targetPercent, List<Pipelining> depths) {
		List<String> lines = new ArrayList<>();
		lines.add(String.format(Locale.ROOT, "%-14s %-4s %12s %12s %9s", "pipelining", "test", "direct", "proxied",
				"share"));
		throughputRows(depths).forEach((row) -> lines.add(row.format(targetPercent)));
		lines.add("(medians of the rounds)");
		return lines;
	}

	static RoundTripRow roundTripRow(RoundTrip roundTrip) {
		if (!(Quantities.parseMicros(roundTrip.rtt()) > 0)) {
			throw new IllegalArgumentException("round trip '" + roundTrip.rtt() + "' is not above 0");
		}
		return new RoundTripRow(roundTrip.rtt(), p50(roundTrip.direct(), roundTrip.rtt() + " (direct)"),
				p50(roundTrip.proxied(), roundTrip.rtt() + " (proxied)"));
	}

	static List<String> roundTrips(List<RoundTrip> roundTrips) {
		List<String> lines = new ArrayList<>();
		lines.add(String.format(Locale.ROOT, "%-8s %10s %10s %10s %9s", "RTT", "direct", "proxied", "added",
				"error"));
		roundTrips.forEach((roundTrip) -> lines.add(roundTripRow(roundTrip).format()));
		lines.add("(redis-benchmark reports latencies to about 8 µs here)");
		return lines;
	}

	private static Spread rates(List<RedisBenchmarkOutput.Test> results, String test, String where) {
		Spread spread = Spread.of(results.stream()
			.filter((result) -> result.name().equals(test))
			.map(RedisBenchmarkOutput.Test::requestsPerSecond)
			.toList());
		if (spread == null) {
			throw new GarbledInput("redis-benchmark gave no " + where + " figure");
		}
		return spread;
	}

	private static double p50(List<RedisBenchmarkOutput.Test> results, String where) {
		List<RedisBenchmarkOutput.Test> pings = results.stream().filter((result) -> result.name().equals(PING)).toList();
		if (pings.size() != 1) {
			throw new GarbledInput("redis-benchmark gave " + pings.size() + " " + PING + " figures at " + where
					+ ", expected one");
		}
		return pings.get(0).p50Ms();
	}

}
