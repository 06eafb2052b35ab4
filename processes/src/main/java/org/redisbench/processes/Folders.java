package org.redisbench.processes;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** The folders our processes keep their files in. */
public final class Folders {

	private Folders() {
	}

	/** Removes {@code folder} with everything in it; one already gone is fine. */
	public static void delete(Path folder) {
		if (!Files.exists(folder)) {
			return;
		}
		try (Stream<Path> paths = Files.walk(folder)) {
			for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
				Files.deleteIfExists(path);
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot remove " + folder, ex);
		}
	}

}
