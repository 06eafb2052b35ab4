package org.redisbench.fill;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.redisbench.commandline.CommandLines;
import picocli.CommandLine;

/**
 * A user's shell that scripts/fill.sh and scripts/memory-at-scale.sh run from, their commands run in this JVM as
 * the launcher runs them: this JVM's environment, which the pom gives {@code REDISCLI_AUTH} and
 * {@code SPRING_DATA_REDIS_*} wrong for every Redis filled, and the {@code REDIS_PASSWORD} a test gives, or none.
 */
final class Shell {

	/** A password the shell holds for a Redis of its own, wrong for any the tests fill. */
	static final String WRONG = "wrong-from-the-shell";

	private final Map<String, String> environment;

	private Shell(String redisPassword) {
		this.environment = new HashMap<>(System.getenv());
		this.environment.remove(TargetOptions.PASSWORD_VARIABLE);
		if (redisPassword != null) {
			this.environment.put(TargetOptions.PASSWORD_VARIABLE, redisPassword);
		}
	}

	static Shell withoutRedisPassword() {
		return new Shell(null);
	}

	static Shell withRedisPassword(String password) {
		return new Shell(password);
	}

	Ran fill(String... args) {
		return run(new FillCommand(this.environment), args);
	}

	Ran memoryAtScale(String... args) {
		return run(new MemoryAtScaleCommand(this.environment), args);
	}

	private static Ran run(Object command, String... args) {
		StringWriter out = new StringWriter();
		StringWriter err = new StringWriter();
		CommandLine line = CommandLines.of(command);
		line.setOut(new PrintWriter(out, true));
		line.setErr(new PrintWriter(err, true));
		int status = line.execute(args);
		return new Ran(String.join(" ", args), status, out.toString(), err.toString());
	}

	/** A command's exit status and what it printed; a test's message shows them all. */
	record Ran(String args, int status, String out, String err) {

		List<String> outLines() {
			return this.out.lines().toList();
		}

		/** The first group of the pattern's first match in standard output or error, as a number. */
		Optional<Long> number(String pattern) {
			Matcher matcher = Pattern.compile(pattern, Pattern.MULTILINE).matcher(this.out + this.err);
			return matcher.find() ? Optional.of(Long.parseLong(matcher.group(1))) : Optional.empty();
		}

		@Override
		public String toString() {
			return "[" + this.args + "] exited " + this.status + "\n--- out:\n" + this.out + "--- err:\n" + this.err;
		}

	}

}
