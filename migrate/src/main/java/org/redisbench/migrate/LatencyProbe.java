package org.redisbench.migrate;

import java.util.Arrays;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import redis.clients.jedis.Jedis;
import redis.clients.jedis.exceptions.JedisException;

/**
 * PINGs a master on a connection of its own every {@value #INTERVAL_MILLIS} ms and keeps the last
 * {@value #WINDOW} round trips: what an application's command waits, the migrator's pipelines included, about
 * the last two seconds. Its p99 is the migrator's latency bound ({@code --max-p99}).
 */
final class LatencyProbe implements AutoCloseable {

	static final int INTERVAL_MILLIS = 50;

	static final int WINDOW = 40;

	private final Jedis jedis;

	private final ScheduledExecutorService timer;

	private final double[] millis = new double[WINDOW];

	private int taken;

	LatencyProbe(Jedis jedis) {
		this.jedis = jedis;
		this.timer = Executors.newSingleThreadScheduledExecutor((task) -> {
			Thread thread = new Thread(task, "latency-probe");
			thread.setDaemon(true);
			return thread;
		});
		this.timer.scheduleWithFixedDelay(this::ping, 0, INTERVAL_MILLIS, TimeUnit.MILLISECONDS);
	}

	private void ping() {
		long start = System.nanoTime();
		double took;
		try {
			this.jedis.ping();
			took = (System.nanoTime() - start) / 1e6;
		}
		catch (JedisException ex) {
			// no answer counts as the slowest there is: the bound pauses the migration until the master answers
			took = Double.POSITIVE_INFINITY;
		}
		synchronized (this) {
			this.millis[this.taken++ % WINDOW] = took;
		}
	}

	/** The p99 of the window, {@code NaN} until it has a full window. */
	synchronized double p99() {
		if (this.taken < WINDOW) {
			return Double.NaN;
		}
		double[] sorted = this.millis.clone();
		Arrays.sort(sorted);
		return sorted[(int) Math.ceil(0.99 * WINDOW) - 1];
	}

	@Override
	public void close() {
		this.timer.shutdownNow();
		try {
			this.timer.awaitTermination(1, TimeUnit.SECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		try {
			this.jedis.close();
		}
		catch (JedisException ex) {
			// a broken connection has nothing left to close
		}
	}

}
