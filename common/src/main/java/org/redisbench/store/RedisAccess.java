package org.redisbench.store;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import redis.clients.jedis.exceptions.JedisException;

import org.springframework.dao.DataAccessException;
import org.springframework.data.redis.connection.jedis.JedisConnectionFactory;

/**
 * A request's way to Redis: its commands sent the configured way, on what it borrowed for them, within its
 * deadline, and once more if a pooled connection had gone stale. Its Redis I/O is timed ({@code bench.redis}).
 */
final class RedisAccess {

	private final JedisConnectionFactory connectionFactory;

	private final RoundTrips roundTrips;

	private final Duration requestTimeout;

	private final StaleConnectionRetry retry;

	private final Timer redisTimer;

	RedisAccess(JedisConnectionFactory connectionFactory, RoundTrips roundTrips, Duration requestTimeout,
			StaleConnectionRetry retry, MeterRegistry meters) {
		this.connectionFactory = connectionFactory;
		this.roundTrips = roundTrips;
		this.requestTimeout = requestTimeout;
		this.retry = retry;
		this.redisTimer = Timer.builder("bench.redis").description("Redis I/O of one request").register(meters);
	}

	/** One reply per command, in command order. */
	List<Reply> send(List<Command> commands) {
		long start = System.nanoTime();
		try {
			return this.retry.send(new Deadline(start, this.requestTimeout),
					(borrowing) -> attempt(borrowing, commands));
		}
		finally {
			this.redisTimer.record(System.nanoTime() - start, TimeUnit.NANOSECONDS);
		}
	}

	List<Reply> attempt(Borrowing borrowing, List<Command> commands) {
		Lease redis;
		try {
			redis = Lease.borrow(this.connectionFactory, borrowing);
		}
		catch (DataAccessException | JedisException ex) {
			return Reply.failedFrom(JedisFailures.of(ex), commands.size());
		}
		try (redis) {
			return this.roundTrips.send(redis, commands, borrowing.deadline());
		}
	}

}
