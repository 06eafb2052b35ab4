package org.redisbench.processes;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Whether a process itself holds the listening TCP socket of a port, read from /proc as scripts/lib/process.sh's
 * {@code listens_on} reads it: an answer on the port is then known to be that process's, and not another's that
 * took the port first.
 */
public final class ListeningSocket {

	/** {@code TCP_LISTEN} in the {@code st} column of /proc/net/tcp. */
	private static final String LISTEN = "0A";

	private ListeningSocket() {
	}

	public static boolean heldBy(long pid, int port) {
		Path process = Path.of("/proc", String.valueOf(pid));
		Set<String> sockets = new HashSet<>();
		for (String table : List.of("net/tcp", "net/tcp6")) {
			sockets.addAll(listeningInodes(process.resolve(table), port));
		}
		if (sockets.isEmpty()) {
			return false;
		}
		try (Stream<Path> descriptors = Files.list(process.resolve("fd"))) {
			return descriptors.anyMatch((descriptor) -> sockets.contains(target(descriptor)));
		}
		catch (NoSuchFileException ended) {
			return false;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** The inodes of the sockets listening on {@code port} in a /proc/PID/net/tcp table, as {@code socket:[N]}. */
	private static Set<String> listeningInodes(Path table, int port) {
		String localPort = String.format(Locale.ROOT, ":%04X", port);
		Set<String> inodes = new HashSet<>();
		try {
			for (String line : Files.readAllLines(table)) {
				String[] fields = line.trim().split("\\s+");
				if (fields.length > 9 && fields[1].endsWith(localPort) && fields[3].equals(LISTEN)) {
					inodes.add("socket:[" + fields[9] + "]");
				}
			}
		}
		catch (NoSuchFileException ended) {
			return Set.of();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		return inodes;
	}

	/** What a file descriptor points at; empty when it was closed meanwhile. */
	private static String target(Path descriptor) {
		try {
			return Files.readSymbolicLink(descriptor).toString();
		}
		catch (IOException closed) {
			return "";
		}
	}

}
