package org.redisbench.openloop;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.function.LongSupplier;

import com.sun.management.OperatingSystemMXBean;
import org.HdrHistogram.Histogram;
import org.redisbench.openloop.rules.StepFigures;

/**
 * One step of constant arrival rate, timed the way a user sees it: the k-th request was due at {@code start + k /
 * rate}, and its latency runs from then, not from when the load generator got round to sending it. A stall of the
 * app therefore shows in every request that arrived during it (no coordinated omission), and a generator lagging its
 * schedule shows as lag, and in the latencies too. {@code start} is the earliest the arrivals allow: Gatling injects
 * users at regular intervals, so no arrival is early, and a late one is lag. The first {@code leadIn} seconds run at
 * the same rate uncounted, so that neither Gatling's start nor its first connections count.
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

	private final OperatingSystemMXBean os = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

	/** Nanoseconds, as System.nanoTime: a test's own clock stands in for it. */
	private final LongSupplier clock;

	private volatile long firstCpuNs;

	Step(String url, double rate, int seconds, int leadIn) {
		this(url, rate, seconds, leadIn, System::nanoTime);
	}

	Step(String url, double rate, int seconds, int leadIn, LongSupplier clock) {
		this.clock = clock;
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

	/** A request arrives: its number among the counted ones, or -1 in the lead-in (or past the room). */
	int arrive() {
		int k = this.arrivals.getAndIncrement() - this.uncounted;
		if (k < 0 || k >= this.arrivedNs.length()) {
			return -1;
		}
		if (k == 0) {
			this.firstCpuNs = this.os.getProcessCpuTime();
		}
		this.arrivedNs.set(k, this.clock.getAsLong());
		return k;
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
	 * without error that came within the step's seconds; the generator's CPU is over the step; lag is how late it sent.
	 */
	void write(Path file, Path histogram) throws IOException {
		long cpuNs = this.os.getProcessCpuTime() - this.firstCpuNs;
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
		long last = 0;
		double end = start + this.seconds * 1e9;
		for (int k = 0; k < sent; k++) {
			double intended = start + k * this.periodNs;
			lagUs.recordValue(Math.round((this.arrivedNs.get(k) - intended) / 1000));
			long at = this.answeredNs.get(k);
			if (at == 0) {
				continue;
			}
			answered++;
			last = Math.max(last, at);
			latencyUs.recordValue(Math.round(Math.max(0, at - intended) / 1000));
			if (this.failed.get(k) == 1) {
				errors++;
			}
			else if (at <= end) {
				inWindow++;
			}
		}
		double wallS = sent == 0 ? 1 : Math.max(1, last - start) / 1e9;
		// Gatling answers every request, at worst with its timeout: one never answered is also an error.
		StepFigures figures = new StepFigures(this.rate, (long) this.seconds, (long) this.leadIn, (long) sent,
				errors + sent - answered, inWindow / (double) this.seconds, ms(latencyUs, 50), ms(latencyUs, 90),
				ms(latencyUs, 99), ms(latencyUs, 99.9), latencyUs.getMaxValue() / 1000.0, ms(lagUs, 99),
				lagUs.getMaxValue() / 1000.0, cpuNs / 1e9 / wallS);
		Files.writeString(file, figures.text());
		try (PrintStream out = new PrintStream(Files.newOutputStream(histogram), false, "UTF-8")) {
			latencyUs.outputPercentileDistribution(out, 1000.0);
		}
	}

	private static double ms(Histogram histogram, double percentile) {
		return histogram.getValueAtPercentile(percentile) / 1000.0;
	}

}
