package org.redisbench.bench.run;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.redisbench.commandline.Failure;
import org.redisbench.processes.Program;

/**
 * Which ports answer, as the load client sees them: a port is free when nothing accepts a TCP connection on it from
 * where the client runs. Here, a connection of our own; behind BENCH_CLIENT_EXEC (another network namespace, which
 * this process cannot reach), bash's {@code /dev/tcp} run behind the same prefix.
 */
public final class PortProbe {

	private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(2);

	/** How many ports after the first one are tried. */
	private static final int RANGE = 100;

	private PortProbe() {
	}

	/** Whether something accepts a connection on {@code host:port}, seen from where the client runs. */
	public static boolean answers(Placement placement, String host, int port) {
		if (placement.client().isEmpty()) {
			try (Socket socket = new Socket()) {
				socket.connect(new InetSocketAddress(host, port), (int) CONNECT_TIMEOUT.toMillis());
				return true;
			}
			catch (IOException nothing) {
				return false;
			}
		}
		List<String> probe = new ArrayList<>(List.of("timeout", String.valueOf(CONNECT_TIMEOUT.toSeconds()), "bash",
				"-c", "exec 3<>\"/dev/tcp/$0/$1\"", host, String.valueOf(port)));
		return Program.run(placement.atClient(probe), CONNECT_TIMEOUT.plusSeconds(5)).succeeded();
	}

	/** The first port from {@code first} on which nothing answers on {@code host}, at most 100 tried. */
	public static int firstFree(Placement placement, String host, int first) {
		for (int port = first; port <= first + RANGE && port <= 65535; port++) {
			if (!answers(placement, host, port)) {
				return port;
			}
		}
		throw new Failure("no free port on " + host + " between " + first + " and " + (first + RANGE));
	}

}
