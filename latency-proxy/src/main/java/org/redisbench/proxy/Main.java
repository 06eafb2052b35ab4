package org.redisbench.proxy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.function.Function;

import org.redisbench.model.Quantities;
import org.redisbench.roundtrip.RoundTripReport;
import org.redisbench.tooloutput.GarbledInput;

/**
 * The command line: {@code java -jar latency-proxy.jar --listen HOST:PORT --target HOST:PORT --delay D}, or one
 * of the subcommands that give the scripts their figures, so that they compute nothing themselves.
 */
public final class Main {

	static final String SUBCOMMANDS = """

			Subcommands, for the scripts (each prints its result on stdout; garbled input is one line on
			stderr and exit status 1, a bad argument exit status 2):
			  micros DURATION...
			    each duration in µs, as --rtt and --delay read it: micros 0.45ms prints 450
			""" + SelfTestTable.USAGE.indent(2) + RoundTripReport.USAGE.indent(2);

	private Main() {
	}

	public static void main(String[] arguments) throws IOException {
		String first = (arguments.length > 0) ? arguments[0] : "";
		List<String> rest = List.of(arguments).subList(Math.min(1, arguments.length), arguments.length);
		switch (first) {
			case "micros" -> subcommand(first, rest, (durations) -> durations.stream().map(Quantities::microsText).toList());
			case "self-test-table" -> subcommand(first, rest, SelfTestTable::run);
			case "roundtrip-report" -> subcommand(first, rest, RoundTripReport::run);
			default -> proxy(arguments);
		}
	}

	/** Runs a subcommand that returns lines; a failure is one line for the script to show. */
	private static void subcommand(String name, List<String> arguments, Function<List<String>, List<String>> command) {
		try {
			if (arguments.isEmpty()) {
				throw new IllegalArgumentException("needs arguments; see --help");
			}
			command.apply(arguments).forEach(System.out::println);
		}
		catch (IllegalArgumentException ex) {
			System.err.println("latency-proxy " + name + ": " + ex.getMessage());
			System.exit(2);
		}
		catch (GarbledInput | UncheckedIOException ex) {
			System.err.println("latency-proxy " + name + ": " + ex.getMessage());
			System.exit(1);
		}
	}

	private static void proxy(String[] arguments) throws IOException {
		if (List.of(arguments).contains("--help") || List.of(arguments).contains("-h")) {
			System.out.print(ProxySettings.USAGE + SUBCOMMANDS);
			return;
		}
		ProxySettings settings;
		try {
			settings = ProxySettings.fromArguments(arguments);
		}
		catch (IllegalArgumentException ex) {
			System.err.println("latency-proxy: " + ex.getMessage());
			System.err.print(ProxySettings.USAGE);
			System.exit(2);
			return;
		}
		LatencyProxy proxy = new LatencyProxy(settings);
		Runtime.getRuntime().addShutdownHook(new Thread(() -> {
			proxy.close();
			System.err.println("latency-proxy: stopped after " + proxy.traffic());
		}, "latency-proxy-shutdown"));
		InetSocketAddress address = proxy.address();
		// Scripts wait for this line and read the port from it.
		System.out.println("listening on " + address.getHostString() + ":" + address.getPort() + ", forwarding "
				+ settings.describe());
		System.out.flush();
		try {
			proxy.awaitStop();
		}
		catch (IllegalStateException ex) {
			System.err.println("latency-proxy: " + ex.getMessage() + ": " + ex.getCause());
			ex.getCause().printStackTrace();
			System.exit(1);
		}
	}

}
