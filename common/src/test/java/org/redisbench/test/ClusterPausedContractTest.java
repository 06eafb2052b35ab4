package org.redisbench.test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.redisbench.processes.RedisServer;
import org.redisbench.processes.Waits;
import org.redisbench.test.RunningApp.Answer;
import org.redisbench.testsupport.RedisClusterExtension;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.args.ClientPauseMode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A pipelined request touches every master of a cluster; with all of them paused it is still answered 503
 * within the documented bound, {@code bench.request-timeout} plus one Redis timeout, however many masters
 * there are: four here, each of which could take a whole Redis timeout if read one after another. Each app
 * extends this naming its main class.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class ClusterPausedContractTest {

	/** Longer than a Redis timeout per master and both requests, so neither meets a master that answers. */
	private static final Duration PAUSE = Duration.ofSeconds(10);

	@RegisterExtension
	static final RedisClusterExtension redis = new RedisClusterExtension(4);

	private long pausedUntil;

	protected abstract Class<?> application();

	@Test
	void everyMasterPausedIsA503WithinTheBound() {
		Map<String, String> properties = new HashMap<>(FaultBounds.PROPERTIES);
		properties.put("spring.data.redis.cluster.nodes", redis.cluster().nodeAddresses());
		properties.put("bench.mode", "pipeline");
		try (RunningApp app = RunningApp.start(application(), redis.cluster().nodes().get(0), properties)) {
			// A pooled connection to every master, as under load.
			assertThat(app.get("/add").status()).isEqualTo(200);
			this.pausedUntil = System.nanoTime() + PAUSE.toNanos();
			for (RedisServer node : redis.cluster().nodes()) {
				try (Jedis admin = node.client()) {
					admin.clientPause(PAUSE.toMillis(), ClientPauseMode.ALL);
				}
			}

			List<Answer> answers = new ArrayList<>();
			answers.add(app.get("/add"));
			answers.add(app.get("/check"));

			assertThat(answers).allSatisfy((answer) -> {
				assertThat(answer.status()).as(answer.path()).isEqualTo(503);
				assertThat(answer.body()).as(answer.path()).contains("Redis");
				assertThat(answer.took()).as("%s took", answer.path()).isLessThan(FaultBounds.PAUSED_ANSWER_WITHIN);
			});
		}
	}

	/** Redis 7.0 holds even {@code CLIENT UNPAUSE} until the pause is over. */
	@AfterEach
	void awaitTheEndOfThePause() {
		Waits.sleep(Math.max(0, (this.pausedUntil - System.nanoTime()) / 1_000_000) + 100);
	}

}
