package org.redisbench.processes;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What follows {@code java} and its options to start an app, as scripts/lib/apps.sh's {@code app_launch} gives it:
 * {@code -jar JAR}, or, with class sharing, the jar Spring Boot extracts from it and the archive of the classes it
 * loads until its context is up, trained for that java on the first start after a build. An archive halves the CPU
 * of an app's start, but the classes' metadata is mapped from it, which RSS counts differently: bench runs keep the
 * published start unless told otherwise. With the quick compiler alone ({@code c1}), a smoke run's few requests end
 * before the optimising compiler's work pays back; its figures are no app's figures.
 */
public final class AppLaunch {

	/** A start until its context is refreshed, on a loaded 2-core machine, with time to spare. */
	private static final Duration TRAINING_TIMEOUT = Duration.ofSeconds(180);

	/** What {@code timeout -k 10} gives a training JVM after its SIGTERM. */
	private static final Duration TRAINING_KILL = Duration.ofSeconds(10);

	private static final Duration EXTRACT_TIMEOUT = Duration.ofMinutes(10);

	private static final Duration VERSION_TIMEOUT = Duration.ofMinutes(1);

	private static final Pattern VM_VERSION = Pattern.compile("^ *java\\.vm\\.version = (.*)$", Pattern.MULTILINE);

	/** Asked once a JVM per java command: a JVM's start, and a run starts an app a variant. */
	private static final Map<List<String>, String> VERSIONS = new ConcurrentHashMap<>();

	private final List<String> java;

	private final boolean classSharing;

	private final boolean quickCompilerOnly;

	private final Consumer<String> log;

	/**
	 * @param java the java command, with any prefix placing it (e.g. {@code ip netns exec NS java})
	 * @param classSharing whether the app starts through a class-data-sharing archive of its own
	 * @param quickCompilerOnly whether the JVM runs C1 only ({@code -XX:TieredStopAtLevel=1})
	 * @param log where the training and its failure are said
	 */
	public AppLaunch(List<String> java, boolean classSharing, boolean quickCompilerOnly, Consumer<String> log) {
		this.java = List.copyOf(java);
		this.classSharing = classSharing;
		this.quickCompilerOnly = quickCompilerOnly;
		this.log = log;
	}

	/**
	 * The words after {@code java} and its options for app {@code app} ({@code string}, ...) built as {@code jar}. A
	 * failed training is a warning in the log: the app then starts from its jar.
	 */
	public List<String> of(String app, Path jar) {
		List<String> launch = new ArrayList<>();
		if (this.quickCompilerOnly) {
			launch.add("-XX:TieredStopAtLevel=1");
		}
		Optional<Path> archive = this.classSharing ? archive(app, jar) : Optional.empty();
		if (archive.isPresent()) {
			launch.addAll(List.of("-XX:SharedArchiveFile=" + archive.get(), "-Xlog:cds=off", "-Xlog:cds+dynamic=off",
					"-jar", extracted(jar).toString()));
		}
		else {
			launch.addAll(List.of("-jar", jar.toString()));
		}
		return List.copyOf(launch);
	}

	/** The app's archive for this java, trained when missing or older than the jar; none when the training failed. */
	private Optional<Path> archive(String app, Path jar) {
		String version = version();
		Path dir = classSharing(jar);
		Path archive = dir.resolve(app + "-" + version + ".jsa");
		if (olderThan(archive, jar) && !train(app, version, jar, archive)) {
			this.log.accept("warning: no class-sharing archive for the " + app + " app (see "
					+ dir.resolve("training.log") + "); it starts from its jar");
			return Optional.empty();
		}
		return Optional.of(archive);
	}

	/**
	 * The java's {@code java.vm.version}, {@code unknown} when it does not say. When it is this JVM's own java, this
	 * JVM says: one JVM fewer a run, each a second of CPU on the machine measured.
	 */
	private String version() {
		if (isThisJava(this.java)) {
			return System.getProperty("java.vm.version");
		}
		return VERSIONS.computeIfAbsent(this.java, (command) -> {
			Matcher version = VM_VERSION.matcher(output(command, List.of("-XshowSettings:properties", "-version")));
			return version.find() ? version.group(1).strip() : "unknown";
		});
	}

	/**
	 * Extracts the jar into DIR/extracted when stale and starts it once, until its context is refreshed, against a
	 * Redis port nothing listens on (1), so that no Redis is touched, writing the archive. Files are written beside
	 * and renamed, so that a run starting the app meanwhile sees the old ones or the new.
	 */
	private boolean train(String app, String version, Path jar, Path archive) {
		Path dir = classSharing(jar);
		Path trainingLog = dir.resolve("training.log");
		try {
			Files.createDirectories(dir);
			Path extracted = extracted(jar);
			if (olderThan(extracted, jar) && !extract(jar, dir, trainingLog)) {
				return false;
			}
			this.log.accept("training the " + app + " app's class-sharing archive for java " + version);
			Path staged = dir.resolve(archive.getFileName() + "." + ProcessHandle.current().pid());
			List<String> command = new ArrayList<>(this.java);
			command.addAll(List.of("-XX:ArchiveClassesAtExit=" + staged, "-Xlog:cds=off", "-Xlog:cds+dynamic=off",
					"-Dspring.context.exit=onRefresh", "-jar", extracted.toString(), "--server.port=0",
					"--server.address=127.0.0.1", "--spring.data.redis.host=127.0.0.1", "--spring.data.redis.port=1"));
			ChildProcess training = ChildProcess.start(dir, command, trainingLog, Map.of());
			if (!training.awaitExit(TRAINING_TIMEOUT)) {
				training.stop(TRAINING_KILL);
			}
			else if (training.exitValue() == 0 && Files.isRegularFile(staged) && Files.size(staged) > 0) {
				Files.move(staged, archive, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
				return true;
			}
			Files.deleteIfExists(staged);
			return false;
		}
		catch (IOException | UncheckedIOException ex) {
			return false;
		}
	}

	/** {@code java -Djarmode=tools -jar JAR extract} into a staging folder, then in place of DIR/extracted. */
	private boolean extract(Path jar, Path dir, Path trainingLog) throws IOException {
		Path staging = Files.createTempDirectory(dir, "extracting.");
		try {
			Files.writeString(trainingLog, "");
			List<String> command = new ArrayList<>(this.java);
			command.addAll(List.of("-Djarmode=tools", "-jar", jar.toAbsolutePath().toString(), "extract",
					"--destination", staging.resolve("extracted").toString()));
			ChildProcess extracting = ChildProcess.start(dir, command, trainingLog, Map.of());
			if (!extracting.awaitExit(EXTRACT_TIMEOUT)) {
				extracting.stop(TRAINING_KILL);
				return false;
			}
			if (extracting.exitValue() != 0) {
				return false;
			}
			Folders.delete(dir.resolve("extracted"));
			Files.move(staging.resolve("extracted"), dir.resolve("extracted"));
			return true;
		}
		finally {
			Folders.delete(staging);
		}
	}

	/** Where the app's archives and extracted jar are kept: beside its jar. */
	private static Path classSharing(Path jar) {
		return jar.toAbsolutePath().getParent().resolve("class-sharing");
	}

	private static Path extracted(Path jar) {
		return classSharing(jar).resolve("extracted").resolve(jar.getFileName());
	}

	/** As bash's {@code [[ ! -f FILE || FILE -ot THAN ]]}: missing, or last modified before {@code than}. */
	private static boolean olderThan(Path file, Path than) {
		try {
			return !Files.isRegularFile(file) || Files.exists(than)
					&& Files.getLastModifiedTime(file).compareTo(Files.getLastModifiedTime(than)) < 0;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
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

	/** A short program's standard output and errors, as {@code 2>&1 | sed} reads them; empty when it cannot run. */
	private static String output(List<String> java, List<String> arguments) {
		List<String> command = new ArrayList<>(java);
		command.addAll(arguments);
		try {
			Path out = Files.createTempFile("java-version", ".txt");
			try {
				ChildProcess asked = ChildProcess.start(out.getParent(), command, out, Map.of());
				if (!asked.awaitExit(VERSION_TIMEOUT)) {
					asked.kill(TRAINING_KILL);
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
