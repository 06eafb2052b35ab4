package org.redisbench.faults;

import java.util.List;
import java.util.Locale;

/**
 * How long the app took to answer 2xx again once the fault was over: from then to the end of the first 2xx
 * that started then or later. {@code null} micros: it never did.
 *
 * @param micros from the fault's end to that answer
 */
record Recovery(Long micros) {

	static Recovery since(List<LoggedRequest> requests, long sinceMicros) {
		Long first = null;
		for (LoggedRequest request : requests) {
			if (request.succeeded() && request.startMicros() >= sinceMicros
					&& (first == null || request.endMicros() < first)) {
				first = request.endMicros();
			}
		}
		return new Recovery(first == null ? null : first - sinceMicros);
	}

	boolean never() {
		return this.micros == null;
	}

	/** Seconds to the hundredth, or {@code never}. */
	String label() {
		return never() ? "never" : String.format(Locale.ROOT, "%.2f", this.micros / 1e6);
	}

}
