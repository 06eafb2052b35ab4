package org.redisbench.bench.run;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The raw files a run writes and reads back, many named from a prefix such as raw/v/rep1/add.before. */
public final class RawFiles {

	private RawFiles() {
	}

	/** {@code PREFIX<suffix>}: raw/v/rep1/add.before and .info.txt give raw/v/rep1/add.before.info.txt. */
	public static Path named(Path prefix, String suffix) {
		return prefix.resolveSibling(prefix.getFileName() + suffix);
	}

	/** {@code text} as the whole of {@code file}, created or emptied first. */
	public static void write(Path file, String text) {
		try {
			Files.writeString(file, text);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot write " + file, ex);
		}
	}

	/** Its text; empty for a file that is not there, as a read of it in bash gave nothing. */
	public static String read(Path file) {
		try {
			return Files.isRegularFile(file) ? Files.readString(file) : "";
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot read " + file, ex);
		}
	}

}
