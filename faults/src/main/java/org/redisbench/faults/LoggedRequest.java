package org.redisbench.faults;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;

/**
 * One request of a load loop, as its line says: {@code START END STATUS [IDS]|FAILURE}. The times are wall-clock
 * seconds since the epoch to the microsecond (as bash's EPOCHREALTIME, which the loops once were), held in
 * microseconds so that comparing them is exact; the ids are the {@code Person-Ids} header of a 2xx
 * ({@code first-last}), the failure the first line of any other answer's body.
 *
 * @param startMicros when the request was sent
 * @param endMicros when its answer, or the lack of one, was known
 * @param status the HTTP status, {@code 000} when nothing was answered
 * @param ids what a 2xx claimed; {@code null} when it named nothing or the request failed
 * @param failure the failure's text; empty when there is none
 */
record LoggedRequest(long startMicros, long endMicros, String status, IdRange ids, String failure) {

	static final String UNANSWERED = "000";

	static LoggedRequest parse(String line) {
		int bar = line.indexOf('|');
		if (bar < 0) {
			throw new IllegalArgumentException("no '|' in request line '" + line + "'");
		}
		String[] fields = line.substring(0, bar).trim().split(" +");
		if (fields.length < 3 || fields.length > 4) {
			throw new IllegalArgumentException("not START END STATUS [IDS]| in request line '" + line + "'");
		}
		String status = fields[2];
		IdRange ids = fields.length == 4 && status.startsWith("2") ? IdRange.parse(fields[3]) : null;
		return new LoggedRequest(micros(fields[0]), micros(fields[1]), status, ids, line.substring(bar + 1).trim());
	}

	/** Now, in the microseconds a line's times are read in: the clock the fault's times are taken by too. */
	static long now() {
		Instant now = Instant.now();
		return now.getEpochSecond() * 1_000_000 + now.getNano() / 1_000;
	}

	/** Its line, as {@link #parse} reads it. */
	String line() {
		return seconds(this.startMicros) + " " + seconds(this.endMicros) + " " + this.status
				+ ((this.ids != null) ? " " + this.ids : "") + "|" + this.failure;
	}

	/** Microseconds as the seconds a line holds: {@code 1733470000.000250}. */
	static String seconds(long micros) {
		return BigDecimal.valueOf(micros, 6).toPlainString();
	}

	/** Seconds as a line holds them, in whole microseconds. */
	static long micros(String seconds) {
		return new BigDecimal(seconds).movePointRight(6).setScale(0, RoundingMode.HALF_UP).longValueExact();
	}

	boolean succeeded() {
		return this.status.startsWith("2");
	}

	boolean unanswered() {
		return this.status.equals(UNANSWERED);
	}

	long micros() {
		return this.endMicros - this.startMicros;
	}

}
