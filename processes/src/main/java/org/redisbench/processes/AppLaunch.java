package org.redisbench.processes;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.ProcessBuilder.Redirect;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * What follows {@code java} and its options to start an app, as scripts/lib/apps.sh's {@code app_launch} gives it:
 * {@code -jar JAR}, or, with class sharing, the jar Spring Boot extracts from it and the archive of the classes it
 * loads until its context is up, trained for that java on the first start after a build. An archive halves the CPU
 * of an app's start, but the classes' metadata is mapped from it, which RSS counts differently: bench runs keep the
 * published start unless told otherwise. From Java 25 on, the archive is an AOT cache instead, trained on a run's
 * requests ({@link AotCacheTraining}): it keeps the classes loaded and linked, and the methods' profiles, so that the
 * JIT settles sooner. With the quick compiler alone ({@code c1}), a smoke run's few requests end before the optimising
 * compiler's work pays back; its figures are no app's figures.
 */
public final class AppLaunch {

	/** A start until its context is refreshed, on a loaded 2-core machine, with time to spare. */
	private static final Duration TRAINING_TIMEOUT = Duration.ofSeconds(180);

	/** What {@code timeout -k 10} gives a training JVM after its SIGTERM. */
	private static final Duration TRAINING_KILL = Duration.ofSeconds(10);

	private static final Duration EXTRACT_TIMEOUT = Duration.ofMinutes(10);

	private final AppJava java;

	private final boolean classSharing;

	private final boolean quickCompilerOnly;

	private final Consumer<String> log;

	/**
	 * @param java the java command, the prefix placing it and the app's JVM options
	 * @param classSharing whether the app starts through a class-data-sharing archive of its own
	 * @param quickCompilerOnly whether the JVM runs C1 only ({@code -XX:TieredStopAtLevel=1})
	 * @param log where the training and its failure are said
	 */
	public AppLaunch(AppJava java, boolean classSharing, boolean quickCompilerOnly, Consumer<String> log) {
		this.java = java;
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
		if (this.classSharing) {
			JavaRelease release = JavaRelease.of(this.java.placed());
			Optional<Path> archive = release.hasAotCache() ? aotCache(app, release, jar) : archive(app, release, jar);
			if (archive.isPresent()) {
				// At its default level a JVM says nothing of an AOT cache it maps, so there is nothing to quiet; it
				// says "Unable to use AOT cache" of one it cannot map (trained with other compressed pointers, e.g.
				// -XX:-UseCompressedOops), which app.log keeps: the app then starts without it. With -Xlog:aot it
				// said "Opened AOT cache FILE", mapped its regions and enabled the full module graph, with -Xmx256m
				// too in a cache trained with -Xmx512m (Temurin 25.0.3, 2026-12-06; the string app UP in 7.7 s
				// instead of 20.8 s, at a load average of 9).
				launch.addAll(release.hasAotCache() ? List.of("-XX:AOTCache=" + archive.get())
						: List.of("-XX:SharedArchiveFile=" + archive.get(), "-Xlog:cds=off", "-Xlog:cds+dynamic=off"));
				launch.addAll(List.of("-jar", extracted(jar).toString()));
				return List.copyOf(launch);
			}
		}
		launch.addAll(List.of("-jar", jar.toString()));
		return List.copyOf(launch);
	}

	/** The app's archive for this java, trained when missing or older than the jar; none when the training failed. */
	private Optional<Path> archive(String app, JavaRelease release, Path jar) {
		return trained(app, jar, classSharing(jar).resolve(app + "-" + release.vmVersion() + ".jsa"), (staged) -> {
			this.log.accept("training the " + app + " app's class-sharing archive for java " + release.vmVersion());
			return trainArchive(extracted(jar), staged, classSharing(jar).resolve("training.log"));
		});
	}

	/**
	 * The app's AOT cache for this java, as {@link #archive}. Trained with both compilers whatever the run's: the
	 * quick one alone (level 1) records no profiles, and one cache serves both.
	 */
	private Optional<Path> aotCache(String app, JavaRelease release, Path jar) {
		return trained(app, jar, classSharing(jar).resolve(app + "-" + release.vmVersion() + ".aot"), (staged) -> {
			this.log.accept("training the " + app + " app's AOT cache for java " + release.vmVersion() + " on "
					+ AotCacheTraining.REQUESTS + " requests to each of " + String.join(", ", TrainingLoad.PATHS));
			return AotCacheTraining.train(this.java, extracted(jar), staged, classSharing(jar).resolve("training.log"));
		});
	}

	/**
	 * {@code archive}, trained by {@code training} into a file beside it when missing or older than the jar; none
	 * when the training failed (a warning naming its log). The jar is extracted into DIR/extracted first when stale.
	 * Files are written beside and renamed, so that a run starting the app meanwhile sees the old ones or the new.
	 */
	private Optional<Path> trained(String app, Path jar, Path archive, Training training) {
		Path dir = classSharing(jar);
		if (!olderThan(archive, jar)) {
			return Optional.of(archive);
		}
		Path staged = dir.resolve(archive.getFileName() + "." + ProcessHandle.current().pid());
		try {
			Files.createDirectories(dir);
			Path trainingLog = dir.resolve("training.log");
			if ((!olderThan(extracted(jar), jar) || extract(jar, dir, trainingLog)) && training.into(staged)
					&& Files.size(staged) > 0) {
				Files.move(staged, archive, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
				return Optional.of(archive);
			}
		}
		catch (IOException | UncheckedIOException | IllegalStateException ex) {
			// A training that could not run is a training that failed: said below.
		}
		try {
			Files.deleteIfExists(staged);
		}
		catch (IOException ex) {
			// Named after this JVM, it is written again by the next training of this JVM only.
		}
		this.log.accept("warning: no class-sharing archive for the " + app + " app (see " + dir.resolve("training.log")
				+ "); it starts from its jar");
		return Optional.empty();
	}

	/** A training that writes an archive into the file given; whether it did. */
	@FunctionalInterface
	private interface Training {

		boolean into(Path staged) throws IOException;

	}

	/**
	 * Starts the extracted jar once, until its context is refreshed, against a Redis port nothing listens on (1), so
	 * that no Redis is touched, writing a dynamic archive of the classes it loaded.
	 */
	private boolean trainArchive(Path extracted, Path staged, Path trainingLog) {
		List<String> command = new ArrayList<>(this.java.placed());
		command.addAll(List.of("-XX:ArchiveClassesAtExit=" + staged, "-Xlog:cds=off", "-Xlog:cds+dynamic=off",
				"-Dspring.context.exit=onRefresh", "-jar", extracted.toString(), "--server.port=0",
				"--server.address=127.0.0.1", "--spring.data.redis.host=127.0.0.1", "--spring.data.redis.port=1"));
		return ranInto(trainingLog, command, TRAINING_TIMEOUT) && Files.isRegularFile(staged);
	}

	/** Whether {@code command} ran to its end and succeeded within {@code timeout}, its output into {@code log}. */
	private static boolean ranInto(Path log, List<String> command, Duration timeout) {
		try {
			return Program.run(log.getParent(), command, timeout, TRAINING_KILL, Map.of(), "",
					Program.Output.into(Redirect.appendTo(log.toFile())), true).succeeded();
		}
		catch (IOException | Program.TimedOut failed) {
			return false;
		}
	}

	/** {@code java -Djarmode=tools -jar JAR extract} into a staging folder, then in place of DIR/extracted. */
	private boolean extract(Path jar, Path dir, Path trainingLog) throws IOException {
		Path staging = Files.createTempDirectory(dir, "extracting.");
		try {
			Files.writeString(trainingLog, "");
			List<String> command = new ArrayList<>(this.java.placed());
			command.addAll(List.of("-Djarmode=tools", "-jar", jar.toAbsolutePath().toString(), "extract",
					"--destination", staging.resolve("extracted").toString()));
			if (!ranInto(trainingLog, command, EXTRACT_TIMEOUT)) {
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

}
