package org.redisbench.processes;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The latency proxy (module latency-proxy) in a process of its own, so that its CPU is its own and it can be pinned,
 * as scripts/latency-proxy.sh starts it: on a free port of an address, in front of a {@code host:port}, adding a round
 * trip, half each way. Loopback hides the network and the kernel here has no netem, so the delay is added in user
 * space (docs/distance.md). Its Java options come from {@code LATENCY_PROXY_JAVA_OPTS}, as scripts/latency-proxy.sh's.
 */
public final class LatencyProxyProcess implements AutoCloseable {

	/** As scripts/lib/apps.sh's {@code jar_of} names a tool module's jar. */
	private static final Path JAR = Path.of("latency-proxy", "target", "latency-proxy.jar");

	private static final String JAVA_OPTIONS = System.getenv().getOrDefault("LATENCY_PROXY_JAVA_OPTS", "-Xmx512m");

	/** Until it must say it listens. */
	private static final Duration START_TIMEOUT = Duration.ofSeconds(30);

	/** Between SIGTERM (it logs what it carried and exits) and SIGKILL. */
	private static final Duration STOP_TIMEOUT = Duration.ofSeconds(10);

	private static final long POLL_MILLIS = 100;

	/** The line latency-proxy's LatencyProxyCommand prints once it accepts connections. */
	private static final Pattern LISTENING = Pattern.compile("^listening on .*:([0-9]+), forwarding.*$",
			Pattern.MULTILINE);

	private final ChildProcess process;

	private final int port;

	private LatencyProxyProcess(ChildProcess process, int port) {
		this.process = process;
		this.port = port;
	}

	/**
	 * How a proxy is started: {@code code}, what follows {@code java} and its options ({@code -jar JAR}, or a class
	 * path and a main class); {@code prefix}, the command its java command runs behind; {@code bind}, the address it
	 * listens on; {@code options}, more of the proxy's own (such as {@code --jitter 50us}).
	 */
	public record Launch(List<String> code, List<String> prefix, String bind, List<String> options) {

		public Launch {
			code = List.copyOf(code);
			prefix = List.copyOf(prefix);
			options = List.copyOf(options);
		}

		/**
		 * The jar of the repository {@code jars} found, for a tool that holds none of the proxy's classes.
		 *
		 * @throws IllegalStateException when it is not built
		 */
		public static Launch jar(AppJars jars) {
			return jar(jars.repository().resolve(JAR));
		}

		/**
		 * {@code jar}, on 127.0.0.1, behind no prefix.
		 *
		 * @throws IllegalStateException when it is not built
		 */
		public static Launch jar(Path jar) {
			if (!Files.isRegularFile(jar)) {
				throw new IllegalStateException("the latency proxy's jar " + jar
						+ " is missing: build it (scripts/lib/apps.sh's build_jars latency-proxy)");
			}
			return new Launch(List.of("-jar", jar.toString()), List.of(), "127.0.0.1", List.of());
		}

		/**
		 * Its {@code main} class on this JVM's class path, on 127.0.0.1: for latency-proxy's own commands, which hold
		 * its classes wherever they run, in its module's tests too, before its jar is built.
		 */
		public static Launch classes(Class<?> main) {
			return new Launch(List.of("-cp", System.getProperty("java.class.path"), main.getName()), List.of(),
					"127.0.0.1", List.of());
		}

		/**
		 * Its java command run behind {@code prefix}, such as {@code ip netns exec rb-redis}, which must exec, so that
		 * the process started is the proxy and its pid the one sampled and signalled.
		 */
		public Launch behind(List<String> prefix) {
			return new Launch(this.code, prefix, this.bind, this.options);
		}

		public Launch on(String bind) {
			return new Launch(this.code, this.prefix, bind, this.options);
		}

		public Launch with(List<String> options) {
			return new Launch(this.code, this.prefix, this.bind, options);
		}

		/**
		 * A proxy on a free port in front of {@code target} adding the round trip {@code rtt} (e.g. 0.45ms), its output
		 * to {@code log}, which is emptied first. Waits until it says it listens, read from the log, not by connecting,
		 * which would need to be where the prefix puts it. It stays up while its target is stopped and started behind it.
		 *
		 * @throws IllegalStateException when it did not come up, with the log's last lines; nothing is left running then
		 */
		public LatencyProxyProcess start(String target, String rtt, Path log) {
			List<String> command = new ArrayList<>(this.prefix);
			command.add(AppProcess.thisJava().toString());
			command.addAll(List.of(JAVA_OPTIONS.strip().split("\\s+")).stream().filter((word) -> !word.isEmpty()).toList());
			command.addAll(this.code);
			command.addAll(List.of("--listen", this.bind + ":0", "--target", target, "--rtt", rtt));
			command.addAll(this.options);
			// Created empty here, so that the first look into it finds it, and finds this proxy's lines only.
			try {
				Files.writeString(log, "");
			}
			catch (IOException ex) {
				throw new UncheckedIOException("cannot write " + log, ex);
			}
			ChildProcess process;
			try {
				process = ChildProcess.start(Path.of("").toAbsolutePath(), command, log, Map.of());
			}
			catch (UncheckedIOException ex) {
				throw new IllegalStateException("the latency proxy did not start: " + ex.getMessage(), ex);
			}
			long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
			while (process.isAlive() && System.nanoTime() < deadline) {
				Matcher listening = LISTENING.matcher(read(log));
				if (listening.find()) {
					return new LatencyProxyProcess(process, Integer.parseInt(listening.group(1)));
				}
				Waits.sleep(POLL_MILLIS);
			}
			String why = process.isAlive() ? "did not say it listens within " + START_TIMEOUT.toSeconds() + " s"
					: "ended before it listened (exit " + process.exitValue() + ")";
			process.stop(STOP_TIMEOUT);
			String behind = this.prefix.isEmpty() ? "" : " (behind " + String.join(" ", this.prefix) + ")";
			throw new IllegalStateException("the latency proxy" + behind + " " + why + ": "
					+ process.logTail(3).replace('\n', ' '));
		}

	}

	public int port() {
		return this.port;
	}

	public long pid() {
		return this.process.pid();
	}

	public boolean alive() {
		return this.process.isAlive();
	}

	/** Its first line: where it listens and what it emulates. */
	public String firstLine() {
		return read(this.process.log()).lines().findFirst().orElse("");
	}

	/** SIGTERM, SIGKILL after 10 s; whether it took the SIGKILL. */
	public boolean stop() {
		return this.process.stop(STOP_TIMEOUT);
	}

	@Override
	public void close() {
		stop();
	}

	private static String read(Path log) {
		try {
			return Files.readString(log);
		}
		catch (IOException ex) {
			return "";
		}
	}

}
