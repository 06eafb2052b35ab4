package org.redisbench.tooloutput;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * Safepoint lines captured from real JVMs, in src/test/resources/safepoint: a program allocating 10 MB three times
 * and calling System.gc() after each, run on 2026-12-06 as {@code java
 * -Xlog:safepoint:file=FILE:timemillis:filecount=0 G.java}, by OpenJDK 17.0.15 (Debian's, the G1 collector: its
 * lines name a Cleanup phase) and by Temurin 25.0.3 (whose lines add Leaving safepoint and the threads after Total).
 */
class SafepointLogTest {

	@Test
	void eachSafepointOfJdk17IsHeldFromItsTimeLessItsTotalToItsTime() throws IOException {
		List<SafepointLog.Pause> pauses = SafepointLog.pauses(resource("openjdk-17.0.15.txt"));
		assertEquals(8, pauses.size());
		// [1796581768912ms] Safepoint "G1CollectForAllocation", ... Total: 14308744 ns
		assertEquals(new SafepointLog.Pause(1_796_581_768_912_000L - 14_308, 1_796_581_768_912_000L,
				"G1CollectForAllocation"), pauses.get(1));
		assertEquals("ICBufferFull", pauses.get(0).reason());
		assertEquals(200, pauses.get(0).toUs() - pauses.get(0).fromUs());
	}

	@Test
	void temurin25sLinesReadTheSameDespiteTheirOtherPhases() throws IOException {
		List<SafepointLog.Pause> pauses = SafepointLog.pauses(resource("temurin-25.0.3.txt"));
		assertEquals(4, pauses.size());
		// [1796581770205ms] Safepoint "G1CollectFull", ... Total: 46016265 ns, Threads: 0 runnable, 10 total
		assertEquals(new SafepointLog.Pause(1_796_581_770_205_000L - 46_016, 1_796_581_770_205_000L, "G1CollectFull"),
				pauses.get(1));
	}

	@Test
	void linesOfNoSafepointAreSkipped() {
		assertEquals(List.of(), SafepointLog.pauses(""));
		assertEquals(List.of(new SafepointLog.Pause(1_000_000 - 2, 1_000_000, "Cleanup")),
				SafepointLog.pauses("[0.5s] something else\n[1000ms] Safepoint \"Cleanup\", Total: 2500 ns\n"
						+ "[1001ms] Safepoint \"Cut\", Time since la"));
	}

	private static String resource(String name) throws IOException {
		try (InputStream in = SafepointLogTest.class.getResourceAsStream("/safepoint/" + name)) {
			return new String(in.readAllBytes(), StandardCharsets.UTF_8);
		}
	}

}
