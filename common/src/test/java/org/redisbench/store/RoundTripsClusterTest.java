package org.redisbench.store;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.LongStream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.redisbench.model.Layout;
import org.redisbench.testsupport.RedisClusterExtension;
import org.redisbench.processes.RedisServer;
import redis.clients.jedis.Jedis;

import org.springframework.data.redis.connection.RedisClusterConfiguration;
import org.springframework.data.redis.connection.jedis.JedisClientConfiguration;
import org.springframework.data.redis.connection.jedis.JedisConnectionFactory;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * How a request's commands travel to a Redis Cluster, counted where it shows: the read events of each node
 * ({@code total_reads_processed}), one per round trip that reaches it. Connections are not validated on
 * borrow here, so that every round trip counted is a request's.
 */
class RoundTripsClusterTest {

	private static final Duration TIMEOUT = Duration.ofSeconds(1);

	private static final int LIMIT = 1024;

	@RegisterExtension
	static final RedisClusterExtension redis = new RedisClusterExtension(3);

	private JedisConnectionFactory factory;

	@BeforeEach
	void connect() {
		RedisClusterConfiguration cluster = new RedisClusterConfiguration(
				List.of(redis.cluster().nodeAddresses().split(",")));
		this.factory = new JedisConnectionFactory(cluster,
				JedisClientConfiguration.builder().readTimeout(TIMEOUT).connectTimeout(TIMEOUT).usePooling().build());
		this.factory.afterPropertiesSet();
		this.factory.start();
	}

	@AfterEach
	void disconnect() {
		this.factory.destroy();
	}

	@Test
	void pipelineTakesOneRoundTripPerNode() {
		List<Command> sets = commands((id) -> new Command.Set(Layout.personKey(id), value(id)));
		send(RoundTrips.PIPELINE, sets);

		Map<RedisServer, Long> roundTrips = roundTrips(() -> assertThat(send(RoundTrips.PIPELINE, sets)).hasSize(100)
			.containsOnly(Reply.OK));

		assertThat(roundTrips).hasSize(3).allSatisfy((node, count) -> assertThat(count).isEqualTo(1));
		List<Reply> values = send(RoundTrips.PIPELINE, commands((id) -> new Command.Read(Layout.personKey(id), LIMIT)));
		for (int i = 0; i < 100; i++) {
			assertThat(bytes(values.get(i))).isEqualTo(value(i + 1));
		}
	}

	@Test
	void perKeyTakesOneRoundTripPerCommand() {
		List<Command> sets = commands((id) -> new Command.Set(Layout.personKey(id), value(id)));
		send(RoundTrips.PER_KEY, sets);
		Map<RedisServer, Long> keys = new HashMap<>();
		LongStream.rangeClosed(1, 100).forEach((id) -> keys.merge(redis.cluster().nodeOf("person_" + id), 1L, Long::sum));

		Map<RedisServer, Long> roundTrips = roundTrips(
				() -> assertThat(send(RoundTrips.PER_KEY, sets)).hasSize(100).containsOnly(Reply.OK));

		assertThat(roundTrips).isEqualTo(keys);
	}

	@Test
	void pipelineSendsNothingWhenANodeCannotBeReached() {
		List<Command> sets = commands((id) -> new Command.Set(Layout.personKey(id), value(id)));
		RedisServer node = redis.cluster().nodeOf("person_1");
		List<RedisServer> nodes = LongStream.rangeClosed(1, 100)
			.mapToObj((id) -> redis.cluster().nodeOf("person_" + id))
			.toList();
		node.stop();

		List<Reply> replies = send(RoundTrips.PIPELINE, sets);

		assertThat(replies).hasSize(100);
		for (int i = 0; i < 100; i++) {
			if (nodes.get(i) == node) {
				assertThat(replies.get(i)).isInstanceOfSatisfying(Reply.NoReply.class,
						(noReply) -> assertThat(noReply.why()).isEqualTo(Reply.NoReply.Why.CANNOT_CONNECT));
			}
			else {
				assertThat(replies.get(i)).isInstanceOf(Reply.NotSent.class);
			}
		}
		assertThat(redis.cluster().nodes().stream().filter((other) -> other != node).mapToLong(RedisServer::dbSize).sum())
			.as("keys on the nodes that are up")
			.isZero();
	}

	@Test
	void pipelineAnswersTheKeysOfANodeThatDoesNotReplyWithAConnectionFailure() throws InterruptedException {
		send(RoundTrips.PIPELINE, commands((id) -> new Command.Set(Layout.personKey(id), value(id))));
		RedisServer node = redis.cluster().nodeOf("person_1");
		Duration pause = TIMEOUT.multipliedBy(3);
		long pausedUntil = System.nanoTime() + pause.toNanos();
		try (Jedis jedis = node.client()) {
			jedis.clientPause(pause.toMillis());
		}

		long start = System.nanoTime();
		List<Reply> replies = send(RoundTrips.PIPELINE, commands((id) -> new Command.Read(Layout.personKey(id), LIMIT)));

		assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(pause);
		assertThat(replies).hasSize(100);
		for (int i = 0; i < 100; i++) {
			if (redis.cluster().nodeOf("person_" + (i + 1)) == node) {
				assertThat(replies.get(i)).isInstanceOfSatisfying(Reply.NoReply.class,
						(noReply) -> assertThat(noReply.why()).isEqualTo(Reply.NoReply.Why.TIMED_OUT));
			}
			else {
				assertThat(bytes(replies.get(i))).isEqualTo(value(i + 1));
			}
		}
		// Redis 7.0 holds even CLIENT UNPAUSE until the pause is over.
		Thread.sleep(Math.max(0, (pausedUntil - System.nanoTime()) / 1_000_000) + 100);
	}

	@Test
	void pipelineTranslatesAnErrorReply() {
		try (Jedis jedis = redis.cluster().nodeOf("person_5").client()) {
			jedis.rpush("person_5", "a list");
		}

		List<Reply> replies = send(RoundTrips.PIPELINE, commands((id) -> new Command.Read(Layout.personKey(id), LIMIT)));

		assertThat(replies).hasSize(100);
		assertThat(replies.get(4)).isInstanceOfSatisfying(Reply.Refusal.class, (refusal) -> {
			assertThat(refusal.kind()).isEqualTo(Reply.Refusal.Kind.WRONG_TYPE);
			assertThat(refusal.message()).contains("WRONGTYPE");
		});
		assertThat(replies.subList(5, 100)).allSatisfy((reply) -> assertThat(bytes(reply)).as("no key").isEmpty());
	}

	@ParameterizedTest
	@EnumSource(RoundTrips.class)
	void aValueIsReadNoFurtherThanOneByteOverTheLimit(RoundTrips mode) {
		byte[] large = new byte[1024 * 1024];
		try (Jedis jedis = redis.cluster().nodeOf("person_3").client()) {
			jedis.set(Layout.personKey(3), large);
		}

		List<Reply> replies = send(mode, commands((id) -> new Command.Read(Layout.personKey(id), LIMIT)));

		assertThat(bytes(replies.get(2))).hasSize(LIMIT + 1);
	}

	private List<Reply> send(RoundTrips roundTrips, List<Command> commands) {
		Deadline deadline = Deadline.in(Duration.ofSeconds(30));
		try (Lease redis = Lease.borrow(this.factory, Borrowing.pooled(deadline))) {
			return roundTrips.send(redis, commands, deadline);
		}
	}

	private static byte[] bytes(Reply reply) {
		return ((Reply.Value) reply).bytes();
	}

	private static List<Command> commands(Function<Long, Command> command) {
		List<Command> commands = new ArrayList<>();
		LongStream.rangeClosed(1, 100).forEach((id) -> commands.add(command.apply(id)));
		return commands;
	}

	private static byte[] value(long id) {
		return ("value " + id).getBytes(StandardCharsets.US_ASCII);
	}

	/** Round trips per node while the action runs, read on a connection opened before it. */
	private static Map<RedisServer, Long> roundTrips(Runnable action) {
		Map<RedisServer, Jedis> clients = new HashMap<>();
		Map<RedisServer, Long> before = new HashMap<>();
		try {
			for (RedisServer node : redis.cluster().nodes()) {
				Jedis jedis = node.client();
				clients.put(node, jedis);
				before.put(node, readsProcessed(jedis));
			}
			action.run();
			Map<RedisServer, Long> roundTrips = new HashMap<>();
			// Less one: the INFO that reads the count is a read event too.
			clients.forEach((node, jedis) -> roundTrips.put(node, readsProcessed(jedis) - before.get(node) - 1));
			return roundTrips;
		}
		finally {
			clients.values().forEach(Jedis::close);
		}
	}

	private static long readsProcessed(Jedis jedis) {
		return jedis.info("stats")
			.lines()
			.filter((line) -> line.startsWith("total_reads_processed:"))
			.map((line) -> Long.parseLong(line.substring(line.indexOf(':') + 1).trim()))
			.findFirst()
			.orElseThrow();
	}

}
