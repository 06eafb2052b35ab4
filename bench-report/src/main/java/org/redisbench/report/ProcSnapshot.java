package org.redisbench.report;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.redisbench.model.ProcStat;

/**
 * CPU time and memory of one process, from its {@code /proc/<pid>/stat} and {@code /proc/<pid>/status}.
 *
 * @param cpuTicks user plus system time, in clock ticks ({@code getconf CLK_TCK})
 * @param rssBytes resident set size ({@code VmRSS}), or {@code null}
 * @param peakRssBytes peak resident set size ({@code VmHWM}), or {@code null}
 */
public record ProcSnapshot(long cpuTicks, Long rssBytes, Long peakRssBytes) {

	public static ProcSnapshot parse(String stat, String status) {
		return new ProcSnapshot(ticks(stat), kilobytes(status, "VmRSS"), kilobytes(status, "VmHWM"));
	}

	/** The CPU ticks of some of a process's threads: one {@code /proc/<pid>/task/<tid>/stat} line each. */
	public static long threadTicks(String stats) {
		return stats.lines().filter((line) -> !line.isBlank()).mapToLong(ProcSnapshot::ticks).sum();
	}

	private static long ticks(String stat) {
		return ProcStat.parse(stat).cpuTicks();
	}

	private static Long kilobytes(String status, String name) {
		Matcher matcher = Pattern.compile("(?m)^" + name + ":\\s+(\\d+) kB").matcher(status);
		return matcher.find() ? Long.parseLong(matcher.group(1)) * 1024 : null;
	}

}
