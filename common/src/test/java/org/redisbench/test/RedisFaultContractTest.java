package org.redisbench.test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.redisbench.processes.RedisServer;
import org.redisbench.processes.Waits;
import org.redisbench.test.RunningApp.Answer;
import org.redisbench.testsupport.RedisServerExtension;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.args.ClientPauseMode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.redisbench.test.FaultLoad.assertAllAnsweredWithin;
import static org.redisbench.test.FaultLoad.assertEveryIdOfEvery200IsIntact;
import static org.redisbench.test.FaultLoad.concurrently;
import static org.redisbench.test.FaultLoad.select;
import static org.redisbench.test.FaultLoad.underLoad;

/**
 * An app under load keeps telling the truth while Redis is killed and restarted, paused, or full: every
 * answer comes within {@link FaultBounds#ANSWER_WITHIN} (paused: {@link FaultBounds#PAUSED_ANSWER_WITHIN}),
 * none is a 2xx it cannot back, each failure names its cause, health still answers, and the same app
 * serves again once Redis does. Redis keeps an
 * append-only file here, so a write it confirmed survives its crash and a test can check every id of every
 * 200 afterwards. Each app extends this naming its main class.
 */
public abstract class RedisFaultContractTest extends AppOnItsOwnRedis {

	/**
	 * Every write Redis confirmed must survive the SIGKILL, so that what a 200 claimed can be read back.
	 * With the default {@code appendfsync everysec}, Redis holds back its AOF write while a slow fsync is
	 * still running and replies anyway, so a loaded disk lost confirmed writes here ("person 3901: not
	 * found" after a 200); {@code always} writes and syncs before it replies.
	 */
	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension("--appendonly", "yes", "--appendfsync",
			"always");

	@Override
	protected RedisServer redisServer() {
		return redis.server();
	}

	@BeforeEach
	void reset() {
		assertThat(this.app.get("/reset").status()).isEqualTo(200);
	}

	@Test
	void redisKilledUnderLoadFailsEveryRequestInTheOutageLosesNoConfirmedWriteAndRecovers() throws Exception {
		// When Redis was killed, when it was started again, and when it first answered.
		long[] marks = new long[3];
		List<Answer> answers = underLoad(this.app, "/add", () -> {
			Waits.sleep(1000);
			marks[0] = System.nanoTime();
			redis.server().kill();
			Waits.sleep(3000);
			marks[1] = System.nanoTime();
			redis.server().start();
			marks[2] = System.nanoTime();
			Waits.sleep(2000);
		});
		long killed = marks[0];
		long restarting = marks[1];
		long back = marks[2];

		assertAllAnsweredWithin(answers, FaultBounds.ANSWER_WITHIN);
		assertThat(select(answers, (a) -> a.endNanos() < killed)).as("before the kill").anyMatch(Answer::ok);
		List<Answer> inOutage = select(answers, (a) -> a.startNanos() > killed && a.endNanos() < restarting);
		assertThat(inOutage).as("requests wholly inside the outage").isNotEmpty().allSatisfy((answer) -> {
			assertThat(answer.status()).isEqualTo(503);
			assertThat(answer.body()).contains("Redis");
		});
		List<Answer> afterwards = select(answers, (a) -> a.startNanos() > back);
		assertThat(afterwards).as("requests after Redis is back, same app").isNotEmpty().allMatch(Answer::ok);
		assertEveryIdOfEvery200IsIntact(this.app, answers);
		System.out.printf("outage: %d requests, %d failed, recovered %.2f s after Redis was back%n", answers.size(),
				answers.stream().filter((a) -> !a.ok()).count(),
				(afterwards.get(0).endNanos() - back) / 1e9);
	}

	@Test
	void writesPausedAreA503WithinTheBoundAndStoreNothingWhileReadsAndHealthGoOn() throws Exception {
		assertThat(this.app.get("/add").status()).isEqualTo(200);
		assertThat(this.app.get("/add").status()).isEqualTo(200);

		List<Answer> answers;
		try (Jedis admin = redis.server().client()) {
			admin.clientPause(4000, ClientPauseMode.WRITE);
			answers = concurrently(this.app, "/add", "/add", "/add", "/check", "/checksingle/150", "/actuator/health");
			// DBSIZE is a read, so it is served during a write pause.
			assertThat(admin.dbSize()).as("keys while writes are paused").isEqualTo(200);
			admin.clientUnpause();
		}

		assertAllAnsweredWithin(answers, FaultBounds.PAUSED_ANSWER_WITHIN);
		assertThat(select(answers, (a) -> a.path().equals("/add"))).hasSize(3).allSatisfy((answer) -> {
			assertThat(answer.status()).isEqualTo(503);
			assertThat(answer.body()).contains("Redis");
		});
		assertThat(select(answers, (a) -> !a.path().equals("/add"))).allMatch(Answer::ok);
		assertThat(this.app.get("/add").status()).as("after the pause").isEqualTo(200);
		assertEveryIdOfEvery200IsIntact(this.app, answers);
	}

	@Test
	void redisPausedForEveryoneIsA503WithinTheBoundAndHealthStillAnswers() throws Exception {
		assertThat(this.app.get("/add").status()).isEqualTo(200);

		List<Answer> answers;
		try (Jedis admin = redis.server().client()) {
			admin.clientPause(4000, ClientPauseMode.ALL);
			answers = concurrently(this.app, "/add", "/check", "/checksingle/1", "/save/k/v", "/actuator/health");
			admin.clientUnpause();
		}

		assertAllAnsweredWithin(answers, FaultBounds.PAUSED_ANSWER_WITHIN);
		assertThat(answers).allSatisfy((answer) -> {
			assertThat(answer.status()).as(answer.path()).isEqualTo(503);
			if (!answer.path().startsWith("/actuator")) {
				assertThat(answer.body()).as(answer.path()).contains("Redis");
			}
		});
		assertThat(this.app.get("/checksingle/1").status()).as("after the pause").isEqualTo(200);
		assertThat(this.app.get("/add").status()).as("after the pause").isEqualTo(200);
	}

	@Test
	void fullRedisIsA503NamingTheCauseStoresNothingMoreAndStillServesReads() {
		List<Answer> answers = new ArrayList<>();
		try (Jedis admin = redis.server().client()) {
			admin.configSet("maxmemory-policy", "noeviction");
			admin.configSet("maxmemory", String.valueOf(usedMemory(admin) + 256 * 1024));
			try {
				Answer add;
				do {
					add = this.app.get("/add");
					answers.add(add);
				}
				while (add.ok() && answers.size() < 500);
				assertThat(add.status()).as("first /add refused").isEqualTo(503);
				assertThat(add.body()).contains("OOM");
				// Freed client buffers can bring used_memory back under a limit just reached and let a
				// write in; a limit far below keeps Redis full, so any key that still appears is the app's.
				admin.configSet("maxmemory", "1");
				long keysWhenFull = admin.dbSize();

				for (int i = 0; i < 5; i++) {
					Answer refused = this.app.get("/add");
					answers.add(refused);
					assertThat(refused.status()).isEqualTo(503);
					assertThat(refused.body()).contains("OOM");
				}
				assertThat(admin.dbSize()).as("keys after more writes to a full Redis").isEqualTo(keysWhenFull);
				long confirmed = answers.stream().filter(Answer::ok).count();
				assertThat(keysWhenFull).as("keys of the 200s, and part of the refused batch at most")
					.isBetween(confirmed * 100, confirmed * 100 + 99);
				assertThat(this.app.get("/check").status()).as("reads of a full Redis").isEqualTo(200);
				assertThat(this.app.get("/actuator/health").status()).isEqualTo(200);
				assertEveryIdOfEvery200IsIntact(this.app, answers);
			}
			finally {
				admin.configSet("maxmemory", "0");
			}
		}
		assertThat(this.app.get("/add").status()).as("once Redis has room again").isEqualTo(200);
	}

	private static long usedMemory(Jedis admin) {
		return admin.info("memory")
			.lines()
			.filter((line) -> line.startsWith("used_memory:"))
			.mapToLong((line) -> Long.parseLong(line.substring("used_memory:".length()).trim()))
			.findFirst()
			.orElseThrow();
	}

}
