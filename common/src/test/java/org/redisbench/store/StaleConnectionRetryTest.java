package org.redisbench.store;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.apache.commons.pool2.impl.GenericObjectPoolConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.redisbench.model.Layout;
import org.redisbench.store.Reply.NoReply;
import org.redisbench.testsupport.RedisServerExtension;
import org.redisbench.processes.Waits;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.args.ClientPauseMode;
import redis.clients.jedis.args.ClientType;
import redis.clients.jedis.params.ClientKillParams;

import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.jedis.JedisClientConfiguration;
import org.springframework.data.redis.connection.jedis.JedisConnectionFactory;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * When a request is sent a second time, against a real {@code redis-server}: once, counted, on connections
 * that answered a PING, when its pooled connections had gone stale; never when Redis timed out or refused
 * the connection, nor once the request's deadline has passed. Redis counts what reached it
 * ({@code INFO commandstats}). Nothing validates the pool's idle connections here, so they stay stale.
 */
class StaleConnectionRetryTest {

	private static final Duration TIMEOUT = Duration.ofSeconds(1);

	/** Connections the pool holds: every one of them stale at once, as after a restart under load. */
	private static final int POOLED = 4;

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	private final SimpleMeterRegistry meters = new SimpleMeterRegistry();

	private JedisConnectionFactory factory;

	private StaleConnectionRetry retry;

	@BeforeEach
	void connect() {
		GenericObjectPoolConfig<Object> pool = new GenericObjectPoolConfig<>();
		pool.setMaxTotal(POOLED);
		pool.setMaxIdle(POOLED);
		JedisClientConfiguration client = JedisClientConfiguration.builder()
			.readTimeout(TIMEOUT)
			.connectTimeout(TIMEOUT)
			.usePooling()
			.poolConfig(pool)
			.build();
		this.factory = new JedisConnectionFactory(new RedisStandaloneConfiguration("127.0.0.1", redis.port()), client);
		this.factory.setUseUnifiedJedis(false);
		this.factory.afterPropertiesSet();
		this.factory.start();
		this.retry = new StaleConnectionRetry(POOLED, this.meters);
	}

	@AfterEach
	void disconnect() {
		this.factory.destroy();
	}

	@ParameterizedTest
	@EnumSource(RoundTrips.class)
	void requestOnStaleConnectionsIsResentOnceOnALiveOne(RoundTrips mode) {
		fillPoolWithConnections();
		killClients();
		Map<String, Long> before = redis.server().commandCalls();

		List<Reply> replies = send(mode, sets(), Duration.ofSeconds(30));

		assertThat(replies).hasSize(100).containsOnly(Reply.OK);
		assertThat(resent()).isEqualTo(1);
		Map<String, Long> after = redis.server().commandCalls();
		// The first attempt's commands never reached Redis; each stale connection failed its PING first.
		assertThat(calls(after, before, "set")).isEqualTo(100);
		assertThat(calls(after, before, "ping")).as("PINGs answered").isEqualTo(1);
		assertThat(redis.dbSize()).isEqualTo(100);
	}

	@ParameterizedTest
	@EnumSource(RoundTrips.class)
	void timeoutIsNotResent(RoundTrips mode) {
		fillPoolWithConnections();
		Duration pause = TIMEOUT.multipliedBy(3);
		long pausedUntil = System.nanoTime() + pause.toNanos();
		try (Jedis admin = redis.server().client()) {
			admin.clientPause(pause.toMillis(), ClientPauseMode.ALL);
		}

		List<Reply> replies = send(mode, sets(), Duration.ofSeconds(30));

		assertThat(replies.get(0)).isInstanceOfSatisfying(NoReply.class,
				(noReply) -> assertThat(noReply.why()).isEqualTo(NoReply.Why.TIMED_OUT));
		assertThat(resent()).isZero();
		Waits.sleep(Math.max(0, (pausedUntil - System.nanoTime()) / 1_000_000) + 100);
	}

	@ParameterizedTest
	@EnumSource(RoundTrips.class)
	void refusedConnectionIsNotResent(RoundTrips mode) {
		redis.server().stop();

		List<Reply> replies = send(mode, sets(), Duration.ofSeconds(30));

		assertThat(replies.get(0)).isInstanceOfSatisfying(NoReply.class,
				(noReply) -> assertThat(noReply.why()).isEqualTo(NoReply.Why.CANNOT_CONNECT));
		assertThat(replies.subList(1, 100)).allMatch(Reply.NotSent.class::isInstance);
		assertThat(resent()).isZero();
	}

	@ParameterizedTest
	@EnumSource(RoundTrips.class)
	void staleConnectionIsNotResentOnceTheDeadlineHasPassed(RoundTrips mode) {
		fillPoolWithConnections();
		killClients();
		Duration timeout = Duration.ofMillis(500);
		Deadline deadline = Deadline.in(timeout);
		RedisAccess access = access(mode, timeout);
		List<Command> sets = sets();

		List<Reply> replies = this.retry.send(deadline, (borrowing) -> {
			List<Reply> attempt = access.attempt(borrowing, sets);
			Waits.sleep(timeout.toMillis() + 100);
			return attempt;
		});

		assertThat(replies.get(0)).isInstanceOfSatisfying(NoReply.class,
				(noReply) -> assertThat(noReply.why()).isEqualTo(NoReply.Why.CONNECTION_LOST));
		assertThat(resent()).isZero();
		assertThat(redis.dbSize()).isZero();
	}

	private List<Reply> send(RoundTrips mode, List<Command> commands, Duration requestTimeout) {
		return access(mode, requestTimeout).send(commands);
	}

	private RedisAccess access(RoundTrips mode, Duration requestTimeout) {
		return new RedisAccess(this.factory, mode, requestTimeout, this.retry, this.meters);
	}

	/** Borrows every connection the pool may hold at once and gives them back, each having served a PING. */
	private void fillPoolWithConnections() {
		Deadline deadline = Deadline.in(Duration.ofSeconds(30));
		List<Lease> leases = new ArrayList<>();
		for (int i = 0; i < POOLED; i++) {
			leases.add(Lease.borrow(this.factory, new Borrowing(true, 1, deadline)));
		}
		leases.forEach(Lease::close);
	}

	/** Closes every client connection but the one asking: the pool's connections are stale from now on. */
	private static void killClients() {
		try (Jedis admin = redis.server().client()) {
			assertThat(admin.clientKill(ClientKillParams.clientKillParams().type(ClientType.NORMAL)))
				.as("connections closed")
				.isEqualTo(POOLED);
		}
	}

	private double resent() {
		return this.meters.counter("bench.redis.stale-connection-retries").count();
	}

	private static List<Command> sets() {
		return LongStream.rangeClosed(1, 100)
			.<Command>mapToObj((id) -> new Command.Set(Layout.personKey(id),
					("value " + id).getBytes(StandardCharsets.US_ASCII)))
			.toList();
	}

	private static long calls(Map<String, Long> after, Map<String, Long> before, String command) {
		return after.getOrDefault(command, 0L) - before.getOrDefault(command, 0L);
	}

}
