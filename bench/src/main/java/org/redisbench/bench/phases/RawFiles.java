package org.redisbench.bench.phases;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The phases' raw files: named after a prefix, written whole. */
final class RawFiles {

	private RawFiles() {
	}

	/** {@code prefix} with {@code suffix} added to its file name: raw/v/rep1/add + .samples.start. */
	static Path sibling(Path prefix, String suffix) {
		return prefix.resolveSibling(prefix.getFileName() + suffix);
	}

	/** {@code text} as the whole of {@code file}, created or emptied first. */
	static void write(Path file, String text) {
		try {
			Files.writeString(file, text);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot write " + file, ex);
		}
	}

}
