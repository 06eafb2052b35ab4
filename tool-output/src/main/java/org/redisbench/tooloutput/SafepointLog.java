package org.redisbench.tooloutput;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A JVM's safepoints as unified logging writes them with {@code -Xlog:safepoint:file=PATH:timemillis}, one line a
 * safepoint, the same on JDK 17 and 25 in what is read here: {@code [1796581768912ms] Safepoint
 * "G1CollectForAllocation", ..., Total: 14308744 ns, ...}. The line is written as the safepoint ends, so it was held
 * from its time less its total to its time: its end to the millisecond the decoration gives (the JVM truncates, so
 * the pause may have ended up to 1 ms later), its length to the nanosecond. Every thread running Java waited that long,
 * whatever the cause (a collection, deoptimisation, a code cache's cleanup).
 */
public final class SafepointLog {

	private static final Pattern LINE = Pattern.compile("^\\[(\\d+)ms\\] Safepoint \"([^\"]*)\".*, Total: (\\d+) ns");

	/** One safepoint: from when to when every Java thread stood, µs since the epoch, and why. */
	public record Pause(long fromUs, long toUs, String reason) {
	}

	private SafepointLog() {
	}

	/** The pauses of a log's text, in its order; a line that is not a safepoint's is skipped. */
	public static List<Pause> pauses(String text) {
		List<Pause> pauses = new ArrayList<>();
		for (String line : text.split("\\R")) {
			Matcher safepoint = LINE.matcher(line);
			if (safepoint.find()) {
				long endUs = Long.parseLong(safepoint.group(1)) * 1_000;
				pauses.add(new Pause(endUs - Long.parseLong(safepoint.group(3)) / 1_000, endUs, safepoint.group(2)));
			}
		}
		return pauses;
	}

}
