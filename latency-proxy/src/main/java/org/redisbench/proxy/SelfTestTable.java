package org.redisbench.proxy;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.redisbench.model.Quantities;
import org.redisbench.model.Spread;
import org.redisbench.tooloutput.GarbledInput;
import org.redisbench.tooloutput.RedisBenchmarkOutput;

/**
 * The two tables of {@code scripts/latency-proxy.sh --self-test}, from the CSV redis-benchmark printed: the
 * script runs redis-benchmark, this computes and prints.
 * <ul>
 * <li>{@code throughput}: per pipelining depth and test, the median requests/s over the rounds, direct and
 * through a proxy at no delay, and the proxied share of direct against a target.</li>
 * <li>{@code round-trips}: per round trip asked, the median PING latency direct and proxied, the difference
 * (what the proxy added) and its error against what was asked.</li>
 * </ul>
 */
final class SelfTestTable {

	static final String USAGE = """
			self-test-table throughput --target-percent P (-P DEPTH DIRECT.csv PROXIED.csv)...
			self-test-table round-trips (RTT DIRECT.csv PROXIED.csv)...
			  the tables of scripts/latency-proxy.sh --self-test from redis-benchmark --csv output (one or
			  more runs appended in each file): median requests/s of SET and GET and the proxied share of
			  direct; PING_MBULK's median latency and what the proxy at RTT added
			""";

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

	/** The subcommand: arguments after {@code self-test-table}; returns the table's lines. */
	static List<String> run(List<String> arguments) {
		if (arguments.isEmpty()) {
			throw new IllegalArgumentException("needs throughput or round-trips");
		}
		List<String> rest = arguments.subList(1, arguments.size());
		return switch (arguments.get(0)) {
			case "throughput" -> {
				if (rest.size() < 6 || !rest.get(0).equals("--target-percent") || (rest.size() - 2) % 4 != 0) {
					throw new IllegalArgumentException(
							"throughput takes --target-percent P, then -P DEPTH DIRECT.csv PROXIED.csv for each depth");
				}
				int target = integer(rest.get(1), "--target-percent");
				List<Pipelining> depths = new ArrayList<>();
				for (int i = 2; i < rest.size(); i += 4) {
					if (!rest.get(i).equals("-P")) {
						throw new IllegalArgumentException("expected -P DEPTH DIRECT.csv PROXIED.csv, got " + rest.get(i));
					}
					depths.add(new Pipelining(integer(rest.get(i + 1), "-P"), RedisBenchmarkOutput.read(Path.of(rest.get(i + 2))),
							RedisBenchmarkOutput.read(Path.of(rest.get(i + 3)))));
				}
				yield throughput(target, depths);
			}
			case "round-trips" -> {
				if (rest.isEmpty() || rest.size() % 3 != 0) {
					throw new IllegalArgumentException("round-trips takes RTT DIRECT.csv PROXIED.csv for each round trip");
				}
				List<RoundTrip> roundTrips = new ArrayList<>();
				for (int i = 0; i < rest.size(); i += 3) {
					roundTrips.add(new RoundTrip(rest.get(i), RedisBenchmarkOutput.read(Path.of(rest.get(i + 1))),
							RedisBenchmarkOutput.read(Path.of(rest.get(i + 2)))));
				}
				yield roundTrips(roundTrips);
			}
			default -> throw new IllegalArgumentException("unknown table " + arguments.get(0)
					+ "; takes throughput or round-trips");
		};
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

	private static int integer(String text, String option) {
		try {
			return Integer.parseInt(text);
		}
		catch (NumberFormatException ex) {
			throw new IllegalArgumentException(option + " needs a whole number, got '" + text + "'", ex);
		}
	}

}
