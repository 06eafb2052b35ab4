package org.redisbench.migrate;

import java.util.Locale;

/**
 * The progress line, at most once a second: keys read and their rate, what became of them, and an ETA from how
 * far SCAN's cursor has come. Redis's SCAN walks its key table in reverse binary order of the slots, so a cursor's
 * bits read backwards over the table's size are the share of the table visited; the size is taken as the first
 * power of two that holds DBSIZE keys, as a settled table is, so the share and the ETA are estimates.
 */
final class Progress {

	private static final long EVERY_NANOS = 1_000_000_000L;

	private final String what;

	private final int masters;

	private final long startNanos = System.nanoTime();

	/** Keys read by earlier runs of a resumed migration, and their seconds: the rate is this run's alone. */
	private final long keysBefore;

	private long lastNanos;

	Progress(String what, int masters, long keysBefore) {
		this.what = what;
		this.masters = masters;
		this.keysBefore = keysBefore;
	}

	/** Prints the line if a second has passed since the last one, or when {@code now} is asked. */
	void show(Tally tally, int master, double mastersShare, double activeSecondsBefore, boolean now) {
		long at = System.nanoTime();
		if (!now && at - this.lastNanos < EVERY_NANOS) {
			return;
		}
		this.lastNanos = at;
		double seconds = (at - this.startNanos) / 1e9;
		double rate = seconds > 0 ? (tally.matched - this.keysBefore) / seconds : 0;
		double done = (master + mastersShare) / this.masters;
		double active = activeSecondsBefore + seconds;
		String eta = done > 0.001 && done < 1 ? clock(active * (1 - done) / done) : "-";
		System.out.println(String.format(Locale.ROOT,
				"%s: %,d keys read, %,.0f keys/s; converted %,d, would convert %,d, already %,d, left %,d, refused %,d;"
						+ " master %d/%d, ~%.0f%% done, ETA %s",
				this.what, tally.matched, rate, tally.converted, tally.wouldConvert, tally.inTarget, tally.left(true),
				tally.left(false), master + 1, this.masters, 100 * done, eta));
	}

	/** The share of a key table of {@code keys} keys that SCAN has visited before {@code cursor}. */
	static double share(String cursor, long keys) {
		long value = Long.parseUnsignedLong(cursor);
		if (value == 0) {
			return 0;
		}
		int bits = Math.max(2, 64 - Long.numberOfLeadingZeros(Math.max(1, keys - 1)));
		long reversed = Long.reverse(value) >>> (64 - bits);
		return reversed / (double) (1L << bits);
	}

	static String clock(double seconds) {
		long whole = Math.round(seconds);
		return whole >= 3600 ? String.format(Locale.ROOT, "%d:%02d:%02d", whole / 3600, whole / 60 % 60, whole % 60)
				: String.format(Locale.ROOT, "%d:%02d", whole / 60, whole % 60);
	}

}
