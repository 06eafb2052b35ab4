package org.redisbench.tooloutput;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the kernel's scheduler says of a process: how long each of its threads waited on a run queue for a CPU
 * ({@code /proc/PID/task/TID/schedstat}, read by {@link RunQueueWaits}; {@code /proc/PID/schedstat} is the main
 * thread's only), the CPUs it may run on ({@code Cpus_allowed_list} of {@code /proc/PID/status}), and its nice value
 * ({@code /proc/PID/stat}).
 */
public final class ProcScheduling {

	/** stat(5)'s 19th field, nice, counted from the state, the third, as {@link ProcStat} counts. */
	private static final int NICE = 19 - 3;

	private static final Pattern CPUS_ALLOWED = Pattern.compile("(?m)^Cpus_allowed_list:\\s*(\\S+)\\s*$");

	private ProcScheduling() {
	}

	/**
	 * The ns a thread spent waiting on a run queue so far: the second of schedstat's three fields (time on a CPU, time
	 * waiting for one, timeslices), as the kernel's sched-stats documentation gives them.
	 */
	public static long waitNs(String schedstat) {
		String[] fields = schedstat.strip().split("\\s+");
		if (fields.length < 3) {
			throw new IllegalArgumentException("not a schedstat line: " + schedstat.strip());
		}
		try {
			return Long.parseLong(fields[1]);
		}
		catch (NumberFormatException ex) {
			throw new IllegalArgumentException("not a schedstat line: " + schedstat.strip(), ex);
		}
	}

	/** The kernel's id of the calling thread ({@code /proc/thread-self} links to {@code /proc/PID/task/TID}). */
	public static OptionalLong currentThreadId() {
		try {
			return OptionalLong.of(Long.parseLong(Path.of("/proc/thread-self").toRealPath().getFileName().toString()));
		}
		catch (IOException | NumberFormatException ex) {
			return OptionalLong.empty();
		}
	}

	/** {@code Cpus_allowed_list} of a status text, e.g. {@code 0-1} or {@code 1}; empty when it has none. */
	public static Optional<String> cpusAllowed(String status) {
		Matcher matcher = CPUS_ALLOWED.matcher(status);
		return matcher.find() ? Optional.of(matcher.group(1)) : Optional.empty();
	}

	/** The process's {@code Cpus_allowed_list}; empty when it does not exist (any more). */
	public static Optional<String> cpusAllowed(long pid) {
		try {
			return cpusAllowed(Files.readString(Path.of("/proc", Long.toString(pid), "status")));
		}
		catch (IOException ex) {
			return Optional.empty();
		}
	}

	/** The nice value of a stat line, from -20 to 19. */
	public static long nice(String stat) {
		int close = stat.lastIndexOf(')');
		String[] fields = close < 0 ? new String[0] : stat.substring(close + 1).strip().split(" +");
		if (fields.length <= NICE) {
			throw new IllegalArgumentException("not a /proc/PID/stat line: " + stat.strip());
		}
		try {
			return Long.parseLong(fields[NICE]);
		}
		catch (NumberFormatException ex) {
			throw new IllegalArgumentException("not a /proc/PID/stat line: " + stat.strip(), ex);
		}
	}

	/** The process's nice value; empty when it does not exist (any more). */
	public static OptionalLong nice(long pid) {
		try {
			return OptionalLong.of(nice(Files.readString(Path.of("/proc", Long.toString(pid), "stat"))));
		}
		catch (IOException | IllegalArgumentException ex) {
			return OptionalLong.empty();
		}
	}

}
