package org.redisbench.proxy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;

/** Starts proxies for a test on free ports, from the same options as the command line, and stops them. */
final class Proxies implements AutoCloseable {

	private final List<LatencyProxy> started = new ArrayList<>();

	/** A proxy on a free loopback port to the target port, with options such as {@code "--delay", "1ms"}. */
	LatencyProxy start(int targetPort, String... options) {
		List<String> arguments = new ArrayList<>(List.of("--listen", "127.0.0.1:0", "--target", "127.0.0.1:" + targetPort));
		arguments.addAll(List.of(options));
		try {
			LatencyProxy proxy = new LatencyProxy(ProxySettingsTest.settings(arguments.toArray(String[]::new)));
			this.started.add(proxy);
			return proxy;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** A client socket connected to the proxy, with Nagle off as Redis clients have it. */
	static Socket connect(LatencyProxy proxy) throws IOException {
		Socket socket = new Socket(proxy.address().getAddress(), proxy.address().getPort());
		socket.setTcpNoDelay(true);
		socket.setSoTimeout(20_000);
		return socket;
	}

	@Override
	public void close() {
		this.started.forEach(LatencyProxy::close);
	}

}
