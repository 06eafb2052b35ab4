package org.redisbench.proxy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;


/**
 * A latency proxy in a process of its own, so that its CPU is its own and it can be pinned: this program's
 * {@code latency-proxy} on a free port of 127.0.0.1 in front of a target, waited for until it says where it listens.
 * Its Java options come from {@code LATENCY_PROXY_JAVA_OPTS}, as scripts/lib/latency-proxy.sh's.
 */
public final class ProxyProcess implements AutoCloseable {

	private static final Duration START = Duration.ofSeconds(30);

	private static final Duration STOP = Duration.ofSeconds(10);

	private static final Pattern LISTENING = Pattern.compile("^listening on .*:([0-9]+), forwarding.*$",
			Pattern.MULTILINE);

	private final Process process;

	private final int port;

	private final Path log;

	private ProxyProcess(Process process, int port, Path log) {
		this.process = process;
		this.port = port;
		this.log = log;
	}

	/** A proxy in front of {@code target} adding the round trip {@code rtt}, with more proxy options; its output to log. */
	public static ProxyProcess start(String target, String rtt, List<String> more, Path log) {
		String options = System.getenv().getOrDefault("LATENCY_PROXY_JAVA_OPTS", "-Xmx512m");
		List<String> command = new ArrayList<>();
		command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
		command.addAll(List.of(options.strip().split("\\s+")).stream().filter((word) -> !word.isEmpty()).toList());
		command.addAll(List.of("-cp", System.getProperty("java.class.path"), LatencyProxyCommand.class.getName(),
				"--listen", "127.0.0.1:0", "--target", target, "--rtt", rtt));
		command.addAll(more);
		Process process;
		try {
			process = ChildProcesses.builder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot start the latency proxy", ex);
		}
		long deadline = System.nanoTime() + START.toNanos();
		while (process.isAlive() && System.nanoTime() < deadline) {
			try {
				Matcher listening = LISTENING.matcher(Files.readString(log));
				if (listening.find()) {
					return new ProxyProcess(process, Integer.parseInt(listening.group(1)), log);
				}
				Thread.sleep(100);
			}
			catch (IOException ex) {
				throw new UncheckedIOException(ex);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				break;
			}
		}
		ChildProcesses.stop(process, STOP);
		throw new IllegalStateException("the latency proxy did not start: " + tail(log));
	}

	public int port() {
		return this.port;
	}

	public long pid() {
		return this.process.pid();
	}

	/** Its first line: where it listens and what it emulates. */
	public String firstLine() {
		try {
			return Files.readAllLines(this.log).stream().findFirst().orElse("");
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** SIGTERM (it logs what it carried and exits), SIGKILL after the grace; whether it needed none. */
	public boolean stop() {
		return ChildProcesses.stop(this.process, STOP);
	}

	@Override
	public void close() {
		stop();
	}

	private static String tail(Path log) {
		try {
			List<String> lines = Files.readAllLines(log);
			return String.join(" ", lines.subList(Math.max(0, lines.size() - 3), lines.size()));
		}
		catch (IOException ex) {
			return "(no log)";
		}
	}

}
