package org.redisbench.faults;

import java.util.List;

/**
 * What the run saw besides the requests' figures, and whether it is what a truthful app shows; each returns the
 * failed check's text, or nothing.
 */
final class ObservationChecks {

	private ObservationChecks() {
	}

	/** Any final HTTP status is an answer, whatever it says; {@code 000} (no answer within the wait) or nothing is none. */
	static List<String> answered(String what, String status) {
		return status.matches("[2-5][0-9][0-9]") ? List.of()
				: List.of(what + ": no answer (" + (status.isEmpty() ? "none" : status) + ")");
	}

	static List<String> same(String what, String actual, String expected) {
		return actual.equals(expected) ? List.of() : List.of(what + ": " + actual + ", not " + expected);
	}

	/** Some failure of the phase names the text: the fault was reached. */
	static List<String> refusedFor(List<LoggedRequest> requests, String text) {
		return requests.stream().anyMatch(request -> request.failure().contains(text)) ? List.of()
				: List.of("no request was refused for " + text + ": Redis never got there; give it more seconds");
	}

}
