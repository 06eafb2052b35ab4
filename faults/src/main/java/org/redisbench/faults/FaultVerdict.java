package org.redisbench.faults;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * One app through one fault: its figures, the claimed batches that did not read back intact, the recovery, the
 * most frequent cause, and what else the run saw go wrong. The fault was answered truthfully when no 2xx came
 * inside it, no answer came over the bound, every request was answered, every claim read back, the app answered
 * 2xx again afterwards, and nothing else went wrong; else the scenario failed.
 *
 * @param app the app, as the run names it: string, kryo, jackson
 * @param fault the scenario: outage, slow or full
 * @param figures the phase's figures
 * @param wrong claimed batches not read back intact
 * @param recovery to the first 2xx after the fault
 * @param cause the most frequent failure text, empty when none
 * @param failedChecks what else went wrong, one text each
 */
record FaultVerdict(String app, String fault, FaultFigures figures, long wrong, Recovery recovery, String cause,
		List<String> failedChecks) {

	/** The columns of results.tsv, in order. */
	static final List<String> COLUMNS = List.of("app", "fault", "tried", "failed", "in_fault", "over_bound",
			"unanswered", "wrong", "recover_s", "verdict", "cause", "failed_checks");

	static final String PASSED = "passed";

	static final String FAILED = "failed";

	private static final String ROW = "%-7s %-7s %6s %6s %7s %6s %6s %6s %9s  %s";

	FaultVerdict {
		failedChecks = List.copyOf(failedChecks);
	}

	boolean failed() {
		return this.figures.untruthful() + this.wrong > 0 || this.recovery.never() || !this.failedChecks.isEmpty();
	}

	/** The row of the table the run prints. */
	String tableRow() {
		return String.format(Locale.ROOT, ROW, this.app, this.fault, this.figures.tried(), this.figures.failed(),
				inFaultLabel(), this.figures.overBound(), this.figures.unanswered(), this.wrong, this.recovery.label(),
				this.cause).stripTrailing();
	}

	private String inFaultLabel() {
		return this.figures.inFault() == null ? "-" : this.figures.inFault().toString();
	}

	/** The table's head, its rows, and what its columns mean. */
	static List<String> table(List<FaultVerdict> verdicts, String boundSeconds) {
		List<String> lines = new ArrayList<>();
		lines.add(String.format(Locale.ROOT, ROW, "app", "fault", "tried", "failed", "2xx-in", "over-bd", "no-ans",
				"wrong", "recover-s", "most frequent cause"));
		verdicts.forEach(verdict -> lines.add(verdict.tableRow()));
		lines.add("");
		lines.add("2xx-in: 2xx answers to requests wholly inside the fault; over-bd: answers later than " + boundSeconds
				+ "s;");
		lines.add("no-ans: requests the app never answered; wrong: batches a 200 claimed that did not read back "
				+ "intact;");
		lines.add("recover-s: from Redis answering again (outage), the pause's end (slow), or room again (full) to the "
				+ "first 200.");
		return lines;
	}

	/** Its line of results.tsv; a tab or line break in a text becomes a space. */
	String tsv() {
		return String.join("\t", this.app, this.fault, Integer.toString(this.figures.tried()),
				Integer.toString(this.figures.failed()), inFaultLabel(), Integer.toString(this.figures.overBound()),
				Integer.toString(this.figures.unanswered()), Long.toString(this.wrong), this.recovery.label(),
				failed() ? FAILED : PASSED, flat(this.cause), flat(String.join("; ", this.failedChecks)));
	}

	static FaultVerdict parseTsv(String line) {
		String[] fields = line.split("\t", -1);
		if (fields.length != COLUMNS.size()) {
			throw new IllegalArgumentException("not a results.tsv row of " + COLUMNS.size() + " columns: " + line);
		}
		FaultFigures figures = new FaultFigures(Integer.parseInt(fields[2]), Integer.parseInt(fields[3]),
				fields[4].equals("-") ? null : Integer.valueOf(fields[4]), Integer.parseInt(fields[5]),
				Integer.parseInt(fields[6]));
		Recovery recovery = new Recovery(fields[8].equals("never") ? null : LoggedRequest.micros(fields[8]));
		List<String> checks = fields[11].isEmpty() ? List.of() : Arrays.asList(fields[11].split("; "));
		return new FaultVerdict(fields[0], fields[1], figures, Long.parseLong(fields[7]), recovery, fields[10], checks);
	}

	private static String flat(String text) {
		return text.replaceAll("[\t\r\n]", " ");
	}

}
