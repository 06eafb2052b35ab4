package org.redisbench.tooloutput;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class AbOutputTest {

	@Test
	void cleanRunGivesEveryFigure() {
		AbOutput ab = AbOutput.parse(Resources.raw("ab-add.txt"));
		assertEquals("/add", ab.documentPath());
		assertEquals(50, ab.concurrency());
		assertEquals(2000L, ab.completeRequests());
		assertEquals(0L, ab.failedRequests());
		assertEquals(0L, ab.non2xx());
		assertNull(ab.keepAliveRequests());
		assertEquals(5.300, ab.timeTakenSeconds());
		assertEquals(377.39, ab.requestsPerSecond());
		assertEquals(132.488, ab.timePerRequestMs());
		assertEquals(2.650, ab.timePerRequestAllMs());
		assertEquals(104.0, ab.percentileMs(50));
		assertEquals(192.0, ab.percentileMs(90));
		assertEquals(466.0, ab.percentileMs(99));
		assertEquals(524.0, ab.maxMs());
		assertEquals(9, ab.percentilesMs().size());
		assertTrue(ab.finished());
		assertFalse(ab.portExhausted());
	}

	@Test
	void keepAliveCountIsRead() {
		AbOutput ab = AbOutput.parse(Resources.raw("ab-noop-keepalive.txt"));
		assertEquals(4977L, ab.keepAliveRequests());
		assertEquals(8019.27, ab.requestsPerSecond());
		assertEquals(5000L, ab.completeRequests());
	}

	@Test
	void failuresAndNon2xxAreCounted() {
		AbOutput ab = AbOutput.parse(Resources.raw("ab-check-partial-failures.txt"));
		assertEquals(2500L, ab.completeRequests());
		assertEquals(500L, ab.failedRequests());
		assertEquals(500L, ab.non2xx());
		assertEquals(524.96, ab.requestsPerSecond());
		assertTrue(ab.finished(), "ab finished; that its requests failed is for the caller to judge");
	}

	@Test
	void non2xxWithoutFailedRequestsIsStillSeen() {
		// Every 503 had the same length, so ab counted none of them as failed: only Non-2xx tells.
		AbOutput ab = AbOutput.parse(Resources.raw("ab-add-redis-down.txt"));
		assertEquals(0L, ab.failedRequests());
		assertEquals(200L, ab.non2xx());
	}

	@Test
	void abortedRunHasTheErrorAndNoFigures() {
		AbOutput ab = AbOutput.parse(Resources.raw("ab-refused.txt"));
		assertEquals("apr_socket_recv: Connection refused (111)", ab.error());
		assertFalse(ab.finished());
		assertNull(ab.requestsPerSecond());
		assertNull(ab.failedRequests());
		assertNull(ab.completeRequests());
		assertFalse(ab.portExhausted());
	}

	@Test
	void portExhaustionIsRecognised() {
		// ab's wording when the kernel has no local port left (errno 99); not reproducible on demand here,
		// so the real refused-connection capture is reworded the way ab reports that error.
		String text = Resources.raw("ab-refused.txt")
			.replace("apr_socket_recv: Connection refused (111)",
					"apr_socket_connect(): Cannot assign requested address (99)\nTotal of 28231 requests completed");
		AbOutput ab = AbOutput.parse(text);
		assertTrue(ab.portExhausted());
		assertEquals(28231L, ab.completeRequests());
		assertEquals("apr_socket_connect(): Cannot assign requested address (99)", ab.error());
	}

}
