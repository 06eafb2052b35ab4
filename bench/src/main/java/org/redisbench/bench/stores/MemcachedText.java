package org.redisbench.bench.stores;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * Memcached's text protocol over a socket of our own, as stores.sh's {@code mc_command} spoke it through bash's
 * /dev/tcp: every line sent at once, then {@code quit}, and the replies read until memcached closes the connection
 * (10 s at most), carriage returns removed.
 */
final class MemcachedText {

	private static final Duration TIMEOUT = Duration.ofSeconds(10);

	private MemcachedText() {
	}

	/** The replies to {@code lines}, without CRs; nothing when memcached cannot be reached. */
	static String command(Node node, List<String> lines) {
		StringBuilder request = new StringBuilder();
		lines.forEach((line) -> request.append(line).append("\r\n"));
		request.append("quit\r\n");
		ByteArrayOutputStream replies = new ByteArrayOutputStream();
		long deadline = System.nanoTime() + TIMEOUT.toNanos();
		try (Socket socket = new Socket()) {
			socket.connect(new InetSocketAddress(node.host(), node.port()), (int) TIMEOUT.toMillis());
			OutputStream out = socket.getOutputStream();
			out.write(request.toString().getBytes(StandardCharsets.UTF_8));
			out.flush();
			InputStream in = socket.getInputStream();
			byte[] buffer = new byte[65536];
			while (true) {
				long left = (deadline - System.nanoTime()) / 1_000_000;
				if (left <= 0) {
					break;
				}
				socket.setSoTimeout((int) left);
				int read = in.read(buffer);
				if (read < 0) {
					break;
				}
				replies.write(buffer, 0, read);
			}
		}
		catch (SocketTimeoutException late) {
			// What came within the time is the answer, as timeout(1) around cat gave it.
		}
		catch (IOException unreachable) {
			// As bash's failed redirection to /dev/tcp: no reply; the caller says what that costs.
		}
		return replies.toString(StandardCharsets.UTF_8).replace("\r", "");
	}

	static String command(Node node, String... lines) {
		return command(node, List.of(lines));
	}

	/** One figure of {@code stats}, such as curr_items. */
	static Optional<String> stat(Node node, String name) {
		return statOf(command(node, "stats"), name);
	}

	/** A figure of a {@code stats} reply: the third field of its line {@code STAT <name> <value>}. */
	static Optional<String> statOf(String stats, String name) {
		return stats.lines().map((line) -> line.trim().split("\\s+"))
			.filter((fields) -> fields.length >= 3 && fields[0].equals("STAT") && fields[1].equals(name))
			.map((fields) -> fields[2])
			.reduce((first, later) -> later);
	}

}
