package org.redisbench.faults;

import java.time.Duration;
import java.util.List;

/**
 * What a run plays, checked ({@link FaultsCommand}): every time in whole seconds but the apps' timeouts, which are
 * Spring durations as the apps read them ({@code 2s}, {@code 500ms}).
 *
 * @param clients concurrent request loops
 * @param beforeSeconds load before the fault
 * @param faultSeconds Redis down, or paused
 * @param afterSeconds load after the fault
 * @param fullSeconds at most this long a load fills Redis, until its OOM
 * @param fullHeadroom bytes of maxmemory above used_memory
 * @param pauseMode CLIENT PAUSE's mode
 * @param maxRequests per loop and phase, whatever the time
 * @param boundSeconds the latest an answer may come
 * @param requestTimeout the apps' bench.request-timeout
 * @param redisTimeout the apps' spring.data.redis.timeout
 * @param startTimeout how long an app may take to report UP
 * @param javaOptions the apps' JVM options
 * @param redisRtt the round trip the latency proxy adds between the apps and Redis; {@code 0}: no proxy
 * @param password the private Redis's, or {@code null}: none
 */
record FaultSettings(int clients, int beforeSeconds, int faultSeconds, int afterSeconds, int fullSeconds,
		long fullHeadroom, PauseMode pauseMode, int maxRequests, int boundSeconds, String requestTimeout,
		String redisTimeout, Duration startTimeout, List<String> javaOptions, String redisRtt, String password) {

	/** CLIENT PAUSE's modes: WRITE lets reads go on, ALL stops every client. */
	enum PauseMode {
		WRITE, ALL
	}

	FaultSettings {
		javaOptions = List.copyOf(javaOptions);
	}

	boolean proxied() {
		return !this.redisRtt.equals("0");
	}

	long boundMicros() {
		return this.boundSeconds * 1_000_000L;
	}

	/** The password is the Redis's and the apps' only: never in a message. */
	@Override
	public String toString() {
		return "FaultSettings[clients=" + this.clients + ", redisRtt=" + this.redisRtt + ", password "
				+ ((this.password == null) ? "none" : "given") + "]";
	}

}
