package org.redisbench.openloop;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.function.LongSupplier;

import org.HdrHistogram.Histogram;
import org.redisbench.openloop.rules.StepFigures;
import org.redisbench.openloop.rules.StepRequest;
import org.redisbench.openloop.rules.StepScheduling;

/**
 * One step of constant arrival rate, timed the way a user sees it: the k-th request was due at {@code start + k /
 * rate}, and its latency runs from then, not from when the load generator got round to sending it. A stall of the
 * app therefore shows in every request that arrived during it (no coordinated omission), and a generator lagging its
 * schedule shows as lag, and in the latencies too. {@code start} is the earliest the arrivals allow: Gatling injects
 * users at regular intervals, so no arrival is early, and a late one is lag. The first {@code leadIn} seconds run at
 * the same rate uncounted, so that neither Gatling's start nor its first connections count. The CPU of the generator
 * and of the processes it was told of ({@link CpuAccount}) is read when the first counted request arrives and the
 * counted seconds later, and divided by the answers without error between the two readings; the same readings give
 * each process's run-queue wait over the counted seconds and the CPUs it may run on. Each counted request's due time,
 * latency and lag go into a file of their own too, so that bench can tell which process was paused when the slowest
 * were due.
 */
final class Step {

	/** Microseconds; HdrHistogram keeps 3 significant digits of each. */
	private static final int DIGITS = 3;

	private static volatile Step current;

	final String url;

	final double rate;

	final int seconds;

	final int leadIn;

	private final double periodNs;

	private final int uncounted;

	private final AtomicInteger arrivals = new AtomicInteger();

	private final AtomicLongArray arrivedNs;

	private final AtomicLongArray answeredNs;

	private final AtomicLongArray failed;

	/** Nanoseconds, as System.nanoTime: a test's own clock stands in for it. */
	private final LongSupplier clock;

	/** Microseconds since the epoch, read once beside {@link #clock} to put the requests on the other processes' time. */
	private final LongSupplier epochMicros;

	private final CpuAccount cpu;

	private final Timer timer;

	/** The counted seconds as they ran (clock ns), and the CPU read at either end (null until read). */
	private volatile long windowStartNs;

	private volatile long windowEndNs;

	/** The epoch's time when the counted seconds began, at {@link #windowStartNs}. */
	private volatile long windowStartEpochUs;

	private volatile CpuAccount.Reading windowStart;

	private volatile CpuAccount.Reading windowEnd;

	/** Runs an action once, some nanoseconds from now. */
	interface Timer {

		void after(long delayNs, Runnable action);

	}

	Step(String url, double rate, int seconds, int leadIn, CpuAccount cpu) {
		this(url, rate, seconds, leadIn, System::nanoTime, Step::epochMicros, cpu,
				(delayNs, action) -> CompletableFuture.delayedExecutor(delayNs, TimeUnit.NANOSECONDS).execute(action));
	}

	/** With a test's own clocks, and a timer it runs itself. */
	Step(String url, double rate, int seconds, int leadIn, LongSupplier clock, LongSupplier epochMicros, CpuAccount cpu,
			Timer timer) {
		this.clock = clock;
		this.epochMicros = epochMicros;
		this.cpu = cpu;
		this.timer = timer;
		this.url = url;
		this.rate = rate;
		this.seconds = seconds;
		this.leadIn = leadIn;
		this.periodNs = 1e9 / rate;
		this.uncounted = (int) Math.round(rate * leadIn);
		// Gatling injects round(rate * duration) users; one more is room for its rounding.
		int counted = (int) Math.round(rate * seconds) + 1;
		this.arrivedNs = new AtomicLongArray(counted);
		this.answeredNs = new AtomicLongArray(counted);
		this.failed = new AtomicLongArray(counted);
	}

	/** The step Gatling's simulation runs: Gatling instantiates the simulation class itself. */
	static Step current() {
		return current;
	}

	static void start(Step step) {
		current = step;
	}

	/** The processes the step accounts, which the run-queue ticks read too. */
	CpuAccount cpu() {
		return this.cpu;
	}

	/** The time now in microseconds since the epoch, to the microsecond where the platform gives it. */
	static long epochMicros() {
		Instant now = Instant.now();
		return now.getEpochSecond() * 1_000_000 + now.getNano() / 1_000;
	}

	/** A request arrives: its number among the counted ones, or -1 in the lead-in (or past the room). */
	int arrive() {
		int k = this.arrivals.getAndIncrement() - this.uncounted;
		if (k < 0 || k >= this.arrivedNs.length()) {
			return -1;
		}
		this.arrivedNs.set(k, this.clock.getAsLong());
		if (k == 0) {
			openWindow();
		}
		return k;
	}

	/** The counted seconds begin: the CPU so far, and a reading again once they are over. */
	private synchronized void openWindow() {
		this.windowStartNs = this.clock.getAsLong();
		this.windowStartEpochUs = this.epochMicros.getAsLong();
		this.windowStart = this.cpu.read();
		this.timer.after(this.seconds * 1_000_000_000L, this::closeWindow);
	}

	/** The counted seconds are over, if they were not already: the CPU so far. */
	synchronized void closeWindow() {
		if (this.windowStart != null && this.windowEnd == null) {
			this.windowEndNs = this.clock.getAsLong();
			this.windowEnd = this.cpu.read();
		}
	}

	/** Request k's answer is in, or it failed (an error status, a timeout, a refused connection). */
	void answer(int k, boolean failure) {
		if (k >= 0) {
			this.answeredNs.set(k, this.clock.getAsLong());
			this.failed.set(k, failure ? 1 : 0);
		}
	}

	/**
	 * The step's figures ({@link StepFigures}, for bench.sh and bench-report) into file: achieved counts the answers
	 * without error that came within the step's seconds; lag is how late it sent; the generator's cores and each
	 * process's CPU a request are over the counted seconds as they ran, from the first counted arrival (or until now,
	 * should the timer not have closed them yet). Each counted request sent goes into {@code requests}, a line each
	 * ({@link StepRequest}).
	 */
	void write(Path file, Path histogram, Path requests) throws IOException {
		closeWindow();
		int sent = Math.min(Math.max(0, this.arrivals.get() - this.uncounted), this.arrivedNs.length());
		double start = Double.MAX_VALUE;
		for (int k = 0; k < sent; k++) {
			start = Math.min(start, this.arrivedNs.get(k) - k * this.periodNs);
		}
		Histogram latencyUs = new Histogram(DIGITS);
		Histogram lagUs = new Histogram(DIGITS);
		long answered = 0;
		long errors = 0;
		long inWindow = 0;
		double end = start + this.seconds * 1e9;
		List<StepRequest> each = new ArrayList<>(sent);
		for (int k = 0; k < sent; k++) {
			double intended = start + k * this.periodNs;
			long lag = Math.round((this.arrivedNs.get(k) - intended) / 1000);
			lagUs.recordValue(lag);
			long dueUs = this.windowStartEpochUs + Math.round((intended - this.windowStartNs) / 1000);
			long at = this.answeredNs.get(k);
			if (at == 0) {
				each.add(new StepRequest(dueUs, OptionalLong.empty(), lag, true));
				continue;
			}
			answered++;
			long latency = Math.round(Math.max(0, at - intended) / 1000);
			latencyUs.recordValue(latency);
			each.add(new StepRequest(dueUs, OptionalLong.of(latency), lag, this.failed.get(k) == 1));
			if (this.failed.get(k) == 1) {
				errors++;
			}
			else if (at <= end) {
				inWindow++;
			}
		}
		Map<String, Double> cpuMs = this.windowEnd == null ? Map.of()
				: this.cpu.msBetween(this.windowStart, this.windowEnd);
		double windowMs = Math.max(1, (this.windowEndNs - this.windowStartNs) / 1e6);
		Double generatorMs = cpuMs.get(StepFigures.GENERATOR);
		Double cores = generatorMs == null ? null : generatorMs / windowMs;
		// Gatling answers every request, at worst with its timeout: one never answered is also an error.
		StepFigures figures = new StepFigures(this.rate, (long) this.seconds, (long) this.leadIn, (long) sent,
				errors + sent - answered, inWindow / (double) this.seconds, ms(latencyUs, 50), ms(latencyUs, 90),
				ms(latencyUs, 99), ms(latencyUs, 99.9), latencyUs.getMaxValue() / 1000.0, ms(lagUs, 99),
				lagUs.getMaxValue() / 1000.0, cores, perRequest(cpuMs, sent), scheduling(windowMs));
		Files.writeString(file, figures.text());
		try (PrintStream out = new PrintStream(Files.newOutputStream(histogram), false, "UTF-8")) {
			latencyUs.outputPercentileDistribution(out, 1000.0);
		}
		Files.writeString(requests, StepRequest.text(each));
	}

	/**
	 * Where the processes could run at the window's start, how long their threads waited for a CPU in it, a second
	 * of it, and the generator's nice value; none of the first two when the window never opened.
	 */
	private StepScheduling scheduling(double windowMs) {
		Map<String, Double> waitedPerSecond = new LinkedHashMap<>();
		if (this.windowEnd != null) {
			this.cpu.runQueueMsBetween(this.windowStart, this.windowEnd)
				.forEach((name, ms) -> waitedPerSecond.put(name, ms * 1000 / windowMs));
		}
		OptionalLong nice = this.cpu.generatorNice();
		return new StepScheduling(this.windowStart == null ? Map.of() : this.cpu.cpusAllowed(this.windowStart),
				waitedPerSecond, nice.isPresent() ? nice.getAsLong() : null);
	}

	/** Each process's CPU ms over the answers without error between the window's readings; none without answers. */
	private Map<String, Double> perRequest(Map<String, Double> cpuMs, int sent) {
		long answers = 0;
		for (int k = 0; k < sent; k++) {
			long at = this.answeredNs.get(k);
			if (at != 0 && this.failed.get(k) == 0 && at >= this.windowStartNs && at <= this.windowEndNs) {
				answers++;
			}
		}
		Map<String, Double> perRequest = new LinkedHashMap<>();
		if (answers > 0) {
			for (Map.Entry<String, Double> process : cpuMs.entrySet()) {
				perRequest.put(process.getKey(), process.getValue() / answers);
			}
		}
		return perRequest;
	}

	private static double ms(Histogram histogram, double percentile) {
		return histogram.getValueAtPercentile(percentile) / 1000.0;
	}

}
