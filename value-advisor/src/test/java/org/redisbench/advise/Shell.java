package org.redisbench.advise;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

import org.redisbench.commandline.CommandLines;
import org.redisbench.processes.ChildEnvironment;

/**
 * A shell that scripts/advise.sh runs from, its {@code advise} run in this JVM as the launcher runs it, with the
 * environment advise.sh hands the advisor: the test's own, which holds no Redis setting, or a user's, this JVM's, to
 * which the pom gives {@code REDISCLI_AUTH}, {@code REDIS_PASSWORD} and {@code SPRING_DATA_REDIS_*} wrong for every
 * Redis here; either with the variables a test sets.
 */
final class Shell {

	private final Map<String, String> environment;

	private Shell(Map<String, String> environment) {
		this.environment = environment;
	}

	/** The test's own shell: none of the Redis and Spring settings that a user's may hold. */
	static Shell own() {
		Map<String, String> environment = new HashMap<>(System.getenv());
		environment.keySet().removeIf(ChildEnvironment::isShellRedisSetting);
		return new Shell(environment);
	}

	/** A user's shell, with Redis and Spring settings of its own (the pom's surefire environment). */
	static Shell user() {
		return new Shell(new HashMap<>(System.getenv()));
	}

	/** The same shell with {@code name} exported as {@code value}. */
	Shell with(String name, String value) {
		Map<String, String> environment = new HashMap<>(this.environment);
		environment.put(name, value);
		return new Shell(environment);
	}

	/**
	 * {@code scripts/advise.sh --output OUT ARGS}: what it printed on either stream, as a terminal shows them, and its
	 * exit status. JMH's lock is the machine's: another module's JMH beside this test must not fail a run whose times
	 * no test compares.
	 */
	Advised advise(Path out, String... args) {
		String[] line = new String[args.length + 2];
		line[0] = "--output";
		line[1] = out.toString();
		System.arraycopy(args, 0, line, 2, args.length);
		ByteArrayOutputStream printed = new ByteArrayOutputStream();
		PrintStream stdout = System.out;
		PrintStream stderr = System.err;
		String ignoreLock = System.setProperty("jmh.ignoreLock", "true");
		int status;
		try (PrintStream terminal = new PrintStream(printed, true, StandardCharsets.UTF_8)) {
			System.setOut(terminal);
			System.setErr(terminal);
			status = CommandLines.execute(new AdviseCommand(this.environment), line);
		}
		finally {
			System.setOut(stdout);
			System.setErr(stderr);
			if (ignoreLock == null) {
				System.clearProperty("jmh.ignoreLock");
			}
			else {
				System.setProperty("jmh.ignoreLock", ignoreLock);
			}
		}
		return new Advised(String.join(" ", args), status, printed.toString(StandardCharsets.UTF_8), out);
	}

}
