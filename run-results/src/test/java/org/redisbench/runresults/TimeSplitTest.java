package org.redisbench.runresults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;
import org.redisbench.tooloutput.PrometheusText;
import org.redisbench.tooloutput.Resources;

/** On real scrapes of a kryo app: before and after 5 /add, then after 5 /check of which the last was a 404. */
class TimeSplitTest {

	private static final PrometheusText START = PrometheusText.parse(Resources.raw("prometheus-0-start.txt"));

	private static final PrometheusText AFTER_ADD = PrometheusText.parse(Resources.raw("prometheus-1-after-5-add.txt"));

	private static final PrometheusText AFTER_CHECK = PrometheusText
		.parse(Resources.raw("prometheus-2-after-5-check.txt"));

	@Test
	void addSplitsIntoEncodeRedisAndRestPerHttpRequest() {
		TimeSplit add = TimeSplit.between(START, AFTER_ADD, "/add");
		assertEquals((0.297950927 - 0.160854512) * 1000 / 5, add.serverMs(), 1e-9);
		assertEquals((0.075334642 - 0.067958342) * 1000 / 5, add.encodeMs(), 1e-9);
		assertEquals(0.0, add.decodeMs());
		assertEquals((0.155822408 - 0.074758301) * 1000 / 5, add.redisMs(), 1e-9);
		assertEquals(add.serverMs() - add.encodeMs() - add.redisMs(), add.restMs(), 1e-9);
	}

	@Test
	void checkCountsEveryStatusOfItsPathAndDividesByHttpRequests() {
		TimeSplit check = TimeSplit.between(AFTER_ADD, AFTER_CHECK, "/check");
		// 4 answered 200 and decoded, 1 answered 404 without decoding: all 5 are the phase's requests
		assertEquals(((0.032684568 + 0.136033732) - (0.01437776 + 0.074681578)) * 1000 / 5, check.serverMs(), 1e-9);
		assertEquals((0.0449348 - 0.03537791) * 1000 / 5, check.decodeMs(), 1e-9);
		assertEquals(0.0, check.encodeMs());
		assertEquals((0.191251231 - 0.155822408) * 1000 / 5, check.redisMs(), 1e-9);
	}

	@Test
	void aMissingScrapeOrAnAppRestartGivesNoFigures() {
		assertEquals(TimeSplit.NONE, TimeSplit.between(PrometheusText.parse(""), AFTER_ADD, "/add"));
		assertNull(TimeSplit.NONE.restMs());
		// counters went down: the app restarted between the scrapes
		assertEquals(TimeSplit.NONE, TimeSplit.between(AFTER_CHECK, START, "/check"));
		// /noop saw no request between these scrapes
		assertEquals(TimeSplit.NONE, TimeSplit.between(START, AFTER_ADD, "/noop"));
	}

	@Test
	void aPathFirstRequestedInThePhaseCountsFromZero() {
		PrometheusText before = PrometheusText.parse("bench_redis_seconds_sum 1.0\n");
		PrometheusText after = PrometheusText.parse("""
				http_server_requests_seconds_count{uri="/noop",status="200"} 4
				http_server_requests_seconds_sum{uri="/noop",status="200"} 0.008
				bench_redis_seconds_sum 1.0
				""");
		TimeSplit noop = TimeSplit.between(before, after, "/noop");
		assertEquals(2.0, noop.serverMs(), 1e-12);
		assertEquals(0.0, noop.redisMs());
		assertNull(noop.encodeMs(), "no bench.encode timer in the scrapes");
		assertNull(noop.restMs());
	}

}
