package org.redisbench.migrate;

import java.util.Locale;
import java.util.function.Consumer;

import org.redisbench.tooloutput.RedisInfo;
import redis.clients.jedis.Jedis;

/**
 * How fast the migrator may go on a master: {@code --rate} keys a second, and a pause while the master is busier
 * than {@code --max-ops} commands a second ({@code INFO stats} instantaneous_ops_per_sec, the migrator's own
 * included) or its latency probe's p99 is above {@code --max-p99}. Checked before every page of keys.
 */
final class Pace {

	/** How often a pause looks again, and how often INFO is read for the ops bound. */
	private static final long LOOK_MILLIS = 200;

	private static final long INFO_MILLIS = 1000;

	private final double keysPerNano;

	private final long maxOps;

	private final double maxP99Millis;

	/** When the next key may be read, on System.nanoTime()'s clock. */
	private long nextNanos = System.nanoTime();

	private long lastInfoNanos;

	private long lastOps;

	private long pauses;

	private long pausedNanos;

	Pace(int rate, long maxOps, double maxP99Millis) {
		this.keysPerNano = rate / 1e9;
		this.maxOps = maxOps;
		this.maxP99Millis = maxP99Millis;
	}

	/**
	 * Waits until {@code keys} more keys may be read and the master is within its bounds.
	 * @param said where a pause's reason goes, once a pause
	 */
	void await(int keys, Jedis master, LatencyProbe probe, Consumer<String> said) throws InterruptedException {
		String busy = busy(master, probe);
		if (busy != null) {
			this.pauses++;
			said.accept("paused: " + busy);
			long start = System.nanoTime();
			while (busy != null) {
				Thread.sleep(LOOK_MILLIS);
				busy = busy(master, probe);
			}
			this.pausedNanos += System.nanoTime() - start;
		}
		// the page goes when the previous one's share of the rate has passed, never earlier; idle time is no credit
		long now = System.nanoTime();
		long start = Math.max(this.nextNanos, now);
		if (start > now) {
			Thread.sleep((start - now) / 1_000_000, (int) ((start - now) % 1_000_000));
		}
		this.nextNanos = start + (long) (keys / this.keysPerNano);
	}

	/** Why the master is too busy now, or {@code null}. */
	private String busy(Jedis master, LatencyProbe probe) {
		if (this.maxP99Millis > 0 && probe != null) {
			double p99 = probe.p99();
			if (p99 > this.maxP99Millis) {
				return String.format(Locale.ROOT, "PING p99 %.1f ms > --max-p99 %s ms", p99, this.maxP99Millis);
			}
		}
		if (this.maxOps > 0) {
			long now = System.nanoTime();
			if (now - this.lastInfoNanos >= INFO_MILLIS * 1_000_000) {
				this.lastOps = RedisInfo.opsPerSecond(master.info("stats"));
				this.lastInfoNanos = now;
			}
			if (this.lastOps > this.maxOps) {
				return this.lastOps + " ops/s > --max-ops " + this.maxOps;
			}
		}
		return null;
	}

	long pauses() {
		return this.pauses;
	}

	double pausedSeconds() {
		return this.pausedNanos / 1e9;
	}

}
