package org.redisbench.tooloutput;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the tools need of a process's {@code /proc/PID/stat}: its CPU so far (utime + stime) and when it started, both
 * in clock ticks ({@code getconf CLK_TCK}). The start tells a process from another that took its PID in between. One
 * reading of the line for the report, instrument-cost's table and the open-loop generator alike, and of
 * {@code /proc/PID/status}'s sizes.
 */
public record ProcStat(long cpuTicks, long startTicks) {

	/** Fields of stat(5) counted from the state, the third: utime is the 14th, stime the 15th, starttime the 22nd. */
	private static final int UTIME = 14 - 3;

	private static final int STIME = 15 - 3;

	private static final int STARTTIME = 22 - 3;

	/** CPU {@code ticks} in milliseconds, at {@code ticksPerSecond} ({@code getconf CLK_TCK}): the one conversion. */
	public static double millis(long ticks, long ticksPerSecond) {
		return ticks * 1000.0 / ticksPerSecond;
	}

	/** The process's, or none when it does not exist (any more) or its file cannot be read. */
	public static Optional<ProcStat> read(long pid) {
		try {
			return Optional.of(parse(Files.readString(Path.of("/proc", Long.toString(pid), "stat"))));
		}
		catch (IOException | IllegalArgumentException ex) {
			return Optional.empty();
		}
	}

	/** One stat line: {@code PID (COMM) STATE PPID ...}. */
	public static ProcStat parse(String stat) {
		// The command name may itself hold spaces and parentheses: the fields count from the last ')'.
		int close = stat.lastIndexOf(')');
		String[] fields = close < 0 ? new String[0] : stat.substring(close + 1).strip().split(" +");
		if (fields.length <= STARTTIME) {
			throw new IllegalArgumentException("not a /proc/PID/stat line: " + stat.strip());
		}
		try {
			return new ProcStat(Long.parseLong(fields[UTIME]) + Long.parseLong(fields[STIME]),
					Long.parseLong(fields[STARTTIME]));
		}
		catch (NumberFormatException ex) {
			throw new IllegalArgumentException("not a /proc/PID/stat line: " + stat.strip(), ex);
		}
	}

	/** The CPU ticks of some of a process's threads: one {@code /proc/<pid>/task/<tid>/stat} line each. */
	public static long threadTicks(String stats) {
		return stats.lines().filter((line) -> !line.isBlank()).mapToLong((line) -> parse(line).cpuTicks()).sum();
	}

	/** A size of {@code /proc/PID/status} ({@code VmRSS}, {@code VmHWM}) in bytes, {@code null} when it has none. */
	public static Long statusBytes(String status, String name) {
		Matcher matcher = Pattern.compile("(?m)^" + Pattern.quote(name) + ":\\s+(\\d+) kB").matcher(status);
		return matcher.find() ? Long.parseLong(matcher.group(1)) * 1024 : null;
	}

}
