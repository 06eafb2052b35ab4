package org.redisbench.test;

import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.redisbench.test.RunningApp.Answer;
import org.redisbench.testsupport.RedisServerExtension;
import redis.clients.jedis.Jedis;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code bench.id-range} (bench.sh --step-keys N): the ids of /add and /check wrap over 1..N, so that past the first N
 * persons the keyspace no longer grows, and /check verifies the persons /add wrote. The codec plays no part in the
 * ids, so one app, string-app, extends this naming its main class.
 */
public abstract class IdRangeContractTest {

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	protected abstract Class<?> application();

	@Test
	void addPastTheRangeOverwritesItsPersonsAndTheKeyspaceStaysAtIt() {
		try (RunningApp app = RunningApp.start(application(), redis.server(), Map.of("bench.id-range", "300"));
				Jedis jedis = redis.server().client()) {
			jedis.flushAll();
			List<Answer> adds = IntStream.range(0, 5).mapToObj((n) -> app.get("/add")).toList();
			assertThat(adds).allSatisfy((add) -> assertThat(add.status()).as(add.body()).isEqualTo(200));
			assertThat(adds.stream().map(Answer::personIds)).containsExactly("1-100", "101-200", "201-300", "1-100",
					"101-200");
			assertThat(jedis.dbSize()).as("a key per person, 300 of them after 500 written").isEqualTo(300);
			assertThat(jedis.exists("person_301")).isFalse();

			List<Answer> checks = IntStream.range(0, 4).mapToObj((n) -> app.get("/check")).toList();
			assertThat(checks).allSatisfy((check) -> assertThat(check.status()).as(check.body()).isEqualTo(200));
			assertThat(checks.get(3).personIds()).isEqualTo("1-100");
		}
	}

}
