package org.redisbench.bench.stores;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.redisbench.bench.run.Placement;
import org.redisbench.processes.Program;

/**
 * redis-cli against one node, run where the load client runs (a Redis in another network namespace is reached only
 * from there), 60 s at most a call. The password, when the run has one, reaches it as {@code REDISCLI_AUTH}: no
 * command line shows it. What the run records of a Redis is redis-cli's text, as the report reads it.
 */
public final class RedisCli {

	private static final Duration TIMEOUT = Duration.ofSeconds(60);

	private final Placement placement;

	private final Map<String, String> auth;

	public RedisCli(Placement placement, Optional<String> password) {
		this.placement = placement;
		this.auth = password.map((secret) -> Map.of("REDISCLI_AUTH", secret)).orElse(Map.of());
	}

	/** One command; its reply as redis-cli prints it, trailing white space off; errors on standard error dropped. */
	public String call(Node node, String... arguments) {
		return run(node, "", List.of(arguments)).text();
	}

	/** One command, ended: its status, reply and errors, for a caller that says why it failed. */
	public Program.Ended run(Node node, String input, List<String> arguments) {
		return Program.run(command(node, arguments), TIMEOUT, this.auth, input);
	}

	/** Commands fed on standard input, one a line, with {@code arguments} before them (such as {@code -c}). */
	public String pipe(Node node, String input, String... arguments) {
		return run(node, input, List.of(arguments)).output();
	}

	/** One command, its reply written to {@code into}. */
	public Program.Ended into(Path into, Node node, String... arguments) {
		return Program.runInto(command(node, List.of(arguments)), TIMEOUT, this.auth, "", into, false);
	}

	/** The command line of a call, for a caller that starts a long-lived redis-cli itself (the samplers). */
	public List<String> command(Node node, List<String> arguments) {
		List<String> command = new ArrayList<>(List.of("redis-cli", "-h", node.host(), "-p", String.valueOf(node.port())));
		command.addAll(arguments);
		return this.placement.atClient(command);
	}

	/** What a long-lived redis-cli of a caller's is given in its environment. */
	public Map<String, String> environment() {
		return this.auth;
	}

}
