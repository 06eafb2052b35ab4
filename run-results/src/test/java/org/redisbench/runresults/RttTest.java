package org.redisbench.runresults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class RttTest {

	@Test
	void zeroIsNoProxyAndAZeroDurationAProxyAddingNothing() {
		assertEquals(Rtt.NONE, Rtt.parse("0"));
		assertEquals(Rtt.NONE, Rtt.parse("0.0"));
		Rtt hop = Rtt.parse("0ms");
		assertTrue(hop.proxied());
		assertTrue(hop.hopOnly());
		assertFalse(Rtt.NONE.hopOnly());
		assertEquals("0", Rtt.NONE.label());
		assertEquals("0 (proxy)", hop.label());
	}

	@Test
	void everyUnitThatBenchShTakesIsReadAsMs() {
		assertEquals(new Rtt(0.45, true), Rtt.parse("450us"));
		assertEquals(new Rtt(0.2, true), Rtt.parse("0.2ms"));
		assertEquals(new Rtt(0.2, true), Rtt.parse("0.2"));
		assertEquals(new Rtt(1000, true), Rtt.parse("1s"));
		assertEquals(0.0005, Rtt.parse("500ns").ms(), 1e-12);
		assertEquals("0.45", Rtt.parse("450us").label());
	}

	@Test
	void anythingElseIsRefusedNamingIt() {
		IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> Rtt.parse("fast"));
		assertTrue(refused.getMessage().contains("'fast'"), refused.getMessage());
		assertThrows(IllegalArgumentException.class, () -> new Rtt(1, false));
		assertThrows(IllegalArgumentException.class, () -> new Rtt(-1, true));
	}

}
