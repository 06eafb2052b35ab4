package org.redisbench.proxy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.redisbench.processes.LatencyProxyProcess;
import org.redisbench.testsupport.PingTime;
import org.redisbench.testsupport.RedisServerExtension;
import redis.clients.jedis.Jedis;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The proxy as processes' LatencyProxyProcess starts it, from this module's classes (its jar is built after these
 * tests), in front of a redis-server of the test's: a PING through it takes the round trip, and close stops it.
 */
class LatencyProxyProcessTest {

	@RegisterExtension
	static final RedisServerExtension REDIS = new RedisServerExtension();

	/** Far above loopback's round trip, which is tens of microseconds. */
	private static final Duration RTT = Duration.ofMillis(20);

	@TempDir
	Path folder;

	@Test
	void aPingThroughItTakesTheRoundTripAndCloseStopsIt() {
		LatencyProxyProcess proxy = LatencyProxyProcess.Launch.classes(LatencyProxyCommand.class)
			.with(List.of("--jitter", "0"))
			.start("127.0.0.1:" + REDIS.port(), "20ms", this.folder.resolve("proxy.log"));
		long pid = proxy.pid();
		try (proxy) {
			assertThat(proxy.firstLine()).startsWith("listening on 127.0.0.1:" + proxy.port() + ", forwarding");
			assertThat(pingTime(REDIS.port())).as("direct").isLessThan(RTT);
			assertThat(pingTime(proxy.port())).as("through the proxy").isGreaterThanOrEqualTo(RTT);
		}

		assertThat(ProcessHandle.of(pid).filter(ProcessHandle::isAlive)).isEqualTo(Optional.empty());
		assertThat(this.folder.resolve("proxy.log")).as("what it carried, logged on SIGTERM")
			.content().contains("latency-proxy: stopped after");
	}

	private static Duration pingTime(int port) {
		try (Jedis jedis = new Jedis("127.0.0.1", port)) {
			return PingTime.quickest(jedis);
		}
	}

}
