package org.redisbench.openloop.rules;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.OptionalLong;

/**
 * One counted request of an open-loop step as the generator's {@code OUT.requests} holds it, a line each under a
 * header: {@code due_us latency_us lag_us failed}. Times are microseconds: when it was due since the epoch (so that
 * other processes' logs can be laid beside it), how long from then to its answer ({@code -} never answered), how late
 * the generator sent it, and 1 for an error status, a refused connection or no answer.
 */
public record StepRequest(long dueUs, OptionalLong latencyUs, long lagUs, boolean failed) {

	public static final String HEADER = "due_us latency_us lag_us failed";

	private static final String UNANSWERED = "-";

	/** Whether an answer (or an error) came back. */
	public boolean answered() {
		return this.latencyUs.isPresent();
	}

	/** When it was answered, µs since the epoch; only for an answered request. */
	public long answeredUs() {
		return this.dueUs + this.latencyUs.getAsLong();
	}

	/** The file's text: the header, then a line a request. */
	public static String text(Collection<StepRequest> requests) {
		StringBuilder text = new StringBuilder(HEADER).append('\n');
		for (StepRequest request : requests) {
			text.append(request.dueUs).append(' ')
				.append(request.answered() ? String.valueOf(request.latencyUs.getAsLong()) : UNANSWERED)
				.append(' ')
				.append(request.lagUs)
				.append(' ')
				.append(request.failed ? 1 : 0)
				.append('\n');
		}
		return text.toString();
	}

	/** The requests of a file {@link #text} wrote; an IllegalArgumentException naming the line it cannot read. */
	public static List<StepRequest> parse(String text) {
		List<StepRequest> requests = new ArrayList<>();
		for (String line : text.split("\n")) {
			if (line.isBlank() || line.equals(HEADER)) {
				continue;
			}
			String[] fields = line.strip().split(" ");
			try {
				if (fields.length != 4 || !(fields[3].equals("0") || fields[3].equals("1"))) {
					throw new NumberFormatException();
				}
				requests.add(new StepRequest(Long.parseLong(fields[0]),
						fields[1].equals(UNANSWERED) ? OptionalLong.empty() : OptionalLong.of(Long.parseLong(fields[1])),
						Long.parseLong(fields[2]), fields[3].equals("1")));
			}
			catch (NumberFormatException ex) {
				throw new IllegalArgumentException("not a request's line (" + HEADER + "): '" + line + "'");
			}
		}
		return requests;
	}

}
