package org.redisbench.processes;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.List;

/**
 * The least a latency proxy answers LatencyProxyProcess with: a port of {@code --listen}'s address taken and its line
 * printed, its arguments echoed, then nothing until it is stopped. The proxy itself is a tool built after this
 * library, whose jar its tests cannot wait for.
 */
public final class ListeningStandIn {

	private ListeningStandIn() {
	}

	public static void main(String[] arguments) throws IOException, InterruptedException {
		List<String> all = List.of(arguments);
		String listen = all.get(all.indexOf("--listen") + 1);
		try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName(listen.split(":")[0]))) {
			System.out.println("listening on " + listen.split(":")[0] + ":" + socket.getLocalPort() + ", forwarding "
					+ String.join(" ", all));
			System.out.flush();
			Thread.sleep(Long.MAX_VALUE);
		}
	}

}
