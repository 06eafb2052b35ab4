package org.redisbench.openloop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.redisbench.openloop.rules.RunQueueTick;
import org.redisbench.openloop.rules.StepFigures;
import org.redisbench.tooloutput.ProcStat;

/** Each process's run-queue wait tick by tick, on a /proc and an epoch clock the test sets. */
class RunQueueTicksTest {

	@TempDir
	Path dir;

	private final Map<Long, Map<Long, Long>> waits = new HashMap<>();

	private long epochUs = 1_796_580_000_000_000L;

	@Test
	void eachTickGivesEachNamesWaitSinceTheTickBeforeBetweenItsTwoTimes() throws IOException {
		CpuAccount cpu = new CpuAccount(List.of(CpuAccount.Process.parse("app=1"), CpuAccount.Process.parse("gone=2")),
				100, new CpuAccount.Proc() {

					@Override
					public Optional<ProcStat> stat(long pid) {
						return pid == 1 || pid == 9 ? Optional.of(new ProcStat(1, 1)) : Optional.empty();
					}

					@Override
					public Optional<Map<Long, Long>> waits(long pid) {
						return Optional.ofNullable(RunQueueTicksTest.this.waits.get(pid));
					}

				}, () -> 0, 9, () -> this.epochUs * 1_000);
		this.waits.putAll(Map.of(1L, Map.of(1L, 1_000_000L, 3L, 0L), 9L, Map.of(9L, 0L)));
		ScheduledExecutorService unused = Executors.newSingleThreadScheduledExecutor();
		try (RunQueueTicks ticks = new RunQueueTicks(cpu, () -> this.epochUs, unused)) {
			this.epochUs += 100_000;
			this.waits.putAll(Map.of(1L, Map.of(1L, 41_000_000L, 3L, 10_000_000L), 9L, Map.of(9L, 2_500_000L)));
			ticks.tick();
			this.epochUs += 101_000;
			this.waits.putAll(Map.of(1L, Map.of(1L, 41_000_000L, 3L, 10_000_000L), 9L, Map.of(9L, 2_500_000L)));
			ticks.tick();
			ticks.write(this.dir.resolve("step.env.runqueue"));
		}
		assertTrue(unused.isShutdown(), "closed, its timer is stopped");

		String text = Files.readString(this.dir.resolve("step.env.runqueue"));
		long from = 1_796_580_000_000_000L;
		assertEquals(List.of(new RunQueueTick(from, from + 100_000, "app", 50.0),
				new RunQueueTick(from, from + 100_000, StepFigures.GENERATOR, 2.5),
				new RunQueueTick(from + 100_000, from + 201_000, "app", 0.0),
				new RunQueueTick(from + 100_000, from + 201_000, StepFigures.GENERATOR, 0.0)), RunQueueTick.parse(text),
				"gone, unreadable, is in no tick");
		assertTrue(text.startsWith(RunQueueTick.HEADER + "\n" + from + " " + (from + 100_000) + " app 50.000\n"), text);
	}

}
