package org.redisbench.faults;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

/**
 * The output folder's {@code results.tsv}: one row a scenario, each decided from the files the load loops wrote
 * ({@code FAULT.N}) and the ids {@code /check} read back after it ({@code FAULT.checked.N}).
 */
final class Results {

	static final String FILE = "results.tsv";

	private Results() {
	}

	/**
	 * Decides the scenario {@code fault} of {@code app} and appends its row.
	 *
	 * @param window the fault's time, or {@code null} for a fault without one (Redis full)
	 * @param recovery to the first 2xx once the fault was over
	 * @param failedChecks what else the run saw go wrong, one text each
	 */
	static FaultVerdict record(Path work, String app, String fault, long boundMicros, Window window, Recovery recovery,
			List<String> failedChecks) {
		List<LoggedRequest> requests = RequestLog.read(work, fault);
		long wrong = ClaimedBatches.of(requests).notReadBack(RequestLog.verified(work, fault));
		FaultVerdict verdict = new FaultVerdict(app, fault, FaultFigures.of(requests, window, boundMicros), wrong,
				recovery, Cause.mostFrequent(requests), failedChecks);
		Path results = work.resolve(FILE);
		try {
			if (!Files.exists(results)) {
				Files.writeString(results, String.join("\t", FaultVerdict.COLUMNS) + "\n", StandardCharsets.UTF_8);
			}
			Files.writeString(results, verdict.tsv() + "\n", StandardCharsets.UTF_8, StandardOpenOption.APPEND);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		return verdict;
	}

	/** Every row so far, in the order they were recorded. */
	static List<FaultVerdict> read(Path work) {
		return RequestLog.lines(work.resolve(FILE)).stream().skip(1).map(FaultVerdict::parseTsv).toList();
	}

}
