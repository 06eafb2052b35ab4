package org.redisbench.fill;

import java.lang.management.ManagementFactory;
import java.util.Locale;

import org.redisbench.tooloutput.RedisInfo;
import redis.clients.jedis.Jedis;

/**
 * What a fill cost both sides over one interval: its seconds, the CPU this process used (every thread: the loaders,
 * the JIT, the collector) and the CPU Redis used, summed over the nodes written to. Both CPUs over the seconds, in
 * cores, tell which side saturates: Redis runs commands on one thread.
 */
record FillCost(double seconds, double fillCpuSeconds, double redisCpuSeconds) {

	/** The readings an interval starts or ends with. */
	record Reading(long nanos, long processCpuNanos, double redisCpuSeconds) {

		/** Now: the clock, this process's CPU and Redis's, every node's {@code INFO cpu} read in turn. */
		static Reading of(Target target) {
			double redis = 0;
			for (int node = 0; node < target.nodes().size(); node++) {
				try (Jedis jedis = target.connect(node)) {
					redis += RedisInfo.cpuSeconds(jedis.info("cpu"));
				}
			}
			return new Reading(System.nanoTime(), processCpu(), redis);
		}

	}

	static FillCost between(Reading start, Reading end) {
		return new FillCost((end.nanos() - start.nanos()) / 1e9,
				(end.processCpuNanos() - start.processCpuNanos()) / 1e9,
				end.redisCpuSeconds() - start.redisCpuSeconds());
	}

	double fillCores() {
		return this.fillCpuSeconds / this.seconds;
	}

	double redisCores() {
		return this.redisCpuSeconds / this.seconds;
	}

	/** One line for scripts: {@code cost seconds=S fill-cpu=S fill-cores=C redis-cpu=S redis-cores=C}. */
	String line() {
		return String.format(Locale.ROOT, "cost seconds=%.2f fill-cpu=%.2f fill-cores=%.2f redis-cpu=%.2f redis-cores=%.2f",
				this.seconds, this.fillCpuSeconds, fillCores(), this.redisCpuSeconds, redisCores());
	}

	/** Every thread's CPU, user and system, as the JVM reads it (on Linux from the kernel's per-process clock). */
	private static long processCpu() {
		long nanos = ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
			.getProcessCpuTime();
		if (nanos < 0) {
			throw new IllegalStateException("this JVM does not measure its process's CPU");
		}
		return nanos;
	}

}
