package org.redisbench.tooloutput;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RedisBenchmarkOutputTest {

	private static final String HEADER = "\"test\",\"rps\",\"avg_latency_ms\",\"min_latency_ms\",\"p50_latency_ms\","
			+ "\"p95_latency_ms\",\"p99_latency_ms\",\"max_latency_ms\"";

	@Test
	void csvWithHeader() {
		List<RedisBenchmarkOutput.Test> tests = RedisBenchmarkOutput.parse(Resources.raw("redis-benchmark.csv"));
		assertEquals(2, tests.size());
		RedisBenchmarkOutput.Test set = tests.get(0);
		assertEquals("SET", set.name());
		assertEquals(95693.77, set.requestsPerSecond());
		assertEquals(0.276, set.avgMs());
		assertEquals(0.271, set.p50Ms());
		assertEquals(0.335, set.p95Ms());
		assertEquals(0.447, set.p99Ms());
		assertEquals(0.671, set.maxMs());
		assertEquals("GET", tests.get(1).name());
		assertEquals(94786.73, tests.get(1).requestsPerSecond());
	}

	@Test
	void csvWithoutHeaderAsOlderRedisPrintsIt() {
		String body = Resources.raw("redis-benchmark.csv").lines().skip(1).map(line -> line.split(",")[0] + "," + line.split(",")[1])
			.reduce("", (a, b) -> a + b + "\n");
		List<RedisBenchmarkOutput.Test> tests = RedisBenchmarkOutput.parse(body);
		assertEquals(List.of("SET", "GET"), tests.stream().map(RedisBenchmarkOutput.Test::name).toList());
		assertEquals(95693.77, tests.get(0).requestsPerSecond());
		assertNull(tests.get(0).p99Ms());
	}

	@Test
	void plainOutputWithProgressLinesAndLatencySummary() {
		String text = Resources.raw("redis-benchmark-plain.txt");
		assertTrue(text.contains("\r"), "the capture keeps redis-benchmark's carriage-return progress lines");
		List<RedisBenchmarkOutput.Test> tests = RedisBenchmarkOutput.parse(text);
		assertEquals(2, tests.size());
		RedisBenchmarkOutput.Test set = tests.get(0);
		assertEquals("SET", set.name());
		assertEquals(94339.62, set.requestsPerSecond());
		assertEquals(0.293, set.avgMs());
		assertEquals(0.271, set.p50Ms());
		assertEquals(0.471, set.p95Ms());
		assertEquals(0.639, set.p99Ms());
		assertEquals(3.071, set.maxMs());
		assertEquals("GET", tests.get(1).name());
	}

	@Test
	void quietOutput() {
		List<RedisBenchmarkOutput.Test> tests = RedisBenchmarkOutput
			.parse("SET: 95693.77 requests per second, p50=0.271 msec\nGET: 94786.73 requests per second, p50=0.279 msec\n");
		assertEquals(2, tests.size());
		assertEquals(0.279, tests.get(1).p50Ms());
	}

	@Test
	void csvColumnsAreFoundByTheHeadersNames() {
		List<RedisBenchmarkOutput.Test> results = RedisBenchmarkOutput.strict("x.csv",
				List.of("\"p50_latency_ms\",\"test\",\"rps\"", "\"0.5\",\"SET\",\"1000.5\""));
		assertThat(results).containsExactly(new RedisBenchmarkOutput.Test("SET", 1000.5, null, 0.5, null, null, null));
	}

	@Test
	void garbledCsvIsOneLineNamingTheFileAndLine() {
		assertThatThrownBy(() -> RedisBenchmarkOutput.strict("direct.csv", List.of(HEADER, "\"SET\",\"fast\",\"0.1\"")))
			.isInstanceOf(GarbledInput.class)
			.hasMessageStartingWith("direct.csv line 2: expected 8 fields as in test,rps,")
			.hasMessageEndingWith("got '\"SET\",\"fast\",\"0.1\"'")
			.hasMessageNotContaining("\n");
		assertThatThrownBy(() -> RedisBenchmarkOutput.strict("direct.csv",
				List.of(HEADER, "\"SET\",\"1x\",\"0.1\",\"0\",\"0.1\",\"0\",\"0\",\"0\"")))
			.isInstanceOf(GarbledInput.class)
			.hasMessageStartingWith("direct.csv line 2: expected 8 fields");
		assertThatThrownBy(() -> RedisBenchmarkOutput.strict("direct.csv", List.of("ERROR: connection refused")))
			.isInstanceOf(GarbledInput.class)
			.hasMessage("direct.csv line 1: expected a header \"test\",\"rps\",...,\"p50_latency_ms\",..., got "
					+ "'ERROR: connection refused'");
	}

}
