package org.redisbench.bench.warmup;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

import org.redisbench.bench.run.Placement;
import org.redisbench.processes.Program;

/**
 * async-profiler's native library, as the bench-run build unpacks it from Maven Central (one folder per platform),
 * and its commands to an app's JVM through {@code jcmd PID JVMTI.agent_load}, where BENCH_APP_EXEC places the app.
 */
record AsyncProfiler(Placement placement, Path library) {

	static final String LIBRARY = "libasyncProfiler.so";

	private static final String FOLDER_PREFIX = "async-profiler-";

	/** jcmd's own bound, as {@code timeout 60}; the program is killed a little after. */
	private static final Duration JCMD_TIMEOUT = Duration.ofSeconds(60);

	/**
	 * The folder of the build's libraries for this JVM's platform: {@code linux-x64}, {@code linux-arm64}; empty on
	 * a platform the build ships none for.
	 */
	static Optional<String> platform(String osName, String osArch) {
		if (!osName.equals("Linux")) {
			return Optional.empty();
		}
		return switch (osArch) {
			case "amd64", "x86_64" -> Optional.of("linux-x64");
			case "aarch64" -> Optional.of("linux-arm64");
			default -> Optional.empty();
		};
	}

	/**
	 * The library for {@code platform} under {@code repository}'s bench-run/target/, in an
	 * {@code async-profiler-<version>} folder; the newest by name when the build left several.
	 */
	static Optional<Path> find(Path repository, String platform) {
		Path target = repository.resolve("bench-run/target");
		if (!Files.isDirectory(target)) {
			return Optional.empty();
		}
		try (Stream<Path> files = Files.walk(target)) {
			return files.filter((file) -> file.getFileName().toString().equals(LIBRARY))
				.filter((file) -> file.getParent().getFileName().toString().equals(platform)
						&& file.getParent().getParent().getFileName().toString().startsWith(FOLDER_PREFIX))
				.max(Comparator.comparing(Path::toString));
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot look under " + target, ex);
		}
	}

	/** Its version, from its folder's name. */
	String version() {
		return this.library.getParent().getParent().getFileName().toString().substring(FOLDER_PREFIX.length());
	}

	/**
	 * The jcmd command line that gives {@code command} to the JVM {@code pid}. jcmd parses name=value pairs itself,
	 * so the command goes in quotes.
	 */
	List<String> command(long pid, String command) {
		return this.placement.atApp(List.of("timeout", String.valueOf(JCMD_TIMEOUT.toSeconds()), "jcmd",
				String.valueOf(pid), "JVMTI.agent_load", this.library.toString(), "\"" + command + "\""));
	}

	/** Gives the command; whether the agent answered 0. */
	boolean send(long pid, String command) {
		Program.Ended answer = Program.run(command(pid, command), JCMD_TIMEOUT.plusSeconds(10));
		return (answer.output() + answer.errors()).contains("return code: 0");
	}

}
