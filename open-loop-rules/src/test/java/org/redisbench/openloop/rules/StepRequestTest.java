package org.redisbench.openloop.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.OptionalLong;

import org.junit.jupiter.api.Test;

/** The generator's per-request and run-queue files, written and read back. */
class StepRequestTest {

	@Test
	void aStepsRequestsReadBackAsWrittenANeverAnsweredOneWithoutLatency() {
		List<StepRequest> requests = List.of(new StepRequest(1_796_580_000_000_000L, OptionalLong.of(2_150), 12, false),
				new StepRequest(1_796_580_000_010_000L, OptionalLong.empty(), 0, true));
		String text = StepRequest.text(requests);
		assertEquals("due_us latency_us lag_us failed\n1796580000000000 2150 12 0\n1796580000010000 - 0 1\n", text);
		assertEquals(requests, StepRequest.parse(text));
		assertEquals(1_796_580_000_002_150L, requests.get(0).answeredUs());
		assertFalse(requests.get(1).answered());
	}

	@Test
	void aLineOfAnythingElseIsRefusedNamingIt() {
		IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
				() -> StepRequest.parse(StepRequest.HEADER + "\n1 2 3 yes\n"));
		assertEquals("not a request's line (due_us latency_us lag_us failed): '1 2 3 yes'", refused.getMessage());
		assertThrows(IllegalArgumentException.class, () -> StepRequest.parse("1 2 3\n"));
	}

	@Test
	void runQueueTicksReadBackAsWritten() {
		List<RunQueueTick> ticks = List.of(new RunQueueTick(10, 100_010, "app", 12.5),
				new RunQueueTick(10, 100_010, StepFigures.GENERATOR, 0));
		String text = RunQueueTick.text(ticks);
		assertEquals("from_us to_us process waited_ms\n10 100010 app 12.500\n10 100010 generator 0.000\n", text);
		assertEquals(ticks, RunQueueTick.parse(text));
		assertThrows(IllegalArgumentException.class, () -> RunQueueTick.parse("10 20 app\n"));
	}

}
