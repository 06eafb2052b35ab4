package org.redisbench.openloop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

import org.junit.jupiter.api.Test;
import org.redisbench.openloop.rules.StepFigures;
import org.redisbench.tooloutput.ProcStat;

class CpuAccountTest {

	private final Map<Long, ProcStat> proc = new HashMap<>();

	private long generatorNs;

	private long wallNs;

	@Test
	void eachNamesProcessesAreSummedInTicksOfTheClockGivenAndTheGeneratorComesLast() {
		CpuAccount cpu = account(250, "redis=2", "app=1", "redis=3", "redis=3");
		this.proc.putAll(Map.of(1L, new ProcStat(10, 1), 2L, new ProcStat(20, 1), 3L, new ProcStat(30, 1)));
		CpuAccount.Reading start = cpu.read();
		this.proc.putAll(Map.of(1L, new ProcStat(510, 1), 2L, new ProcStat(45, 1), 3L, new ProcStat(55, 1)));
		this.generatorNs = 1_500_000;

		Map<String, Double> ms = cpu.msBetween(start, cpu.read());
		assertEquals(List.of("redis", "app", StepFigures.GENERATOR), List.copyOf(ms.keySet()));
		// 250 ticks a second: 4 ms a tick; redis=3 given twice counts once
		assertEquals(2_000.0, ms.get("app"), 0);
		assertEquals(200.0, ms.get("redis"), 0);
		assertEquals(1.5, ms.get(StepFigures.GENERATOR), 0);
	}

	@Test
	void aNameWithAProcessUnreadableOrRestartedHasNoFigureRatherThanAPartialOne() {
		CpuAccount cpu = account(100, "redis=2", "redis=3", "app=1", "memcached=4");
		this.proc.putAll(Map.of(1L, new ProcStat(10, 1), 2L, new ProcStat(20, 1), 4L, new ProcStat(40, 1)));
		CpuAccount.Reading start = cpu.read();
		this.proc.putAll(Map.of(1L, new ProcStat(11, 1), 3L, new ProcStat(30, 1), 4L, new ProcStat(5, 99)));

		assertEquals(Map.of("app", 10.0, StepFigures.GENERATOR, 0.0), cpu.msBetween(start, cpu.read()));
	}

	@Test
	void eachNamesRunQueueWaitIsSummedThreadByThreadAndItsCpusAndTheGeneratorsOwnAreRead() {
		Map<Long, Map<Long, Long>> waits = new HashMap<>();
		Map<Long, String> cpus = new HashMap<>(Map.of(1L, "1", 2L, "0", 3L, "0", 9L, "0-1"));
		CpuAccount cpu = new CpuAccount(List.of(CpuAccount.Process.parse("app=1"), CpuAccount.Process.parse("redis=2"),
				CpuAccount.Process.parse("redis=3"), CpuAccount.Process.parse("gone=4")), 100, new CpuAccount.Proc() {

					@Override
					public Optional<ProcStat> stat(long pid) {
						return Optional.ofNullable(CpuAccountTest.this.proc.get(pid));
					}

					@Override
					public Optional<Map<Long, Long>> waits(long pid) {
						return Optional.ofNullable(waits.get(pid));
					}

					@Override
					public Optional<String> cpusAllowed(long pid) {
						return Optional.ofNullable(cpus.get(pid));
					}

					@Override
					public OptionalLong nice(long pid) {
						return pid == 9 ? OptionalLong.of(7) : OptionalLong.empty();
					}

				}, () -> this.generatorNs, 9, this::aSecondLater);
		this.proc.putAll(Map.of(1L, new ProcStat(1, 1), 2L, new ProcStat(1, 1), 3L, new ProcStat(1, 1), 4L,
				new ProcStat(1, 1)));
		// app: threads 1 and 10; redis: one thread a node; gone: its threads unreadable; the generator, 9
		waits.putAll(Map.of(1L, Map.of(1L, 1_000_000L, 10L, 5_000_000L), 2L, Map.of(2L, 0L), 3L, Map.of(3L, 0L), 9L,
				Map.of(9L, 100L)));
		CpuAccount.Reading start = cpu.read();
		cpus.put(1L, "0-1");
		// app's thread 10 ended, 11 started; redis waited 2 ms on each node
		waits.putAll(Map.of(1L, Map.of(1L, 4_000_000L, 11L, 500_000L), 2L, Map.of(2L, 2_000_000L), 3L,
				Map.of(3L, 2_000_000L), 9L, Map.of(9L, 100L)));

		CpuAccount.Reading end = cpu.read();
		Map<String, Double> ms = cpu.runQueueMsBetween(start, end);
		assertEquals(List.of("app", "redis", StepFigures.GENERATOR), List.copyOf(ms.keySet()), "gone has no figure");
		// 3 ms of thread 1, 0.5 of the new thread 11; what 10 waited went with it
		assertEquals(3.5, ms.get("app"), 1e-9);
		assertEquals(4.0, ms.get("redis"), 1e-9);
		assertEquals(0.0, ms.get(StepFigures.GENERATOR), 0);
		assertEquals(Map.of("app", "1", "redis", "0", StepFigures.GENERATOR, "0-1"), cpu.cpusAllowed(start),
				"as the start's reading found them");
		assertEquals("0-1", cpu.cpusAllowed(end).get("app"));
		assertEquals(OptionalLong.of(7), cpu.generatorNice());
	}

	@Test
	void aThreadIdReusedInBetweenCountsItsOwnWaitNotLessThanNothing() {
		Map<Long, Map<Long, Long>> waits = new HashMap<>(Map.of(1L, Map.of(5L, 9_000_000L)));
		CpuAccount cpu = new CpuAccount(List.of(CpuAccount.Process.parse("app=1")), 100, running(waits), () -> 0, 9, this::aSecondLater);
		CpuAccount.Reading start = cpu.read();
		waits.put(1L, Map.of(5L, 1_000_000L));

		assertEquals(Map.of("app", 1.0), cpu.runQueueMsBetween(start, cpu.read()), "no generator's /proc: none");
		assertEquals(Map.of(), cpu.cpusAllowed(start));
	}

	/** A thread's count grew by more than the time between the readings: it is held to that time. */
	@Test
	void noThreadCountsMoreThanTheTimeBetweenTheReadings() {
		Map<Long, Map<Long, Long>> waits = new HashMap<>(Map.of(1L, Map.of(5L, 0L, 6L, 0L)));
		long[] clock = { 0 };
		CpuAccount cpu = new CpuAccount(List.of(CpuAccount.Process.parse("app=1")), 100, running(waits), () -> 0, 9, () -> clock[0]);
		CpuAccount.Reading start = cpu.read();
		clock[0] = 100_000_000L;
		// thread 5's count grew by 8.2 s in 100 ms; thread 6 waited 40 ms of them
		waits.put(1L, Map.of(5L, 8_200_000_000L, 6L, 40_000_000L));

		assertEquals(Map.of("app", 140.0), cpu.runQueueMsBetween(start, cpu.read()));
	}

	/** The ticks' thread measures: what it waits is not the generator's. */
	@Test
	void anInstrumentThreadsWaitIsLeftOutOfTheGenerators() {
		Map<Long, Map<Long, Long>> waits = new HashMap<>(Map.of(9L, Map.of(9L, 0L, 12L, 0L)));
		CpuAccount cpu = new CpuAccount(List.of(), 100, running(waits), () -> 0, 9, this::aSecondLater);
		cpu.instrumentThread(12);
		CpuAccount.Reading start = cpu.read();
		waits.put(9L, Map.of(9L, 3_000_000L, 12L, 50_000_000L));

		assertEquals(Map.of(StepFigures.GENERATOR, 3.0), cpu.runQueueMsBetween(start, cpu.read()));
	}

	@Test
	void aNameIsLowerCaseLettersAndDigitsOtherThanTheGeneratorsAndAPidIsFromOne() {
		assertEquals(new CpuAccount.Process("redis2", 42), CpuAccount.Process.parse("redis2=42"));
		for (String bad : List.of("app", "app=", "app=x", "App=1", "2app=1", "app=0", "generator=1", "=1")) {
			assertThrows(IllegalArgumentException.class, () -> CpuAccount.Process.parse(bad), bad);
		}
		assertThrows(IllegalArgumentException.class, () -> account(0, "app=1"));
	}

	/** A /proc whose every process runs, unrestarted, with the threads' waits {@code waits} has. */
	private static CpuAccount.Proc running(Map<Long, Map<Long, Long>> waits) {
		return new CpuAccount.Proc() {

			@Override
			public Optional<ProcStat> stat(long pid) {
				return Optional.of(new ProcStat(1, 1));
			}

			@Override
			public Optional<Map<Long, Long>> waits(long pid) {
				return Optional.ofNullable(waits.get(pid));
			}

		};
	}

	/** A clock whose readings are a second apart. */
	private long aSecondLater() {
		this.wallNs += 1_000_000_000L;
		return this.wallNs;
	}

	private CpuAccount account(long ticksPerSecond, String... processes) {
		return new CpuAccount(List.of(processes).stream().map(CpuAccount.Process::parse).toList(), ticksPerSecond,
				pid -> Optional.ofNullable(this.proc.get(pid)), () -> this.generatorNs);
	}

}
