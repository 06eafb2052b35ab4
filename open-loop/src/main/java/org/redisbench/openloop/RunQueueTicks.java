package org.redisbench.openloop;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

import org.redisbench.openloop.rules.RunQueueTick;
import org.redisbench.tooloutput.ProcScheduling;

/**
 * Each accounted process's run-queue wait tick by tick through a step ({@link #TICK_MS} apart unless told), so that
 * bench can tell how long the processes waited for a CPU while the slowest requests were due, not only over the whole
 * step. A tick
 * reads what {@link CpuAccount} reads at the window's ends and gives each name's wait since the tick before, as
 * {@link CpuAccount#runQueueMsBetween} counts it (a name whose process cannot be read is left out of that tick).
 */
final class RunQueueTicks implements AutoCloseable {

	static final long TICK_MS = 100;

	private final CpuAccount cpu;

	private final LongSupplier epochMicros;

	private final List<RunQueueTick> ticks = new ArrayList<>();

	private final ScheduledExecutorService timer;

	private CpuAccount.Reading last;

	private long lastUs;

	/** The first reading now; a tick each time {@link #tick} is called. */
	RunQueueTicks(CpuAccount cpu, LongSupplier epochMicros, ScheduledExecutorService timer) {
		this.cpu = cpu;
		this.epochMicros = epochMicros;
		this.timer = timer;
		this.lastUs = epochMicros.getAsLong();
		this.last = cpu.read();
	}

	/** Ticking on a daemon thread of its own, so that it never holds the generator's JVM up, until closed. */
	static RunQueueTicks start(CpuAccount cpu, long tickMs) {
		ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(runnable -> {
			Thread thread = new Thread(runnable, "run-queue-ticks");
			thread.setDaemon(true);
			return thread;
		});
		timer.execute(() -> ProcScheduling.currentThreadId().ifPresent(cpu::instrumentThread));
		RunQueueTicks ticks = new RunQueueTicks(cpu, Step::epochMicros, timer);
		timer.scheduleAtFixedRate(ticks::tick, tickMs, tickMs, TimeUnit.MILLISECONDS);
		return ticks;
	}

	synchronized void tick() {
		long nowUs = this.epochMicros.getAsLong();
		CpuAccount.Reading now = this.cpu.read();
		long fromUs = this.lastUs;
		this.cpu.runQueueMsBetween(this.last, now)
			.forEach((name, ms) -> this.ticks.add(new RunQueueTick(fromUs, nowUs, name, ms)));
		this.last = now;
		this.lastUs = nowUs;
	}

	/** The ticks so far into {@code file}, {@link RunQueueTick}'s. */
	synchronized void write(Path file) throws IOException {
		Files.writeString(file, RunQueueTick.text(this.ticks));
	}

	@Override
	public void close() {
		this.timer.shutdownNow();
	}

}
