package org.redisbench.openloop;

import java.lang.management.ManagementFactory;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.LongFunction;
import java.util.function.LongSupplier;
import java.util.regex.Pattern;

import com.sun.management.OperatingSystemMXBean;
import org.redisbench.openloop.rules.StepFigures;
import org.redisbench.tooloutput.ProcStat;

/**
 * The CPU time of the processes a step is told to account, each under a name ({@code --cpu app=PID}), and of the
 * generator itself, between two readings: the start and the end of the counted seconds. Another process's is its
 * utime + stime from /proc/PID/stat, in clock ticks; the generator's is its JVM's own, in ns. Processes under one
 * name are summed (a cluster's nodes). A name with a process unreadable at either reading, or restarted in between,
 * has no figure: a partial sum would pass for the whole.
 */
final class CpuAccount {

	/**
	 * /proc's clock ticks a second when not told (bench.sh passes {@code getconf CLK_TCK}): Java cannot ask
	 * sysconf(_SC_CLK_TCK), and Linux reports /proc in USER_HZ, which is 100 on every architecture it runs on.
	 */
	static final long USER_HZ = 100;

	/** A process to account: a name of lower-case letters and digits, and its PID. */
	record Process(String name, long pid) {

		private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9]*");

		Process {
			if (!NAME.matcher(name).matches() || name.equals(StepFigures.GENERATOR) || pid < 1) {
				throw new IllegalArgumentException("a name of lower-case letters and digits other than "
						+ StepFigures.GENERATOR + " and a PID from 1, was " + name + "=" + pid);
			}
		}

		/** {@code app=1234}. */
		static Process parse(String text) {
			int equals = text.indexOf('=');
			long pid;
			try {
				pid = equals < 0 ? -1 : Long.parseLong(text.substring(equals + 1));
			}
			catch (NumberFormatException ex) {
				pid = -1;
			}
			if (pid < 0) {
				throw new IllegalArgumentException("NAME=PID, e.g. app=1234, was '" + text + "'");
			}
			return new Process(text.substring(0, equals), pid);
		}

	}

	/** What one reading found: the generator's CPU in ns, and each readable process's stat. */
	record Reading(long generatorNs, Map<Process, ProcStat> processes) {
	}

	private final Set<Process> processes;

	private final long ticksPerSecond;

	private final LongFunction<Optional<ProcStat>> stat;

	private final LongSupplier generatorNs;

	/** The processes as this machine's /proc has them, and this JVM's CPU. */
	CpuAccount(List<Process> processes, long ticksPerSecond) {
		this(processes, ticksPerSecond, ProcStat::read,
				((OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())::getProcessCpuTime);
	}

	/** With a test's own /proc and generator CPU (ns, as OperatingSystemMXBean.getProcessCpuTime). */
	CpuAccount(List<Process> processes, long ticksPerSecond, LongFunction<Optional<ProcStat>> stat,
			LongSupplier generatorNs) {
		if (ticksPerSecond < 1) {
			throw new IllegalArgumentException("clock ticks a second are from 1, was " + ticksPerSecond);
		}
		this.processes = new LinkedHashSet<>(processes);
		this.ticksPerSecond = ticksPerSecond;
		this.stat = stat;
		this.generatorNs = generatorNs;
	}

	Reading read() {
		Map<Process, ProcStat> stats = new HashMap<>();
		for (Process process : this.processes) {
			this.stat.apply(process.pid()).ifPresent(s -> stats.put(process, s));
		}
		return new Reading(this.generatorNs.getAsLong(), stats);
	}

	/**
	 * Each name's CPU in ms from one reading to another, in the order the processes were given, the generator's last
	 * under {@link StepFigures#GENERATOR}; a name without a figure is left out.
	 */
	Map<String, Double> msBetween(Reading start, Reading end) {
		Map<String, Double> ms = new LinkedHashMap<>();
		Set<String> unknown = new HashSet<>();
		for (Process process : this.processes) {
			ProcStat before = start.processes().get(process);
			ProcStat after = end.processes().get(process);
			if (before == null || after == null || before.startTicks() != after.startTicks()) {
				unknown.add(process.name());
			}
			else {
				ms.merge(process.name(), ProcStat.millis(after.cpuTicks() - before.cpuTicks(), this.ticksPerSecond),
						Double::sum);
			}
		}
		unknown.forEach(ms::remove);
		// -1 when the JVM cannot tell.
		if (start.generatorNs() >= 0 && end.generatorNs() >= 0) {
			ms.put(StepFigures.GENERATOR, (end.generatorNs() - start.generatorNs()) / 1e6);
		}
		return ms;
	}

}
