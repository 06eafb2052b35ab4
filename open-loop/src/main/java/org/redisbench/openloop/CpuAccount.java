package org.redisbench.openloop;

import java.lang.management.ManagementFactory;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongFunction;
import java.util.function.LongSupplier;
import java.util.regex.Pattern;

import com.sun.management.OperatingSystemMXBean;
import org.redisbench.openloop.rules.StepFigures;
import org.redisbench.tooloutput.ProcScheduling;
import org.redisbench.tooloutput.ProcStat;
import org.redisbench.tooloutput.RunQueueWaits;

/**
 * The CPU time of the processes a step is told to account, each under a name ({@code --cpu app=PID}), and of the
 * generator itself, between two readings: the start and the end of the counted seconds. Another process's is its
 * utime + stime from /proc/PID/stat, in clock ticks; the generator's is its JVM's own, in ns. Processes under one
 * name are summed (a cluster's nodes). A name with a process unreadable at either reading, or restarted in between,
 * has no figure: a partial sum would pass for the whole. Beside the CPU, the same readings give what the scheduler
 * did: how long each name's threads waited on a run queue for a CPU, the CPUs each may run on, the generator's nice.
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

	/** What a reading asks of /proc for a PID; a test's own stands in for the machine's. */
	interface Proc {

		/** The machine's /proc; its threads' schedstat files stay open, read again at each reading. */
		static Proc machine() {
			RunQueueWaits runQueue = new RunQueueWaits();
			return new Proc() {

				@Override
				public Optional<ProcStat> stat(long pid) {
					return ProcStat.read(pid);
				}

				@Override
				public Optional<Map<Long, Long>> waits(long pid) {
					return runQueue.of(pid);
				}

				@Override
				public Optional<String> cpusAllowed(long pid) {
					return ProcScheduling.cpusAllowed(pid);
				}

				@Override
				public OptionalLong nice(long pid) {
					return ProcScheduling.nice(pid);
				}

			};
		}

		Optional<ProcStat> stat(long pid);

		/** Each thread's run-queue wait so far in ns, by thread id; none where it cannot be read. */
		default Optional<Map<Long, Long>> waits(long pid) {
			return Optional.empty();
		}

		default Optional<String> cpusAllowed(long pid) {
			return Optional.empty();
		}

		default OptionalLong nice(long pid) {
			return OptionalLong.empty();
		}

		/** Only stat answers, as {@code stat} does. */
		static Proc statOnly(LongFunction<Optional<ProcStat>> stat) {
			return new Proc() {

				@Override
				public Optional<ProcStat> stat(long pid) {
					return stat.apply(pid);
				}

			};
		}

	}

	/**
	 * What one reading found: the generator's CPU in ns, each readable process's stat, and each readable PID's
	 * threads' run-queue waits and allowed CPUs (the generator's under its own PID).
	 */
	record Reading(long generatorNs, Map<Process, ProcStat> processes, Map<Long, Map<Long, Long>> waits,
			Map<Long, String> cpusAllowed, long wallNs) {
	}

	private final Set<Process> processes;

	private final long ticksPerSecond;

	private final Proc proc;

	private final LongSupplier generatorNs;

	private final long generatorPid;

	/** Nanoseconds, as System.nanoTime, when a reading is taken. */
	private final LongSupplier wallNs;

	/**
	 * The generator's threads that measure rather than send ({@link RunQueueTicks}'), whose waits are not the
	 * generator's: woken ten times a second on busy cores, the ticks' thread waited for a CPU each time.
	 */
	private final Set<Long> instrumentThreads = ConcurrentHashMap.newKeySet();

	/** The processes as this machine's /proc has them, and this JVM's CPU. */
	CpuAccount(List<Process> processes, long ticksPerSecond) {
		this(processes, ticksPerSecond, Proc.machine(),
				((OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())::getProcessCpuTime,
				ProcessHandle.current().pid(), System::nanoTime);
	}

	/** With a test's own /proc stat and generator CPU (ns, as OperatingSystemMXBean.getProcessCpuTime), nothing else. */
	CpuAccount(List<Process> processes, long ticksPerSecond, LongFunction<Optional<ProcStat>> stat,
			LongSupplier generatorNs) {
		this(processes, ticksPerSecond, Proc.statOnly(stat), generatorNs, ProcessHandle.current().pid(),
				System::nanoTime);
	}

	/** With a test's own /proc, generator CPU, the generator's PID in that /proc, and clock. */
	CpuAccount(List<Process> processes, long ticksPerSecond, Proc proc, LongSupplier generatorNs, long generatorPid,
			LongSupplier wallNs) {
		if (ticksPerSecond < 1) {
			throw new IllegalArgumentException("clock ticks a second are from 1, was " + ticksPerSecond);
		}
		this.processes = new LinkedHashSet<>(processes);
		this.ticksPerSecond = ticksPerSecond;
		this.proc = proc;
		this.generatorNs = generatorNs;
		this.generatorPid = generatorPid;
		this.wallNs = wallNs;
	}

	Reading read() {
		Map<Process, ProcStat> stats = new HashMap<>();
		Map<Long, Map<Long, Long>> waits = new HashMap<>();
		Map<Long, String> cpus = new HashMap<>();
		for (Process process : this.processes) {
			this.proc.stat(process.pid()).ifPresent(s -> stats.put(process, s));
			scheduling(process.pid(), waits, cpus);
		}
		scheduling(this.generatorPid, waits, cpus);
		waits.computeIfPresent(this.generatorPid, (pid, threads) -> without(threads, this.instrumentThreads));
		return new Reading(this.generatorNs.getAsLong(), stats, waits, cpus, this.wallNs.getAsLong());
	}

	/** The generator's thread {@code tid} measures: its run-queue wait is left out of the generator's from now on. */
	void instrumentThread(long tid) {
		this.instrumentThreads.add(tid);
	}

	private static Map<Long, Long> without(Map<Long, Long> threads, Set<Long> left) {
		Map<Long, Long> kept = new HashMap<>(threads);
		kept.keySet().removeAll(left);
		return Map.copyOf(kept);
	}

	private void scheduling(long pid, Map<Long, Map<Long, Long>> waits, Map<Long, String> cpus) {
		this.proc.waits(pid).ifPresent(w -> waits.put(pid, Map.copyOf(w)));
		this.proc.cpusAllowed(pid).ifPresent(c -> cpus.put(pid, c));
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

	/**
	 * Each name's threads' run-queue wait in ms from one reading to another, as {@link #msBetween} orders and leaves
	 * out names (a process whose CPU has no figure has none here either). Counted thread by thread: a thread that
	 * started in between counts all it waited, since it began in between; one that ended in between took its wait
	 * with it and counts nothing, rather than less than nothing, so the figure is what the threads alive at the end
	 * waited, a floor; and no thread counts more than the time between the two readings.
	 */
	Map<String, Double> runQueueMsBetween(Reading start, Reading end) {
		Map<String, Double> ms = new LinkedHashMap<>();
		Set<String> unknown = new HashSet<>();
		for (Process process : this.processes) {
			ProcStat before = start.processes().get(process);
			ProcStat after = end.processes().get(process);
			OptionalLong waited = waitedNs(start, end, process.pid());
			if (before == null || after == null || before.startTicks() != after.startTicks() || waited.isEmpty()) {
				unknown.add(process.name());
			}
			else {
				ms.merge(process.name(), waited.getAsLong() / 1e6, Double::sum);
			}
		}
		unknown.forEach(ms::remove);
		waitedNs(start, end, this.generatorPid).ifPresent(ns -> ms.put(StepFigures.GENERATOR, ns / 1e6));
		return ms;
	}

	private static OptionalLong waitedNs(Reading start, Reading end, long pid) {
		Map<Long, Long> before = start.waits().get(pid);
		Map<Long, Long> after = end.waits().get(pid);
		if (before == null || after == null) {
			return OptionalLong.empty();
		}
		// The kernel adds a wait to a thread's count when the wait ends, and a count was seen to grow by more than the
		// time between two readings (the 24 threads of a generator by 8.2 s within a 100 ms tick, 2026-12-06): a
		// thread is held to that time, which is all it can have waited in it.
		long bound = Math.max(0, end.wallNs() - start.wallNs());
		long ns = 0;
		for (Map.Entry<Long, Long> thread : after.entrySet()) {
			// a thread id the kernel reused in between would have waited less than its predecessor: its own, from 0
			long from = before.getOrDefault(thread.getKey(), 0L);
			ns += Math.min(bound, thread.getValue() >= from ? thread.getValue() - from : thread.getValue());
		}
		return OptionalLong.of(ns);
	}

	/**
	 * The CPUs each name's processes may run on, as the reading found them, in {@link #msBetween}'s order, the
	 * generator's last; one name's differing lists joined by a space, a name none of whose processes was readable
	 * left out.
	 */
	Map<String, String> cpusAllowed(Reading reading) {
		Map<String, Set<String>> lists = new LinkedHashMap<>();
		for (Process process : this.processes) {
			String cpus = reading.cpusAllowed().get(process.pid());
			if (cpus != null) {
				lists.computeIfAbsent(process.name(), name -> new TreeSet<>()).add(cpus);
			}
		}
		Map<String, String> allowed = new LinkedHashMap<>();
		lists.forEach((name, cpus) -> allowed.put(name, String.join(" ", cpus)));
		String own = reading.cpusAllowed().get(this.generatorPid);
		if (own != null) {
			allowed.put(StepFigures.GENERATOR, own);
		}
		return allowed;
	}

	/** The generator's own nice value, as its /proc/PID/stat says; none when it cannot be read. */
	OptionalLong generatorNice() {
		return this.proc.nice(this.generatorPid);
	}

}
