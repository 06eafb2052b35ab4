package org.redisbench.proxy;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.List;

/** The command line: {@code java -jar latency-proxy.jar --listen HOST:PORT --target HOST:PORT --delay D}. */
public final class Main {

	private Main() {
	}

	public static void main(String[] arguments) throws IOException {
		if (List.of(arguments).contains("--help") || List.of(arguments).contains("-h")) {
			System.out.print(ProxySettings.USAGE);
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
