package org.redisbench.processes;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Ports for our servers on 127.0.0.1. The kernel offers a port it just freed again soon (here, 10 series of 500
 * asks repeated one after 31 to 221), to this JVM and to the other JVMs beside it alike: in CI, with three apps'
 * tests side by side, two JVMs' redis-servers started within a millisecond were given the same port (43187). Drawn
 * at random from 12,768 ports below the kernel's ephemeral range (32768-60999 on Debian), where no client
 * connection takes one, two JVMs meet far more seldom; two servers of one JVM, such as a cluster's nodes, never.
 */
public final class FreePorts {

	/**
	 * The first port drawn. Some scripts' first ports are in the range too, but the scripts' suites run after
	 * mvn verify (scripts/test.sh), and a port found taken is drawn again.
	 */
	public static final int FIRST = 20_000;

	public static final int LAST = 32_767;

	private static final int ATTEMPTS = 100;

	/** Every port handed out in this JVM. */
	private static final Set<Integer> HANDED_OUT = ConcurrentHashMap.newKeySet();

	private FreePorts() {
	}

	/** A port nothing listens on now and that this JVM has not handed out before. */
	public static int next() {
		for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
			int candidate = ThreadLocalRandom.current().nextInt(FIRST, LAST + 1);
			if (!HANDED_OUT.contains(candidate) && isFree(candidate) && HANDED_OUT.add(candidate)) {
				return candidate;
			}
		}
		throw new IllegalStateException("no free port from " + FIRST + " to " + LAST + " in " + ATTEMPTS + " attempts");
	}

	private static boolean isFree(int port) {
		try (ServerSocket socket = new ServerSocket()) {
			socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
			return true;
		}
		catch (IOException taken) {
			return false;
		}
	}

}
