package org.redisbench.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

class FaultFiguresTest {

	/** The fault from 100 s to 110 s; the bound 5 s. */
	private static final Window FAULT = new Window(100_000_000, 110_000_000);

	private static final long BOUND = 5_000_000;

	private static List<LoggedRequest> log(String... lines) {
		return List.of(lines).stream().map(LoggedRequest::parse).toList();
	}

	@Test
	void aTwoHundredCountsInTheFaultOnlyWhenWhollyInsideIt() {
		List<LoggedRequest> requests = log("99.9 100.2 200 1-100|", // straddles the start: Redis may have answered before
				"100.000001 100.3 200 101-200|", // inside by a microsecond
				"109.9 110.1 200 201-300|", // straddles the end
				"109.5 109.999999 201 301-400|", // inside by a microsecond
				"100 101 200 401-500|"); // started as the fault began: not after it
		FaultFigures figures = FaultFigures.of(requests, FAULT, BOUND);
		assertEquals(2, figures.inFault());
		assertEquals(5, figures.tried());
		assertEquals(0, figures.failed());
		assertEquals(2, figures.untruthful());
	}

	@Test
	void aFailureInsideTheFaultIsNoTwoHundredInIt() {
		FaultFigures figures = FaultFigures.of(log("101 102 503 |Redis unavailable: Connection refused"), FAULT, BOUND);
		assertEquals(new FaultFigures(1, 1, 0, 0, 0), figures);
		assertEquals(0, figures.untruthful());
	}

	@Test
	void anUnansweredRequestHasFailedAndIsCountedAsUnanswered() {
		FaultFigures figures = FaultFigures.of(log("101 103.5 000|", "104 104.1 000 |"), FAULT, BOUND);
		assertEquals(new FaultFigures(2, 2, 0, 0, 2), figures);
	}

	@Test
	void anAnswerLaterThanTheBoundIsOverItWhateverItSaid() {
		FaultFigures figures = FaultFigures.of(log("90 95.000001 200 1-100|", "90 95 200 101-200|",
				"101 107 503 |Redis unavailable: Command timed out after 1 second(s)"), FAULT, BOUND);
		assertEquals(new FaultFigures(3, 1, 0, 2, 0), figures);
		assertEquals(2, figures.untruthful());
	}

	@Test
	void aPhaseWithoutAWindowHasNoTwoHundredInAFault() {
		FaultFigures figures = FaultFigures.of(log("101 102 200 1-100|", "102 103 503 |OOM"), null, BOUND);
		assertNull(figures.inFault());
		assertEquals(new FaultFigures(2, 1, null, 0, 0), figures);
	}

	@Test
	void theRecoveryEndsWithTheFirstTwoHundredThatStartedOnceTheFaultWasOver() {
		List<LoggedRequest> requests = log("109 110.5 200 1-100|", // answered after, but started during the fault
				"110.2 110.9 200 101-200|", "110.1 111 503 |Redis unavailable", "110.3 110.6 200 201-300|");
		Recovery recovery = Recovery.since(requests, 110_000_000);
		assertEquals(600_000, recovery.micros());
		assertEquals("0.60", recovery.label());
		assertEquals("0.00", Recovery.since(log("110 110.001 200 1-100|"), 110_000_000).label());
	}

	@Test
	void noTwoHundredAfterTheFaultIsNoRecovery() {
		Recovery recovery = Recovery.since(log("109 110.5 200 1-100|", "111 112 503 |Redis unavailable"), 110_000_000);
		assertTrue(recovery.never());
		assertEquals("never", recovery.label());
		assertTrue(Recovery.since(List.of(), 0).never());
	}

	@Test
	void theCauseIsTheMostFrequentFailureWithPersonsAndLongNumbersAsOne() {
		List<LoggedRequest> requests = log("1 2 503 |Redis unavailable: Unable to connect to 127.0.0.1:27379",
				"1 2 503 |Redis unavailable: Unable to connect to 127.0.0.1:27380",
				"1 2 500 |person 4711: value of 70000 bytes is over 65536",
				"1 2 500 |person 12: value of 70001 bytes is over 65536",
				"1 2 500 |person 13: value of 70002 bytes is over 65536", "1 2 200 1-100|", "1 2 000|");
		assertEquals("value of N bytes is over N", Cause.mostFrequent(requests));
		assertEquals("Redis unavailable: Unable to connect to 127.0.0.1:N",
				Cause.normalise("Redis unavailable: Unable to connect to 127.0.0.1:27379"));
		assertEquals("id 123 of N", Cause.normalise("id 123 of 1234"), "three digits stay");
		assertEquals("a | in it", LoggedRequest.parse("1 2 500 |a | in it").failure());
	}

	@Test
	void theCauseIsCutToTheColumnAndEmptyWithoutAFailure() {
		String longText = "x".repeat(100);
		assertEquals(Cause.WIDTH, Cause.mostFrequent(log("1 2 503 |" + longText)).length());
		assertEquals("", Cause.mostFrequent(log("1 2 200 1-100|", "1 2 000|")));
		assertEquals("a", Cause.mostFrequent(log("1 2 503 |b", "1 2 503 |a")), "a tie: the first alphabetically");
	}

	@Test
	void aLineThatIsNoRequestIsRefused() {
		assertThrows(IllegalArgumentException.class, () -> LoggedRequest.parse("1 2 200 1-100"));
		assertThrows(IllegalArgumentException.class, () -> LoggedRequest.parse("1 200|"));
		assertThrows(IllegalArgumentException.class, () -> LoggedRequest.parse("1 2 200 100-1|"));
	}

}
