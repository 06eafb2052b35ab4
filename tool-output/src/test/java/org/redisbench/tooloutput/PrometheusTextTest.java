package org.redisbench.tooloutput;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.junit.jupiter.api.Test;

class PrometheusTextTest {

	@Test
	void sumsEverySeriesWhoseLabelsMatch() {
		PrometheusText scrape = PrometheusText.parse(Resources.raw("prometheus-2-after-5-check.txt"));
		// /check answered 200 seven times and 404 twice: two series of the same uri
		assertEquals(9.0, scrape.sum("http_server_requests_seconds_count", Map.of("uri", "/check")));
		assertEquals(0.032684568 + 0.136033732, scrape.sum("http_server_requests_seconds_sum", Map.of("uri", "/check")),
				1e-12);
		assertEquals(2.0, scrape.sum("http_server_requests_seconds_count", Map.of("uri", "/check", "status", "404")));
		assertEquals(0.0449348, scrape.sum("bench_decode_seconds_sum", Map.of()));
		assertNull(scrape.sum("http_server_requests_seconds_count", Map.of("uri", "/nowhere")));
	}

	@Test
	void readsEscapedLabelsAndSpecialValuesAndRefusesAScrapeCutShort() {
		PrometheusText scrape = PrometheusText.parse("""
				# TYPE t summary
				t_count{path="a \\"quoted\\", b",le="+Inf"} 3 1700000000000
				t_count{path="other"} +Inf
				""");
		assertEquals(3.0, scrape.sum("t_count", Map.of("path", "a \"quoted\", b")));
		assertEquals(Double.POSITIVE_INFINITY, scrape.sum("t_count", Map.of("path", "other")));
		assertTrue(PrometheusText.parse("t_count 3\nt_sum{uri=\"/ad").isEmpty());
		assertTrue(PrometheusText.parse("<html>503</html>").isEmpty());
		assertTrue(PrometheusText.parse("").isEmpty());
	}

}
