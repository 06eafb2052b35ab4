package org.redisbench.bench.app;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.function.UnaryOperator;
import java.util.regex.Pattern;

import org.redisbench.processes.ChildProcess;
import org.redisbench.processes.Waits;

/**
 * One latency proxy (module latency-proxy's jar) in a process of its own, as scripts/lib/latency-proxy.sh starts it:
 * on a free port of an address, in front of a {@code host:port}, adding a round trip, half each way. The kernel here
 * has no netem, so the delay is added in user space (docs/distance.md).
 */
final class LatencyProxy {

	private static final List<String> JAVA_OPTIONS = List.of("-Xmx512m");

	/** Until it must say it listens. */
	private static final Duration START_TIMEOUT = Duration.ofSeconds(30);

	/** Between SIGTERM (it logs what it carried and exits) and SIGKILL. */
	private static final Duration STOP_TIMEOUT = Duration.ofSeconds(10);

	private static final long POLL_MILLIS = 100;

	private static final Pattern LISTENING = Pattern.compile("^listening on .*:([0-9]+), forwarding.*$",
			Pattern.MULTILINE);

	private final ChildProcess process;

	private final int port;

	private LatencyProxy(ChildProcess process, int port) {
		this.process = process;
		this.port = port;
	}

	/**
	 * A proxy from {@code jar} on a free port of {@code bind} in front of {@code target} adding {@code rtt} (e.g.
	 * 0.45ms), its java command {@code placed} under a prefix, which must exec (its pid is the proxy's). Waits until it says it
	 * listens, read from {@code log} (its output), not by connecting, which would need to be where the prefix puts
	 * it. Empty when it does not come up; nothing is left running then.
	 */
	static Optional<LatencyProxy> start(Path jar, UnaryOperator<List<String>> placed, String bind, String target,
			String rtt, Path log) {
		List<String> command = new ArrayList<>(List.of("java"));
		command.addAll(JAVA_OPTIONS);
		command.addAll(List.of("-jar", jar.toString(), "--listen", bind + ":0", "--target", target, "--rtt", rtt));
		write(log);
		ChildProcess process = ChildProcess.start(Path.of("").toAbsolutePath(), placed.apply(command), log, Map.of());
		long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
		while (process.isAlive() && System.nanoTime() < deadline) {
			Matcher listening = LISTENING.matcher(read(log));
			if (listening.find()) {
				return Optional.of(new LatencyProxy(process, Integer.parseInt(listening.group(1))));
			}
			Waits.sleep(POLL_MILLIS);
		}
		process.stop(STOP_TIMEOUT);
		return Optional.empty();
	}

	long pid() {
		return this.process.pid();
	}

	int port() {
		return this.port;
	}

	boolean alive() {
		return this.process.isAlive();
	}

	/** SIGTERM, SIGKILL after 10 s; whether it took the SIGKILL. */
	boolean stop() {
		return this.process.isAlive() && this.process.stop(STOP_TIMEOUT);
	}

	private static String read(Path log) {
		try {
			return Files.readString(log);
		}
		catch (IOException ex) {
			return "";
		}
	}

	/** Created empty here, so that the first look into it finds it. */
	private static void write(Path log) {
		try {
			Files.writeString(log, "");
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot write " + log, ex);
		}
	}

}
