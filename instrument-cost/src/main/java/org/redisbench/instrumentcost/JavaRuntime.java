package org.redisbench.instrumentcost;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.redisbench.commandline.Refusal;
import org.redisbench.processes.ChildProcess;

/**
 * A Java runtime an app is measured on: its java command and the Java version it implements, as the table names
 * it ({@code java17}, {@code java25}).
 *
 * @param command the java command, a JDK folder's {@code bin/java} when a folder was given
 * @param version its {@code java.specification.version}, e.g. {@code 17}
 */
record JavaRuntime(Path command, String version) {

	/** Spring Boot runs request threads on virtual threads from this Java on only. */
	static final int VIRTUAL_THREADS = 21;

	private static final Pattern SPECIFICATION = Pattern.compile("(?m)^\\s*java\\.specification\\.version = (\\S+)");

	/** A JVM's start, on a loaded machine. */
	private static final Duration ASK = Duration.ofSeconds(60);

	/** The runtime {@code given} names, a java command or a JDK folder, asked for its version. */
	static JavaRuntime of(String given) {
		Path command = Path.of(given);
		if (Files.isDirectory(command)) {
			command = command.resolve(Path.of("bin", "java"));
		}
		return new JavaRuntime(command, version(command).orElseThrow(
				() -> new Refusal("'" + given + "' is neither a java command nor a JDK folder")));
	}

	/** The major version: 17 of {@code 17}, 1 of a Java 8's {@code 1.8}. */
	int major() {
		return Integer.parseInt(this.version.split("\\.")[0]);
	}

	/** As the table and the files' names name it. */
	String label() {
		return "java" + this.version;
	}

	private static Optional<String> version(Path command) {
		Path output = null;
		try {
			output = Files.createTempFile("instrument-cost-java-", ".txt");
			ChildProcess.run(Path.of(System.getProperty("java.io.tmpdir")),
					List.of(command.toString(), "-XshowSettings:properties", "-version"), output, ASK);
			Matcher matcher = SPECIFICATION.matcher(Files.readString(output));
			return matcher.find() && matcher.group(1).matches("\\d+(\\.\\d+)*") ? Optional.of(matcher.group(1))
					: Optional.empty();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (UncheckedIOException | IllegalStateException notAJava) {
			return Optional.empty();
		}
		finally {
			if (output != null) {
				output.toFile().delete();
			}
		}
	}

}
