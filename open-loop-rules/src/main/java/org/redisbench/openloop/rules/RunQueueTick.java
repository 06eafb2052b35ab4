package org.redisbench.openloop.rules;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;

/**
 * How long one process's threads waited for a CPU in one tick of an open-loop step, as the generator's
 * {@code OUT.runqueue} holds it, a line each under a header: {@code from_us to_us process waited_ms}, the tick's ends
 * in microseconds since the epoch, the process's name as the step's figures give it ({@code app}, {@code redis}, ...,
 * {@link StepFigures#GENERATOR}), the ms its threads waited, summed over them.
 */
public record RunQueueTick(long fromUs, long toUs, String process, double waitedMs) {

	public static final String HEADER = "from_us to_us process waited_ms";

	/** One line of the file. */
	public String line() {
		return String.format(Locale.ROOT, "%d %d %s %.3f", this.fromUs, this.toUs, this.process, this.waitedMs);
	}

	/** The file's text: the header, then a line a tick and process. */
	public static String text(Collection<RunQueueTick> ticks) {
		StringBuilder text = new StringBuilder(HEADER).append('\n');
		ticks.forEach(tick -> text.append(tick.line()).append('\n'));
		return text.toString();
	}

	/** The ticks of a file {@link #text} wrote; an IllegalArgumentException naming the line it cannot read. */
	public static List<RunQueueTick> parse(String text) {
		List<RunQueueTick> ticks = new ArrayList<>();
		for (String line : text.split("\n")) {
			if (line.isBlank() || line.equals(HEADER)) {
				continue;
			}
			String[] fields = line.strip().split(" ");
			try {
				if (fields.length != 4) {
					throw new NumberFormatException();
				}
				ticks.add(new RunQueueTick(Long.parseLong(fields[0]), Long.parseLong(fields[1]), fields[2],
						Double.parseDouble(fields[3])));
			}
			catch (NumberFormatException ex) {
				throw new IllegalArgumentException("not a tick's line (" + HEADER + "): '" + line + "'");
			}
		}
		return ticks;
	}

}
