package org.redisbench.faults;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.redisbench.model.Batch;

/**
 * What scripts/faults.sh decides, from the files its load loops wrote into its output folder; the script only
 * starts and stops processes. One call a scenario and one a run, as the JVM takes a third of a second to start:
 * <ul>
 * <li>{@code batches WORK PHASE}: prints how many {@code /check} requests read back every batch the phase's 2xx
 * claimed.</li>
 * <li>{@code row WORK APP FAULT BOUND_SECONDS [options]}: decides the scenario from the files {@code FAULT.N} and
 * {@code FAULT.checked.N} (the ids {@code /check} verified) and appends its row to {@code WORK/results.tsv}; prints
 * what went wrong besides the figures. Options: {@code --window FROM TO} (the fault, EPOCHREALTIME seconds),
 * {@code --recovery PHASE SINCE} (the phase whose first 2xx from SINCE on ends the recovery; without it: never),
 * {@code --restarted FROM TO} (Redis restarting until it answered), {@code --refused-for TEXT} (some failure
 * must name it), {@code --answered WHAT STATUS} (an HTTP status, whichever), {@code --same WHAT ACTUAL EXPECTED}.</li>
 * <li>{@code table WORK BOUND_SECONDS}: prints the table of {@code WORK/results.tsv}; exits 3 when a scenario
 * failed.</li>
 * </ul>
 * Exits 2 on a usage error, 1 when the files cannot be read.
 */
public final class Faults {

	static final String RESULTS = "results.tsv";

	static final int SOME_FAILED = 3;

	private static final String USAGE = "usage: Faults batches WORK PHASE | row WORK APP FAULT BOUND_SECONDS "
			+ "[--window FROM TO] [--recovery PHASE SINCE] [--restarted FROM TO] [--refused-for TEXT] "
			+ "[--answered WHAT STATUS]... [--same WHAT ACTUAL EXPECTED]... | table WORK BOUND_SECONDS";

	private Faults() {
	}

	public static void main(String[] args) throws IOException {
		int status;
		try {
			status = run(List.of(args), System.out);
		}
		catch (UsageException ex) {
			System.err.println("Faults: " + ex.getMessage());
			System.err.println(USAGE);
			status = 2;
		}
		System.exit(status);
	}

	static int run(List<String> args, PrintStream out) throws IOException {
		if (args.isEmpty()) {
			throw new UsageException("no subcommand");
		}
		List<String> rest = args.subList(1, args.size());
		return switch (args.get(0)) {
			case "batches" -> batches(arity(rest, 2), out);
			case "row" -> row(rest, out);
			case "table" -> table(arity(rest, 2), out);
			default -> throw new UsageException("unknown subcommand " + args.get(0));
		};
	}

	private static int batches(List<String> args, PrintStream out) {
		List<LoggedRequest> requests = RequestLog.read(Path.of(args.get(0)), args.get(1));
		out.println(ClaimedBatches.of(requests).batchesToCheck(Batch.SIZE));
		return 0;
	}

	private static int row(List<String> args, PrintStream out) throws IOException {
		if (args.size() < 4) {
			throw new UsageException("row needs WORK APP FAULT BOUND_SECONDS");
		}
		Path work = Path.of(args.get(0));
		String fault = args.get(2);
		List<LoggedRequest> requests = RequestLog.read(work, fault);
		Window window = null;
		Recovery recovery = new Recovery(null);
		List<String> failedChecks = new ArrayList<>();
		for (int i = 4; i < args.size(); i++) {
			String option = args.get(i);
			List<String> values = values(args, i, switch (option) {
				case "--refused-for" -> 1;
				case "--window", "--recovery", "--restarted", "--answered" -> 2;
				case "--same" -> 3;
				default -> throw new UsageException("unknown option " + option);
			});
			i += values.size();
			switch (option) {
				case "--window" -> window = new Window(micros(values.get(0)), micros(values.get(1)));
				case "--recovery" -> recovery = Recovery.since(RequestLog.read(work, values.get(0)),
						micros(values.get(1)));
				case "--restarted" -> out.printf(Locale.ROOT,
						"  Redis took %.2f s to load its append-only file and answer%n",
						(micros(values.get(1)) - micros(values.get(0))) / 1e6);
				case "--refused-for" -> failedChecks.addAll(ObservationChecks.refusedFor(requests, values.get(0)));
				case "--answered" -> failedChecks.addAll(ObservationChecks.answered(values.get(0), values.get(1)));
				default -> failedChecks.addAll(ObservationChecks.same(values.get(0), values.get(1), values.get(2)));
			}
		}
		failedChecks.forEach(check -> out.println("  failed: " + check));
		long wrong = ClaimedBatches.of(requests).notReadBack(RequestLog.verified(work, fault));
		FaultVerdict verdict = new FaultVerdict(args.get(1), fault, FaultFigures.of(requests, window,
				micros(args.get(3))), wrong, recovery, Cause.mostFrequent(requests), failedChecks);
		Path results = work.resolve(RESULTS);
		if (!Files.exists(results)) {
			Files.writeString(results, String.join("\t", FaultVerdict.COLUMNS) + "\n", StandardCharsets.UTF_8);
		}
		Files.writeString(results, verdict.tsv() + "\n", StandardCharsets.UTF_8, StandardOpenOption.APPEND);
		return 0;
	}

	private static int table(List<String> args, PrintStream out) throws IOException {
		List<String> lines = Files.readAllLines(Path.of(args.get(0)).resolve(RESULTS), StandardCharsets.UTF_8);
		List<FaultVerdict> verdicts = lines.stream().skip(1).map(FaultVerdict::parseTsv).toList();
		out.println();
		FaultVerdict.table(verdicts, args.get(1)).forEach(out::println);
		return verdicts.stream().anyMatch(FaultVerdict::failed) ? SOME_FAILED : 0;
	}

	private static List<String> arity(List<String> args, int count) {
		if (args.size() != count) {
			throw new UsageException("expected " + count + " arguments, got " + args.size());
		}
		return args;
	}

	private static List<String> values(List<String> args, int option, int count) {
		if (option + count >= args.size()) {
			throw new UsageException(args.get(option) + " takes " + count + " values");
		}
		return args.subList(option + 1, option + 1 + count);
	}

	private static long micros(String seconds) {
		try {
			return LoggedRequest.micros(seconds);
		}
		catch (NumberFormatException | ArithmeticException ex) {
			throw new UsageException("not seconds: '" + seconds + "'");
		}
	}

	static final class UsageException extends IllegalArgumentException {

		private static final long serialVersionUID = 1L;

		UsageException(String message) {
			super(message);
		}

	}

}
