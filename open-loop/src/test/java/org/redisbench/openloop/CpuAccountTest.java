package org.redisbench.openloop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.redisbench.openloop.rules.StepFigures;
import org.redisbench.tooloutput.ProcStat;

class CpuAccountTest {

	private final Map<Long, ProcStat> proc = new HashMap<>();

	private long generatorNs;

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
	void aNameIsLowerCaseLettersAndDigitsOtherThanTheGeneratorsAndAPidIsFromOne() {
		assertEquals(new CpuAccount.Process("redis2", 42), CpuAccount.Process.parse("redis2=42"));
		for (String bad : List.of("app", "app=", "app=x", "App=1", "2app=1", "app=0", "generator=1", "=1")) {
			assertThrows(IllegalArgumentException.class, () -> CpuAccount.Process.parse(bad), bad);
		}
		assertThrows(IllegalArgumentException.class, () -> account(0, "app=1"));
	}

	private CpuAccount account(long ticksPerSecond, String... processes) {
		return new CpuAccount(List.of(processes).stream().map(CpuAccount.Process::parse).toList(), ticksPerSecond,
				pid -> Optional.ofNullable(this.proc.get(pid)), () -> this.generatorNs);
	}

}
