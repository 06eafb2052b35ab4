package org.redisbench.test;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.redisbench.processes.RedisServer;
import org.redisbench.test.RunningApp.Answer;
import org.redisbench.testsupport.RedisServerExtension;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the actuator tells whoever reaches the app's port, and what Redis's health writes to the log: the
 * status and the metrics the bench and the container health checks read, but no detail of the machine or of
 * Redis; and a Redis outage logged once when it starts and once when it ends, however often health is asked
 * in between. Each app extends this naming its main class.
 */
@ExtendWith(OutputCaptureExtension.class)
public abstract class HealthContractTest extends AppOnItsOwnRedis {

	private static final int PROBES = 5;

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	@Override
	protected RedisServer redisServer() {
		return redis.server();
	}

	@Test
	void healthOnTheAppPortTellsTheStatusOfEachPartButNoDetail() {
		Answer health = this.app.get("/actuator/health");

		assertThat(health.status()).isEqualTo(200);
		assertThat(health.body()).contains("\"status\":\"UP\"")
			.contains("\"redis\"")
			.doesNotContain("details")
			.doesNotContain("version")
			.doesNotContain(System.getProperty("user.dir"))
			.doesNotContain(System.getProperty("java.io.tmpdir"));
	}

	@Test
	void metricsForTheBenchStayOnTheAppPort() {
		Answer prometheus = this.app.get("/actuator/prometheus");

		assertThat(prometheus.status()).isEqualTo(200);
		assertThat(prometheus.body()).contains("http_server_requests");
	}

	@Test
	void aRedisOutageIsLoggedOnceInOneLineAndItsEndOnce(CapturedOutput output) {
		assertThat(this.app.get("/actuator/health").status()).isEqualTo(200);
		redis.server().stop();

		for (int i = 0; i < PROBES; i++) {
			assertThat(this.app.get("/actuator/health").status()).isEqualTo(503);
		}
		String outage = output.getAll();
		assertThat(redisHealthLines(outage)).as("Redis health log lines during the outage")
			.singleElement()
			.satisfies((line) -> assertThat(line).contains("WARN")
				.contains("DOWN")
				.contains(String.valueOf(redis.port())));
		assertThat(outage).as("the log").doesNotContain("\tat ").doesNotContain("Caused by");

		redis.server().start();
		for (int i = 0; i < PROBES; i++) {
			assertThat(this.app.get("/actuator/health").status()).isEqualTo(200);
		}
		assertThat(redisHealthLines(output.getAll().substring(outage.length())))
			.as("Redis health log lines once it is back")
			.singleElement()
			.satisfies((line) -> assertThat(line).contains("INFO").contains("UP"));
	}

	private static List<String> redisHealthLines(String log) {
		return log.lines().filter((line) -> line.contains("Redis health")).toList();
	}

}
