package org.redisbench.proxy;

import java.net.InetSocketAddress;
import java.util.concurrent.Callable;

import org.redisbench.commandline.CommandLines;
import org.redisbench.commandline.Failure;
import org.redisbench.commandline.JarBuild;
import org.redisbench.commandline.Refusal;
import org.redisbench.model.Quantities;
import org.redisbench.roundtrip.RoundTripReportCommand;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code latency-proxy} ({@code scripts/latency-proxy.sh}, {@code java -jar latency-proxy.jar}): forwards every TCP
 * connection accepted on {@code --listen} to {@code --target} with an emulated network between them; or, with
 * {@code --self-test}, measures the proxy against a redis-server of its own ({@link SelfTest}).
 */
@Command(name = "latency-proxy", mixinStandardHelpOptions = true, sortOptions = false, usageHelpAutoWidth = true,
		subcommands = { MicrosCommand.class, RoundTripReportCommand.class },
		description = { "Forwards every TCP connection accepted on --listen to --target, byte for byte, and delays each "
				+ "direction as a network between them would. Half-closes (FIN) and resets (RST) are passed through. "
				+ "Prints \"listening on HOST:PORT\" once ready; stops on SIGTERM or Ctrl-C.",
				"With --self-test: measures the proxy against a private redis-server with redis-benchmark "
						+ "(docs/distance.md, \"Network distance: the latency proxy\"): throughput at no delay next "
						+ "to a direct connection, and the round trip it adds at each delay.",
				"Units: ns, us, ms, s; bit, kbit, mbit, gbit (bits/s), bps, kbps, mbps, gbps (bytes/s), as tc." })
public final class LatencyProxyCommand implements Callable<Integer> {

	static final class Addresses {

		@Option(names = "--listen", paramLabel = "HOST:PORT",
				description = "where to accept connections (port 0: a free port, printed)")
		String listen;

		@Option(names = "--target", paramLabel = "HOST:PORT", description = "where to forward them")
		String target;

	}

	static final class Network {

		@Option(names = "--delay", paramLabel = "D",
				description = "one-way delay per direction, e.g. 0.225ms (round trip +0.45ms) [0]")
		String delay;

		@Option(names = "--rtt", paramLabel = "R", description = "the same as a round trip: --rtt 0.45ms is --delay 0.225ms")
		String rtt;

		@Option(names = "--jitter", paramLabel = "J", defaultValue = "0",
				description = "delay varies uniformly within D-J..D+J; bytes are never reordered [0]")
		String jitter = "0";

		@Option(names = "--rate", paramLabel = "R", description = "link rate per direction, shared by all connections, "
				+ "e.g. 1gbit, 100mbit, 10mbps (bytes) [unlimited]")
		String rate;

		@Option(names = "--spin", paramLabel = "S", defaultValue = "100us",
				description = "spin this long before a due time instead of sleeping [${DEFAULT-VALUE}]")
		String spin = "100us";

	}

	@ArgGroup(validate = false, heading = "Addresses:%n", order = 1)
	Addresses addresses = new Addresses();

	@ArgGroup(validate = false, heading = "Network:%n", order = 2)
	Network network = new Network();

	@ArgGroup(validate = false, heading = "Self-test (instead of the addresses; environment variable in brackets, "
			+ "its value after it):%n", order = 3)
	SelfTest.Options selfTest = new SelfTest.Options();

	@ArgGroup(validate = false, heading = "Build (read by scripts/lib/launcher.sh):%n", order = 4)
	final JarBuild build = new JarBuild();

	@Spec
	CommandSpec spec;

	public static void main(String[] args) {
		CommandLines.main(new LatencyProxyCommand(), args);
	}

	@Override
	public Integer call() throws Exception {
		if (this.selfTest.run) {
			if (this.addresses.listen != null || this.addresses.target != null) {
				throw new Refusal("--self-test starts its own proxies: without --listen and --target");
			}
			new SelfTest(this.selfTest, this.spec).run();
			return CommandLines.OK;
		}
		ProxySettings settings = settings();
		LatencyProxy proxy = new LatencyProxy(settings);
		Runtime.getRuntime().addShutdownHook(new Thread(() -> {
			proxy.close();
			System.err.println("latency-proxy: stopped after " + proxy.traffic());
		}, "latency-proxy-shutdown"));
		InetSocketAddress address = proxy.address();
		// Scripts and processes' LatencyProxyProcess wait for this line and read the port from it.
		System.out.println("listening on " + address.getHostString() + ":" + address.getPort() + ", forwarding "
				+ settings.describe());
		System.out.flush();
		try {
			proxy.awaitStop();
		}
		catch (IllegalStateException ex) {
			throw new Failure(ex.getMessage() + ": " + ex.getCause(), ex);
		}
		return CommandLines.OK;
	}

	/** What the options ask the proxy to do: both addresses, and the network's quantities. */
	ProxySettings settings() {
		if (this.addresses.listen == null || this.addresses.target == null) {
			throw new Refusal("--listen and --target are both needed (or --self-test)");
		}
		if (this.network.delay != null && this.network.rtt != null) {
			throw new Refusal("--delay and --rtt say the same: one of them");
		}
		try {
			long delay = (this.network.rtt != null) ? Quantities.parseNanos(this.network.rtt) / 2
					: (this.network.delay != null) ? Quantities.parseNanos(this.network.delay) : 0;
			return new ProxySettings(ProxySettings.address(this.addresses.listen, "--listen"),
					ProxySettings.address(this.addresses.target, "--target"), delay,
					Quantities.parseNanos(this.network.jitter),
					(this.network.rate != null) ? Quantities.parseBitsPerSecond(this.network.rate) : 0,
					Quantities.parseNanos(this.network.spin));
		}
		catch (IllegalArgumentException ex) {
			throw new Refusal(ex.getMessage());
		}
	}

}
