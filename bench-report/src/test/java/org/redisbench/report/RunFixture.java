package org.redisbench.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/** A writable copy of the real run kept under src/test/resources/run, so a test may spoil or add to it. */
final class RunFixture {

	private RunFixture() {
	}

	static Path copy(Path target) throws IOException {
		Path source;
		try {
			source = Path.of(RunFixture.class.getResource("/run").toURI());
		}
		catch (URISyntaxException ex) {
			throw new IllegalStateException(ex);
		}
		try (Stream<Path> files = Files.walk(source)) {
			files.filter(file -> !file.equals(source)).forEach(file -> {
				try {
					Files.copy(file, target.resolve(source.relativize(file).toString()));
				}
				catch (IOException ex) {
					throw new UncheckedIOException(ex);
				}
			});
		}
		return target;
	}

}
