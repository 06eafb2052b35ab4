package org.redisbench.footprint.sampling;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.junit.jupiter.api.Test;
import org.redisbench.commandline.Refusal;

class SourceUriTest {

	@Test
	void readsUserPasswordHostPortAndDatabase() {
		SourceUri uri = SourceUri.parse("redis://reader:s%40cret@cache.example:6380/3", Map.of(), null);
		assertEquals("reader", uri.user());
		assertEquals("s@cret", uri.password());
		assertEquals("cache.example", uri.address().getHost());
		assertEquals(6380, uri.address().getPort());
		assertEquals(3, uri.database());
		assertFalse(uri.tls());
	}

	@Test
	void takesThePasswordFromTheEnvironmentAndNeverShowsIt() {
		SourceUri uri = SourceUri.parse("rediss://reader@cache.example", Map.of("ADVISE_PASSWORD", "hidden",
				"REDISCLI_AUTH", "other"), null);
		assertEquals("hidden", uri.password());
		assertTrue(uri.tls());
		assertEquals(6379, uri.address().getPort());
		assertFalse(uri.describe().contains("hidden"));
		assertEquals("other", SourceUri.parse("redis://h", Map.of("REDISCLI_AUTH", "other"), null).password());
		assertNull(SourceUri.parse("redis://h", Map.of(), null).password());
	}

	@Test
	void refusesWhatIsNotARedisUri() {
		assertThrows(Refusal.class, () -> SourceUri.parse("http://h:1", Map.of(), null));
		assertThrows(Refusal.class, () -> SourceUri.parse("redis://h/notadb", Map.of(), null));
		assertThrows(Refusal.class, () -> SourceUri.parse("redis:///0", Map.of(), null));
	}

}
