package org.redisbench.bench.stores;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.redisbench.bench.run.RunContext;
import org.redisbench.processes.ChildProcess;
import org.redisbench.processes.ListeningSocket;
import org.redisbench.processes.Waits;

/** What the run's own servers share: their start, the check that what answers is ours, their stop. */
final class RedisProcesses {

	private RedisProcesses() {
	}

	/**
	 * Starts {@code command} in {@code dir}, its output appended to {@code log} (a redis-server writes there too:
	 * what it says before it opens its logfile, such as a bad argument, is kept beside the rest).
	 */
	static ChildProcess start(Path dir, List<String> command, Path log) {
		return ChildProcess.start(dir, command, log, Map.of());
	}

	/**
	 * Whether the redis-server just started answers PING on {@code node} within {@code timeout}, polled every
	 * {@code pause}: ours only, as another Redis may have taken the port before our bind, and answer while ours exits.
	 */
	static boolean answersAsOurs(RedisCli cli, ChildProcess server, Node node, Duration timeout, Duration pause) {
		long deadline = System.nanoTime() + timeout.toNanos();
		while (server.isAlive() && System.nanoTime() < deadline) {
			if (cli.run(node, "", List.of("PING")).text().equals("PONG")
					&& ListeningSocket.heldBy(server.pid(), node.port())) {
				return true;
			}
			Waits.sleep(pause.toMillis());
		}
		return false;
	}

	/** Stops a process the run started, saying so when it took a SIGKILL. */
	static void stop(RunContext context, ChildProcess process, String what) {
		Duration wait = context.settings().stopTimeout();
		if (process.isAlive() && process.stop(wait)) {
			context.log().line(what + " (pid " + process.pid() + ") still running after " + wait.toSeconds()
					+ "s: SIGKILLed");
		}
	}

	/** The last lines of a log on one line, for a message saying why a server did not come up. */
	static String tail(Path log, int lines) {
		if (!Files.isRegularFile(log)) {
			return "";
		}
		try {
			// Decoded leniently: a byte that is not UTF-8 in a log must not hide why the server failed.
			List<String> all = new String(Files.readAllBytes(log), StandardCharsets.UTF_8).lines().toList();
			return String.join(" ", all.subList(Math.max(0, all.size() - lines), all.size()));
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot read " + log, ex);
		}
	}

	/** A new folder for a server's files, under TMPDIR as mktemp makes them. */
	static Path temporaryFolder(String prefix) {
		String tmp = System.getenv("TMPDIR");
		try {
			return Files.createTempDirectory(Path.of(tmp == null || tmp.isEmpty() ? "/tmp" : tmp), prefix);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot make a folder under " + (tmp == null ? "/tmp" : tmp), ex);
		}
	}

	/** Copies {@code log} to {@code into} when both the log and the run's raw/ folder exist. */
	static void keepLog(Path log, Path into) {
		if (Files.isRegularFile(log) && Files.isDirectory(into.getParent())) {
			try {
				Files.copy(log, into, StandardCopyOption.REPLACE_EXISTING);
			}
			catch (IOException ex) {
				throw new UncheckedIOException("cannot copy " + log + " to " + into, ex);
			}
		}
	}

}
