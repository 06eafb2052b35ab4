package org.redisbench.runresults;

import org.redisbench.tooloutput.ProcStat;

/**
 * CPU time and memory of one process, from its {@code /proc/<pid>/stat} and {@code /proc/<pid>/status}.
 *
 * @param cpuTicks user plus system time, in clock ticks ({@code getconf CLK_TCK})
 * @param rssBytes resident set size ({@code VmRSS}), or {@code null}
 * @param peakRssBytes peak resident set size ({@code VmHWM}), or {@code null}
 */
public record ProcSnapshot(long cpuTicks, Long rssBytes, Long peakRssBytes) {

	public static ProcSnapshot parse(String stat, String status) {
		return new ProcSnapshot(ProcStat.parse(stat).cpuTicks(), ProcStat.statusBytes(status, "VmRSS"),
				ProcStat.statusBytes(status, "VmHWM"));
	}

}
