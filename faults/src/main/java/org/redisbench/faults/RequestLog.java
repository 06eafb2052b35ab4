package org.redisbench.faults;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Every request of a phase, from all its load loops' files: {@code PHASE.0}, {@code PHASE.1}... in the
 * output folder, one line a request ({@link LoggedRequest}); and the batches read back after it.
 */
final class RequestLog {

	private RequestLog() {
	}

	static List<LoggedRequest> read(Path work, String phase) {
		List<LoggedRequest> requests = new ArrayList<>();
		for (Path file : files(work, phase)) {
			List<String> lines = lines(file);
			for (int i = 0; i < lines.size(); i++) {
				if (lines.get(i).isBlank()) {
					continue;
				}
				try {
					requests.add(LoggedRequest.parse(lines.get(i)));
				}
				catch (IllegalArgumentException ex) {
					throw new IllegalArgumentException(file + ":" + (i + 1) + ": " + ex.getMessage(), ex);
				}
			}
		}
		return requests;
	}

	/** The ids {@code /check} read back intact after the phase, from the files {@code PHASE.checked.N}. */
	static List<IdRange> verified(Path work, String phase) {
		List<IdRange> verified = new ArrayList<>();
		for (Path file : files(work, phase + ".checked")) {
			lines(file).stream().filter(line -> !line.isBlank()).map(IdRange::parse).forEach(verified::add);
		}
		return verified;
	}

	/** The files {@code PHASE.N} in the folder, N a loop's number, in name order. */
	static List<Path> files(Path work, String phase) {
		Pattern loop = Pattern.compile(Pattern.quote(phase) + "\\.[0-9]+");
		try (Stream<Path> files = Files.list(work)) {
			return files.filter(file -> loop.matcher(file.getFileName().toString()).matches()).sorted().toList();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** A failure's text is the first 200 bytes of a body: a character cut in two there is replaced, not an error. */
	static List<String> lines(Path file) {
		try {
			return new String(Files.readAllBytes(file), StandardCharsets.UTF_8).lines().toList();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
