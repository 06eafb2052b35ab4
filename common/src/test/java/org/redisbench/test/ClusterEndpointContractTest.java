package org.redisbench.test;

import java.util.List;
import java.util.function.LongPredicate;
import java.util.stream.LongStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.redisbench.processes.RedisServer;
import org.redisbench.testsupport.RedisClusterExtension;
import org.redisbench.testsupport.RedisUnderTest;

import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The {@link EndpointContract} against a Redis Cluster of three masters, which the app knows only through
 * {@code spring.data.redis.cluster.nodes}; and what a cluster adds to it: one master going down.
 */
public abstract class ClusterEndpointContractTest extends EndpointContract {

	@RegisterExtension
	static final RedisClusterExtension redis = new RedisClusterExtension(3);

	@DynamicPropertySource
	static void redisProperties(DynamicPropertyRegistry registry) {
		redis.addProperties(registry);
		// No background validation, so every PING the nodes count is a request's.
		registry.add("spring.data.redis.jedis.pool.time-between-eviction-runs", () -> "-1ms");
	}

	@Override
	protected RedisUnderTest redis() {
		return redis;
	}

	/** The cluster client borrows a connection per command: validating each would PING per command. */
	@Test
	void aRequestSendsNoPing() {
		assertThat(get("/add").statusCode()).isEqualTo(200);
		long before = pings();
		for (int i = 0; i < 3; i++) {
			assertThat(get("/add").statusCode()).isEqualTo(200);
			assertThat(get("/check").statusCode()).isEqualTo(200);
		}

		assertThat(pings() - before).isZero();
	}

	private static long pings() {
		return redis.cluster().nodes().stream().mapToLong((node) -> node.commandCalls().getOrDefault("ping", 0L)).sum();
	}

	/**
	 * A master stops and takes its keys with it (no replica, nothing on disk). Its keys fail at once; once
	 * the other masters have noticed, they refuse every command, since the cluster no longer serves all
	 * slots. Nothing that is not stored is answered 200, and the same app recovers when the node is back.
	 */
	@Test
	void oneNodeDownIsA503UntilItIsBackAndWhatItLostIsNotFound() {
		assertThat(get("/add").statusCode()).isEqualTo(200);
		// The node the next /add starts on: with hash buckets, the next 100 persons may all be on other nodes than the first 100.
		RedisServer node = redis.cluster().nodeOf(persons().keyOf(101));
		long lost = firstOfTheFirstHundred((id) -> redis.cluster().nodeOf(persons().keyOf(id)) == node);
		long elsewhere = firstOfTheFirstHundred((id) -> redis.cluster().nodeOf(persons().keyOf(id)) != node);
		node.stop();

		assertUnavailable("/add");
		assertUnavailable("/checksingle/" + lost);
		redis.cluster().awaitState("fail");
		for (String path : List.of("/add", "/check", "/checksingle/" + elsewhere, "/save/k/v")) {
			assertUnavailable(path);
		}
		assertThat(get("/actuator/health").statusCode()).isEqualTo(503);

		redis.cluster().start();
		assertErrorNaming(get("/checksingle/" + lost), 404, String.valueOf(lost));
		assertThat(get("/checksingle/" + elsewhere).statusCode()).isEqualTo(200);
		get("/reset");
		assertThat(get("/add").statusCode()).isEqualTo(200);
		assertThat(get("/check").statusCode()).isEqualTo(200);
	}

	private static long firstOfTheFirstHundred(LongPredicate id) {
		return LongStream.rangeClosed(1, 100).filter(id).findFirst().orElseThrow();
	}

}
