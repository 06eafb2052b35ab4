package org.redisbench.runresults;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.redisbench.tooloutput.ProcStat;
import org.redisbench.tooloutput.Resources;

class ProcSnapshotTest {

	@Test
	void cpuTicksAndRssOfARealJvm() {
		ProcSnapshot snapshot = ProcSnapshot.parse(Resources.raw("proc-stat.txt"), Resources.raw("proc-status.txt"));
		assertEquals(2753L + 642L, snapshot.cpuTicks());
		assertEquals(335660L * 1024, snapshot.rssBytes());
		assertEquals(335660L * 1024, snapshot.peakRssBytes());
	}

	@Test
	void ticksOfSomeThreadsAddUp() {
		String threads = """
				13911 (C2 CompilerThre) S 12536 12531 4193 0 -1 4194368 14968 102 0 0 2352 80 0 0 20 0 81 0 5 1000 10
				13912 (C1 CompilerThre) S 12536 12531 4193 0 -1 4194368 7679 102 0 0 340 23 0 0 20 0 81 0 5 1000 10

				""";
		assertEquals(2352L + 80L + 340L + 23L, ProcStat.threadTicks(threads));
		assertEquals(0L, ProcStat.threadTicks(""));
	}

	@Test
	void commandNameWithSpacesAndParentheses() {
		String stat = "42 (a (b) c) S 1 42 42 0 -1 4194304 100 0 0 0 7 3 0 0 20 0 1 0 5 1000 10";
		assertEquals(10L, ProcSnapshot.parse(stat, "").cpuTicks());
	}

}
