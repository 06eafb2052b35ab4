package org.redisbench.faults;

import java.util.List;

/**
 * What a phase's requests show: how many were tried, failed (not 2xx), answered 2xx wholly inside the fault,
 * answered later than the bound, and never answered ({@code 000}).
 *
 * @param tried every request
 * @param failed those not answered 2xx, the unanswered among them
 * @param inFault the 2xx wholly inside the fault's window; {@code null} for a phase without one
 * @param overBound those that took longer than the bound, answered or not
 * @param unanswered those never answered
 */
record FaultFigures(int tried, int failed, Integer inFault, int overBound, int unanswered) {

	/** {@code window} is {@code null} for a fault without a time of its own (Redis full). */
	static FaultFigures of(List<LoggedRequest> requests, Window window, long boundMicros) {
		int failed = 0;
		int inFault = 0;
		int over = 0;
		int unanswered = 0;
		for (LoggedRequest request : requests) {
			if (!request.succeeded()) {
				failed++;
			}
			if (window != null && request.succeeded() && window.holds(request)) {
				inFault++;
			}
			if (request.micros() > boundMicros) {
				over++;
			}
			if (request.unanswered()) {
				unanswered++;
			}
		}
		return new FaultFigures(requests.size(), failed, window == null ? null : inFault, over, unanswered);
	}

	/** The figures that must be 0: a 2xx in the fault, an answer over the bound, a request left unanswered. */
	int untruthful() {
		return (this.inFault == null ? 0 : this.inFault) + this.overBound + this.unanswered;
	}

}
