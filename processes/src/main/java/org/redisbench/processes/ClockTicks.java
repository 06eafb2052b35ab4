package org.redisbench.processes;

import java.time.Duration;
import java.util.List;

/** The kernel's clock ticks a second ({@code getconf CLK_TCK}), the unit of /proc's CPU times; read once. */
public final class ClockTicks {

	private static final long PER_SECOND = read();

	private ClockTicks() {
	}

	public static long perSecond() {
		return PER_SECOND;
	}

	private static long read() {
		Program.Ended getconf = Program.run(List.of("getconf", "CLK_TCK"), Duration.ofSeconds(10));
		// 100 on every Linux this runs on; getconf only confirms it.
		return getconf.succeeded() ? Long.parseLong(getconf.text()) : 100;
	}

}
