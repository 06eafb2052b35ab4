package org.redisbench.processes;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which Java a java command runs: its {@code java.vm.version}, which names an app's class-sharing archive (an archive
 * maps into that VM build only), and its feature version, which says what it can keep of a start (an AOT cache from
 * 25 on). {@code unknown} and 0 when the command does not say.
 */
record JavaRelease(String vmVersion, int feature) {

	static final JavaRelease UNKNOWN = new JavaRelease("unknown", 0);

	private static final Duration VERSION_TIMEOUT = Duration.ofMinutes(1);

	private static final Duration KILL_WAIT = Duration.ofSeconds(10);

	private static final Pattern VM_VERSION = Pattern.compile("^ *java\\.vm\\.version = (.*)$", Pattern.MULTILINE);

	private static final Pattern FEATURE = Pattern.compile("^ *java\\.specification\\.version = (\\d+)$",
			Pattern.MULTILINE);

	/** Asked once a JVM per java command: a JVM's start, and a run starts an app a variant. */
	private static final Map<List<String>, JavaRelease> ASKED = new ConcurrentHashMap<>();

	/**
	 * The release {@code java} runs (with any prefix placing it). When it is this JVM's own java, this JVM says: one
	 * JVM fewer a run, each a second of CPU on the machine measured.
	 */
	static JavaRelease of(List<String> java) {
		if (isThisJava(java)) {
			return new JavaRelease(System.getProperty("java.vm.version"), Runtime.version().feature());
		}
		return ASKED.computeIfAbsent(List.copyOf(java), JavaRelease::asked);
	}

	/** Whether {@code java} is the java of the PATH, unplaced, and that is the one this JVM runs on. */
	static boolean isThisJava(List<String> java) {
		if (!java.equals(List.of("java"))) {
			return false;
		}
		try {
			Optional<Path> onPath = ProgramPath.find("java");
			return onPath.isPresent() && onPath.get().toRealPath()
				.equals(Path.of(System.getProperty("java.home"), "bin", "java").toRealPath());
		}
		catch (IOException ex) {
			// A java that cannot be resolved is asked, as any other.
			return false;
		}
	}

	/** Whether it keeps a start in an AOT cache ({@code -XX:AOTCacheOutput}, JEP 514): 25 on. */
	boolean hasAotCache() {
		return this.feature >= 25;
	}

	private static JavaRelease asked(List<String> java) {
		String properties = output(java, List.of("-XshowSettings:properties", "-version"));
		Matcher version = VM_VERSION.matcher(properties);
		Matcher feature = FEATURE.matcher(properties);
		return new JavaRelease(version.find() ? version.group(1).strip() : UNKNOWN.vmVersion(),
				feature.find() ? Integer.parseInt(feature.group(1)) : UNKNOWN.feature());
	}

	/** A short program's standard output and errors, as {@code 2>&1 | sed} reads them; empty when it cannot run. */
	private static String output(List<String> java, List<String> arguments) {
		List<String> command = new ArrayList<>(java);
		command.addAll(arguments);
		try {
			Path out = Files.createTempFile("java-version", ".txt");
			try {
				ChildProcess asked = ChildProcess.start(out.getParent(), command, out, Map.of());
				if (!asked.awaitExit(VERSION_TIMEOUT)) {
					asked.kill(KILL_WAIT);
				}
				return Files.readString(out, StandardCharsets.UTF_8);
			}
			finally {
				Files.deleteIfExists(out);
			}
		}
		catch (IOException | UncheckedIOException ex) {
			return "";
		}
	}

}
