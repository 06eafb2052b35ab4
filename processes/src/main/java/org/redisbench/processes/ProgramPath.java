package org.redisbench.processes;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Optional;

/**
 * Where a program named without a folder is found, as a shell finds it: the first executable of that name in the
 * PATH's folders, in order (an empty entry skipped). For the tools' checks of what the machine has before anything
 * starts, and for knowing which java a bare {@code java} is.
 */
public final class ProgramPath {

	private ProgramPath() {
	}

	public static Optional<Path> find(String command) {
		return Arrays.stream(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
			.filter((folder) -> !folder.isEmpty())
			.map((folder) -> Path.of(folder, command))
			.filter(Files::isExecutable)
			.findFirst();
	}

	public static boolean has(String command) {
		return find(command).isPresent();
	}

}
