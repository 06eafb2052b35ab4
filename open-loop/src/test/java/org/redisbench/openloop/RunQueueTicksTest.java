package org.redisbench.openloop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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


	/** On this machine's /proc: the ticks' own thread is left out of the generator's threads from its first tick. */
	@Test
	void theTicksOwnThreadIsNotTheGenerators() throws Exception {
		CpuAccount cpu = new CpuAccount(List.of(), CpuAccount.USER_HZ);
		try (RunQueueTicks ticks = RunQueueTicks.start(cpu, RunQueueTicks.TICK_MS)) {
			long ticker = -1;
			for (int tries = 0; tries < 50 && ticker < 0; tries++) {
				ticker = threadNamed("run-queue-ticks");
				Thread.sleep(20);
			}
			assertTrue(ticker > 0, "the ticks' thread runs");
			ticks.tick();
			long self = ProcessHandle.current().pid();
			Map<Long, Long> generator = cpu.read().waits().get(self);
			assertTrue(generator.containsKey(self), "the generator's other threads are read: " + generator.keySet());
			assertFalse(generator.containsKey(ticker), "not the ticks' own thread " + ticker);
		}
	}

	/** The id of this JVM's thread of that name, -1 when there is none. */
	private static long threadNamed(String name) throws IOException {
		try (var threads = Files.list(Path.of("/proc/self/task"))) {
			for (Path thread : threads.toList()) {
				if (Files.readString(thread.resolve("comm")).strip().equals(name)) {
					return Long.parseLong(thread.getFileName().toString());
				}
			}
		}
		return -1;
	}

}
