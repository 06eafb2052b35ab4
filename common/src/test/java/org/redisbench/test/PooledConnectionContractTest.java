package org.redisbench.test;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

import io.micrometer.core.instrument.MeterRegistry;
import org.apache.commons.pool2.impl.GenericObjectPoolConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.redisbench.store.RoundTrips;
import org.redisbench.test.RunningApp.Answer;
import org.redisbench.testsupport.Concurrently;
import org.redisbench.testsupport.RedisServerExtension;

import org.springframework.data.redis.connection.jedis.JedisConnectionFactory;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the connection pool costs a request, counted by Redis itself ({@code INFO commandstats}): its
 * commands and no PING, in either mode. And what a Redis restart costs while the app idles with a pool of
 * connections to the old process: no failed request, none slower than {@link FaultBounds#ANSWER_WITHIN}.
 * Each app extends this naming its main class.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class PooledConnectionContractTest {

	/** Concurrent requests, so the pool holds that many connections. */
	private static final int CLIENTS = 8;

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	private final Map<RoundTrips, RunningApp> apps = new EnumMap<>(RoundTrips.class);

	protected abstract Class<?> application();

	@BeforeAll
	void startApps() {
		for (RoundTrips mode : RoundTrips.values()) {
			Map<String, String> properties = new HashMap<>(FaultBounds.PROPERTIES);
			properties.put("bench.mode", mode.name());
			// No background validation: every PING Redis counts would be a request's, and the pool still
			// holds each connection to a killed Redis when the next requests come.
			properties.put("spring.data.redis.jedis.pool.time-between-eviction-runs", "-1ms");
			this.apps.put(mode, RunningApp.start(application(), redis.server(), properties));
		}
	}

	@AfterAll
	void stopApps() {
		this.apps.values().forEach(RunningApp::close);
	}

	@Test
	void idleConnectionsAreValidatedInTheBackgroundNotOnBorrow() {
		GenericObjectPoolConfig<?> pool = this.apps.get(RoundTrips.PER_KEY)
			.context()
			.getBean(JedisConnectionFactory.class)
			.getPoolConfig();

		assertThat(pool.getTestOnBorrow()).isFalse();
		assertThat(pool.getTestWhileIdle()).isTrue();
		assertThat(pool.getNumTestsPerEvictionRun()).as("all idle connections per run").isEqualTo(-1);
	}

	@Test
	void jedisBuffersHoldAPipelinedRequest() {
		// bench.redis-buffer's default, set before the app's first connection (JedisBuffers): 8 KiB, Jedis's own,
		// would write a pipelined request's 100 persons in three calls.
		assertThat(System.getProperty("jedis.bufferSize.output")).isEqualTo("32768");
		assertThat(System.getProperty("jedis.bufferSize.input")).isEqualTo("32768");
	}

	@ParameterizedTest
	@EnumSource(RoundTrips.class)
	void aRequestSendsItsCommandsAndNoPing(RoundTrips mode) throws Exception {
		RunningApp app = this.apps.get(mode);
		assertThat(app.get("/reset").status()).isEqualTo(200);
		// Several pooled connections, which a validation on borrow would PING.
		assertThat(concurrently(app, "/add")).allMatch(Answer::ok);

		Map<String, Long> before = redis.server().commandCalls();
		for (int i = 0; i < 5; i++) {
			assertThat(app.get("/add").status()).isEqualTo(200);
			assertThat(app.get("/check").status()).isEqualTo(200);
			assertThat(app.get("/checksingle/1").status()).isEqualTo(200);
		}
		Map<String, Long> after = redis.server().commandCalls();

		assertThat(calls(after, before, "ping")).as("PINGs").isZero();
		assertThat(calls(after, before, "set")).as("SETs").isEqualTo(500);
		assertThat(calls(after, before, "getrange")).as("GETRANGEs").isEqualTo(505);
	}

	@ParameterizedTest
	@EnumSource(RoundTrips.class)
	void redisRestartedWhileTheAppIdlesFailsNoRequest(RoundTrips mode) throws Exception {
		RunningApp app = this.apps.get(mode);
		assertThat(app.get("/reset").status()).isEqualTo(200);
		assertThat(concurrently(app, "/add")).allMatch(Answer::ok);
		double retriesBefore = staleConnectionRetries(app);

		redis.server().kill();
		redis.server().start();
		List<Answer> answers = new ArrayList<>(concurrently(app, "/add"));
		for (int i = 0; i < CLIENTS; i++) {
			answers.add(app.get("/save/k/v"));
		}

		assertThat(answers).allSatisfy((answer) -> {
			assertThat(answer.status()).as("%s %s", answer.path(), answer.body()).isEqualTo(200);
			assertThat(answer.took()).as("%s took", answer.path()).isLessThan(FaultBounds.ANSWER_WITHIN);
		});
		double resent = staleConnectionRetries(app) - retriesBefore;
		assertThat(resent).as("requests resent on a live connection").isPositive();
		System.out.printf("restart, %s: %d requests, %.0f resent, slowest %d ms%n", mode, answers.size(), resent,
				answers.stream().mapToLong((answer) -> answer.took().toMillis()).max().orElseThrow());
	}

	private static double staleConnectionRetries(RunningApp app) {
		return app.context().getBean(MeterRegistry.class).counter("bench.redis.stale-connection-retries").count();
	}

	/** {@value #CLIENTS} requests for {@code path} at once. */
	private static List<Answer> concurrently(RunningApp app, String path) throws Exception {
		return Concurrently.run(Collections.<Callable<Answer>>nCopies(CLIENTS, () -> app.get(path)));
	}

	private static long calls(Map<String, Long> after, Map<String, Long> before, String command) {
		return after.getOrDefault(command, 0L) - before.getOrDefault(command, 0L);
	}

}
