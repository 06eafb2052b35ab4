package org.redisbench.tooloutput;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class RedisLatencyTest {

	/** redis-cli 7.0's output off a terminal, two events. */
	private static final String LATEST = "command\n1733500000\n6\n12\nexpire-cycle\n1733500001\n3\n3\n";

	@Test
	void eachEventsMostMillisecondsInTheOrderPrinted() {
		Map<String, Long> max = RedisLatency.maxMs(LATEST);
		assertEquals(Map.of("command", 12L, "expire-cycle", 3L), max);
		assertEquals(List.of("command", "expire-cycle"), List.copyOf(max.keySet()));
	}

	@Test
	void noEventAnErrorOrAnEventCutShortGivesNone() {
		assertEquals(Map.of(), RedisLatency.maxMs(""));
		assertEquals(Map.of(), RedisLatency.maxMs("ERR unknown command 'LATENCY'"));
		assertEquals(Map.of("command", 12L), RedisLatency.maxMs("command\n1733500000\n6\n12\nfork\n1733500001\n"));
	}

	@Test
	void anEventsHistoryIsASecondAndItsMillisecondsASpikeOldestFirst() {
		// redis-cli 7.0.15 off a terminal, after DEBUG SLEEP 0.01 and, a second later, 0.005 (2026-12-06)
		assertEquals(List.of(new RedisLatency.Spike("command", 1796582182, 10), new RedisLatency.Spike("command",
				1796582183, 5)), RedisLatency.history("command", "1796582182\n10\n1796582183\n5\n"));
		assertEquals(List.of(), RedisLatency.history("command", "\n"), "an event with no spike");
		assertEquals(List.of(), RedisLatency.history("command", "ERR wrong number of arguments"));
		assertEquals(List.of(), RedisLatency.history("command", "1796582182\n10\n1796582183\n"), "cut short");
	}

}
