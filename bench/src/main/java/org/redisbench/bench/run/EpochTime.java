package org.redisbench.bench.run;

import java.time.Instant;

/** Now as bash's {@code $EPOCHREALTIME} gives it, seconds with six decimals, the form the samples' files record. */
public final class EpochTime {

	private EpochTime() {
	}

	public static String now() {
		Instant now = Instant.now();
		return now.getEpochSecond() + "." + String.format("%06d", now.getNano() / 1000);
	}

}
