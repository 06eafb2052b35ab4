package org.redisbench.processes;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The apps' jars ({@code string}, {@code kryo}, {@code jackson}) in the repository that holds their modules, built
 * when missing or stale by scripts/lib/apps.sh's {@code build_jars}, so that staleness has one definition.
 */
public final class AppJars {

	private static final Path APPS_LIBRARY = Path.of("scripts", "lib", "apps.sh");

	private final Path repository;

	private AppJars(Path repository) {
		this.repository = repository;
	}

	/**
	 * The repository {@code anchor}'s classes were built in (its module's {@code target/classes}, or
	 * launcher/target/redis-bench.jar), else the working folder or its parent (a module's tests, with the anchor
	 * from the local Maven repository).
	 */
	public static AppJars of(Class<?> anchor) {
		List<Path> candidates = new ArrayList<>();
		codeSource(anchor).ifPresent((source) -> Stream.iterate(source, (path) -> path != null, Path::getParent)
			.forEach(candidates::add));
		Path working = Path.of("").toAbsolutePath();
		candidates.add(working);
		candidates.add(working.getParent());
		return candidates.stream().filter((path) -> path != null && Files.isRegularFile(path.resolve(APPS_LIBRARY)))
			.findFirst()
			.map(AppJars::new)
			.orElseThrow(() -> new IllegalStateException("no repository with " + APPS_LIBRARY + " above "
					+ codeSource(anchor).map(Path::toString).orElse("the program") + " or at " + working));
	}

	public Path repository() {
		return this.repository;
	}

	/** An app's jar, as scripts/lib/apps.sh's {@code jar_of} names it. */
	public Path jar(String app) {
		return this.repository.resolve(Path.of(app + "-app", "target", app + "-app.jar"));
	}

	/**
	 * Builds the apps' jars by {@code policy}: {@code auto} when missing or stale, {@code always}, or {@code never}
	 * (only checks they exist). Maven's output goes to {@code mavenLog}, the build's messages to {@code log}.
	 *
	 * @throws IllegalStateException when the build failed or a jar is missing, naming the log
	 */
	public void build(String policy, Duration timeout, Path mavenLog, Path log, List<String> apps) {
		List<String> command = new ArrayList<>(List.of("bash", "-c",
				"source scripts/lib/common.sh && source scripts/lib/apps.sh && build_jars \"$@\"", "build", policy,
				String.valueOf(timeout.toSeconds()), mavenLog.toAbsolutePath().toString()));
		command.addAll(apps);
		// Its own timeout is build_jars', on Maven; this one only bounds the rest, a minute's checks.
		ChildProcess.Ran build = ChildProcess.run(this.repository, command, log, timeout.plusMinutes(1));
		if (build.exitValue() != 0) {
			throw new IllegalStateException("the jars of " + String.join(", ", apps) + " did not build: "
					+ build.logTail(3).replace('\n', ' ') + " (see " + log + ")");
		}
	}

	/** Where the class was loaded from: a folder of classes or a jar; none for a class without a file. */
	private static Optional<Path> codeSource(Class<?> anchor) {
		if (anchor.getProtectionDomain().getCodeSource() == null) {
			return Optional.empty();
		}
		try {
			return Optional.of(Path.of(anchor.getProtectionDomain().getCodeSource().getLocation().toURI()).toAbsolutePath());
		}
		catch (URISyntaxException ex) {
			return Optional.empty();
		}
	}

}
