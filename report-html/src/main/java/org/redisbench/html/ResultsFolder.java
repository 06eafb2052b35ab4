package org.redisbench.html;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Optional;

/**
 * Where a tool writes one run's results: the folder given, or
 * results/&lt;timestamp&gt; under the repository; never over another run (a folder that holds raw/ already); and
 * afterwards the index.html of the runs beside it, rewritten always under the repository's results/ and elsewhere
 * only where one already is, so that no folder of the user's gets one unasked.
 */
public final class ResultsFolder {

	private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

	private ResultsFolder() {
	}

	/**
	 * The run's folder, with raw/ in it, as an absolute path.
	 * @param given the folder the user named, or empty for results/&lt;timestamp&gt; under the repository
	 * @throws IllegalArgumentException when the folder holds a run already, or cannot be made
	 */
	public static Path create(String given) {
		return create(given, "");
	}

	/**
	 * As {@link #create(String)}, the default folder's name {@code prefix} and the timestamp: a comparison's is
	 * results/compare-&lt;timestamp&gt;, told apart from the runs it compares at a glance.
	 */
	public static Path create(String given, String prefix) {
		Path folder = (given.isEmpty()
				? repository().resolve("results").resolve(prefix + LocalDateTime.now().format(STAMP))
				: Path.of(given)).toAbsolutePath().normalize();
		if (Files.exists(folder.resolve("raw"))) {
			throw new IllegalArgumentException(folder + " already holds a run; name another output folder");
		}
		try {
			Files.createDirectories(folder.resolve("raw"));
		}
		catch (IOException ex) {
			throw new IllegalArgumentException("cannot create " + folder + ": " + ex.getMessage());
		}
		return folder;
	}

	/**
	 * Rewrites the index.html of the folder the run is in, where that is the repository's results/ or an index is
	 * there already; the line to tell the user, what it wrote or a warning that it could not, or nothing. A failure
	 * is a warning only: the run's own report stands.
	 */
	public static Optional<String> index(Path run) {
		Path folder = run.toAbsolutePath().normalize().getParent();
		Path results = repository().resolve("results");
		boolean ours = folder.equals(results);
		if (!ours && !Files.isRegularFile(folder.resolve(IndexPage.FILE))) {
			return Optional.empty();
		}
		try {
			int runs = IndexPage.write(folder, ours ? "results" : folder.toString());
			return Optional.of("wrote " + folder.resolve(IndexPage.FILE) + " (" + runs + (runs == 1 ? " run)" : " runs)"));
		}
		catch (IOException | RuntimeException ex) {
			return Optional.of("warning: the index of runs beside " + run + " was not rewritten: " + ex.getMessage());
		}
	}

	/**
	 * The repository this program was built in: the jar's folder is &lt;module&gt;/target (redis-bench.jar, as
	 * scripts/lib/launcher.sh runs it); the working directory where the classes are not in a jar (a test).
	 */
	public static Path repository() {
		try {
			Path code = Path.of(ResultsFolder.class.getProtectionDomain().getCodeSource().getLocation().toURI());
			if (Files.isRegularFile(code) && code.getParent().getFileName().toString().equals("target")) {
				return code.getParent().getParent().getParent();
			}
		}
		catch (URISyntaxException | SecurityException ex) {
			// fall through to the working directory
		}
		return Path.of("").toAbsolutePath();
	}

}
