package org.redisbench.health;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.redisbench.web.PrintableText;

import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.data.redis.connection.RedisClusterConnection;
import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.connection.RedisNode;
import org.springframework.data.redis.connection.jedis.JedisConnectionFactory;
import org.springframework.data.redis.core.RedisConnectionUtils;
import org.springframework.stereotype.Component;

/**
 * Redis's part of {@code /actuator/health}, in place of Spring Boot's, which logs a stack trace at every
 * failed probe: during an outage a container health check or a load balancer asking every few seconds
 * would fill the log with them. This one logs a change of state, once and in one line naming where Redis is
 * expected: down with its cause, and up again with how long it was down. DOWN is still a 503.
 * <p>
 * Redis is up when it answers a PING; a cluster when the node asked reports {@code cluster_state:ok}.
 */
@Component("redisHealthIndicator")
@ConditionalOnProperty(name = "bench.store", havingValue = "redis", matchIfMissing = true)
class RedisHealthIndicator implements HealthIndicator {

	private static final Log logger = LogFactory.getLog(RedisHealthIndicator.class);

	private static final long UP = -1;

	private final RedisConnectionFactory connectionFactory;

	private final String address;

	/** {@link System#nanoTime()} of the probe that first found Redis down, or {@link #UP}. */
	private final AtomicLong downSince = new AtomicLong(UP);

	RedisHealthIndicator(RedisConnectionFactory connectionFactory) {
		this.connectionFactory = connectionFactory;
		this.address = address(connectionFactory);
	}

	/**
	 * The first probe after Redis went away often fails on a pooled connection it closed, whose error names
	 * no address, so the log line names it.
	 */
	private static String address(RedisConnectionFactory connectionFactory) {
		if (!(connectionFactory instanceof JedisConnectionFactory jedis)) {
			return "Redis";
		}
		if (jedis.isRedisClusterAware()) {
			return jedis.getClusterConfiguration()
				.getClusterNodes()
				.stream()
				.map(RedisNode::asString)
				.collect(Collectors.joining(","));
		}
		return jedis.getHostName() + ":" + jedis.getPort();
	}

	@Override
	public Health health() {
		String failure;
		try {
			failure = probe();
		}
		catch (RuntimeException ex) {
			failure = cause(ex);
		}
		if (failure == null) {
			recovered();
			return Health.up().build();
		}
		failed(failure);
		return Health.down().withDetail("error", failure).build();
	}

	/** Why Redis does not serve, or {@code null} when it does. */
	private String probe() {
		RedisConnection connection = RedisConnectionUtils.getConnection(this.connectionFactory);
		try {
			if (connection instanceof RedisClusterConnection cluster) {
				String state = cluster.clusterGetClusterInfo().getState();
				return "ok".equalsIgnoreCase(state) ? null : "cluster_state:" + state;
			}
			connection.ping();
			return null;
		}
		finally {
			RedisConnectionUtils.releaseConnection(connection, this.connectionFactory);
		}
	}

	private void failed(String cause) {
		if (this.downSince.compareAndSet(UP, System.nanoTime())) {
			logger.warn("Redis health DOWN at " + this.address + ": " + cause);
		}
	}

	private void recovered() {
		long since = this.downSince.getAndSet(UP);
		if (since != UP) {
			Duration down = Duration.ofNanos(System.nanoTime() - since);
			logger.info("Redis health UP again at " + this.address + " after " + down.toMillis() / 1000.0 + " s down");
		}
	}

	/**
	 * Every distinct message along the chain of causes, outermost first, in one line: Spring's says what it
	 * tried, Jedis's names the address, the root says why (a refused connection, a wrong password).
	 */
	static String cause(Throwable ex) {
		List<String> messages = new ArrayList<>();
		for (Throwable cause = ex; cause != null; cause = (cause.getCause() == cause) ? null : cause.getCause()) {
			String message = (cause.getMessage() != null) ? cause.getMessage() : cause.getClass().getSimpleName();
			if (messages.stream().noneMatch((earlier) -> earlier.contains(message))) {
				messages.add(message);
			}
		}
		return PrintableText.message(String.join(": ", messages));
	}

}
