package org.redisbench.proxy;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.redisbench.model.Quantities;
import org.redisbench.model.Spread;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.args.ClientType;
import redis.clients.jedis.exceptions.JedisConnectionException;
import redis.clients.jedis.params.ClientKillParams;

import org.redisbench.processes.RedisServer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * The proxy in front of a real redis-server: the round trip it adds, and Redis's faults as the client sees
 * them, next to the same without the proxy.
 */
class RedisThroughProxyTest {

	private static final byte[] PING = "PING\r\n".getBytes(StandardCharsets.US_ASCII);

	private static final byte[] PONG = "+PONG\r\n".getBytes(StandardCharsets.US_ASCII);

	private static final RedisServer redis = new RedisServer();

	private final Proxies proxies = new Proxies();

	@BeforeAll
	static void startRedis() {
		redis.start();
	}

	@AfterAll
	static void discardRedis() {
		redis.discard();
	}

	@BeforeEach
	void redisRunning() {
		redis.start();
	}

	@AfterEach
	void stopProxies() {
		this.proxies.close();
	}

	/**
	 * The round trip of a PING through the proxy, minus the same without it, is twice the one-way delay within
	 * ±10%, by medians of many PINGs taken in turns (direct, through a proxy without delay, through the one
	 * under test), so that the machine's load falls on all three alike. The proxy's own hop (one more pass
	 * through a user-space process each way) is measured beside, printed and allowed on top.
	 * <p>
	 * The proxy never delivers early, so the lower bounds hold under any load. The upper bound is asserted
	 * from 1 ms on only, and on the quickest round trips rather than the medians: a delivery waits on a timer, and
	 * a loaded machine wakes the proxy's thread late by an amount the hop without a delay never pays (the median
	 * added at 1 ms came out +13.7% beyond the hop while a CI build and three other builds ran, 2026-12-06), while
	 * among a thousand round trips some find the machine quiet, and a proxy that held values too long would fail
	 * on every one. Shorter delays are below the timer's slack (50 us) times ten. The medians are printed for every
	 * delay; {@code scripts/latency-proxy.sh --self-test} prints them too.
	 */
	@ParameterizedTest(name = "delay {0} ms")
	@ValueSource(doubles = { 0.1, 0.225, 1, 5 })
	void aRoundTripGainsTwiceTheDelay(double delayMillis) throws IOException {
		long delayNanos = Math.round(delayMillis * 1_000_000);
		LatencyProxy hop = this.proxies.start(redis.port());
		LatencyProxy delayed = this.proxies.start(redis.port(), "--delay", delayNanos + "ns");
		// About 1.5 s of PINGs per delay, and never fewer than 200 of each.
		int samples = (int) Math.max(200, Math.min(3000, 1_500_000_000L / (2 * delayNanos + 200_000)));
		long[][] roundTrips = new long[3][samples];
		try (Socket direct = connect(redis.port()); Socket viaHop = connect(hop.address().getPort());
				Socket viaDelay = connect(delayed.address().getPort())) {
			List<Socket> sockets = List.of(direct, viaHop, viaDelay);
			for (int i = -100; i < samples; i++) {
				for (int k = 0; k < 3; k++) {
					long roundTrip = ping(sockets.get(k));
					if (i >= 0) {
						roundTrips[k][i] = roundTrip;
					}
				}
			}
		}
		long direct = median(roundTrips[0]);
		long hopCost = Math.max(0, median(roundTrips[1]) - direct);
		long added = median(roundTrips[2]) - direct;
		long expected = 2 * delayNanos;
		System.out.printf("delay %s: %d PINGs each; median round trip direct %.1f us, the proxy's own hop +%.1f us,"
				+ " with delay +%.1f us (expected +%.1f us, %+.1f%%; %+.1f%% less the hop)%n",
				Quantities.formatNanos(delayNanos), samples, direct / 1e3, hopCost / 1e3, added / 1e3, expected / 1e3,
				100.0 * (added - expected) / expected, 100.0 * (added - hopCost - expected) / expected);
		assertThat(Arrays.stream(roundTrips[2]).min().getAsLong()).as("no PING back before twice the delay")
			.isGreaterThanOrEqualTo(expected);
		assertThat(added).as("round trip added (ns)").isGreaterThanOrEqualTo(Math.round(expected * 0.9));
		if (delayNanos >= 1_000_000) {
			long quickestDirect = Arrays.stream(roundTrips[0]).min().getAsLong();
			long quickestHop = Math.max(0, Arrays.stream(roundTrips[1]).min().getAsLong() - quickestDirect);
			assertThat(Arrays.stream(roundTrips[2]).min().getAsLong() - quickestDirect)
				.as("quickest round trip added (ns); the proxy's own quickest hop %d ns", quickestHop)
				.isLessThanOrEqualTo(Math.round(expected * 1.1) + quickestHop);
		}
	}

	@Test
	void aKilledClientLooksTheSameThroughTheProxy() {
		LatencyProxy proxy = this.proxies.start(redis.port(), "--delay", "0.2ms");
		try (Jedis direct = jedis(redis.port()); Jedis proxied = jedis(proxy.address().getPort());
				Jedis admin = redis.client()) {
			direct.ping();
			proxied.ping();
			admin.clientKill(ClientKillParams.clientKillParams().type(ClientType.NORMAL).skipMe(ClientKillParams.SkipMe.YES));
			Throwable directFailure = catchThrowable(direct::ping);
			Throwable proxiedFailure = catchThrowable(proxied::ping);
			assertThat(directFailure).isInstanceOf(JedisConnectionException.class);
			assertThat(proxiedFailure).isInstanceOf(directFailure.getClass()).hasMessage(directFailure.getMessage());
		}
	}

	@Test
	void aCrashedRedisLooksTheSameThroughTheProxy() {
		LatencyProxy proxy = this.proxies.start(redis.port(), "--delay", "0.2ms");
		try (Jedis direct = jedis(redis.port()); Jedis proxied = jedis(proxy.address().getPort())) {
			direct.set("before", "crash");
			assertThat(proxied.get("before")).isEqualTo("crash");
			redis.kill();
			Throwable directFailure = catchThrowable(direct::ping);
			Throwable proxiedFailure = catchThrowable(proxied::ping);
			assertThat(directFailure).isInstanceOf(JedisConnectionException.class);
			assertThat(proxiedFailure).isInstanceOf(directFailure.getClass()).hasMessage(directFailure.getMessage());
		}
		// A new connection while Redis is down: refused directly; the proxy has accepted it already and resets it.
		assertThat(catchThrowable(() -> pingOnce(redis.port()))).isInstanceOf(JedisConnectionException.class);
		assertThat(catchThrowable(() -> pingOnce(proxy.address().getPort()))).isInstanceOf(JedisConnectionException.class);
		redis.start();
		try (Jedis proxied = jedis(proxy.address().getPort())) {
			assertThat(proxied.ping()).as("through the same proxy once Redis is back").isEqualTo("PONG");
		}
	}

	private static void pingOnce(int port) {
		try (Jedis jedis = jedis(port)) {
			jedis.ping();
		}
	}

	private static Jedis jedis(int port) {
		return new Jedis("127.0.0.1", port, 10_000);
	}

	private static Socket connect(int port) throws IOException {
		Socket socket = new Socket(InetAddress.getLoopbackAddress(), port);
		socket.setTcpNoDelay(true);
		socket.setSoTimeout((int) TimeUnit.SECONDS.toMillis(20));
		return socket;
	}

	/** One PING's round trip in ns, on a raw socket: no client library's own time in the figure. */
	private static long ping(Socket socket) throws IOException {
		OutputStream out = socket.getOutputStream();
		InputStream in = socket.getInputStream();
		byte[] reply = new byte[PONG.length];
		long start = System.nanoTime();
		out.write(PING);
		for (int read = 0; read < reply.length;) {
			int count = in.read(reply, read, reply.length - read);
			if (count < 0) {
				throw new EOFException("connection closed after " + read + " bytes of the PONG");
			}
			read += count;
		}
		long roundTrip = System.nanoTime() - start;
		assertThat(reply).isEqualTo(PONG);
		return roundTrip;
	}

	private static long median(long[] values) {
		return Math.round(Spread.of(Arrays.stream(values).asDoubleStream().toArray()).median());
	}

}
