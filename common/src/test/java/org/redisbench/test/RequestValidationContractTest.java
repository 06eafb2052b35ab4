package org.redisbench.test;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.redisbench.processes.RedisServer;
import org.redisbench.test.RunningApp.Answer;
import org.redisbench.testsupport.RedisServerExtension;
import redis.clients.jedis.Jedis;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Hostile requests: every path parameter is checked before Redis is touched, {@code /save} is bounded, and
 * no error answer carries a stack trace, an exception's name or a long echo of what the client sent. The
 * endpoint contract covers the ordinary malformed ids; this covers what an attacker would try. Each app
 * extends this naming its main class.
 */
public abstract class RequestValidationContractTest extends AppOnItsOwnRedis {

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	@Override
	protected RedisServer redisServer() {
		return redis.server();
	}

	@Override
	protected Map<String, String> properties() {
		return Map.of();
	}

	@ParameterizedTest
	@ValueSource(strings = { "+5", "0x10", "010", "1e3", "1.0", "%201", "1%20", "%D9%A1%D9%A2", "%EF%BC%91",
			"9223372036854775808", "-9223372036854775808", "%00", "%0A1", "1%2F2", "..%2F..%2Fetc%2Fpasswd",
			"%3Cscript%3Ealert(1)%3C%2Fscript%3E" })
	void malformedIdIsABadRequestThatTouchesNothing(String id) {
		Answer answer = this.app.get("/checksingle/" + id);

		assertThat(answer.status()).isEqualTo(400);
		assertHarmless(answer);
	}

	@Test
	void largestIdIsValid() {
		assertThat(this.app.get("/checksingle/9223372036854775807").status()).isEqualTo(404);
	}

	@Test
	void longMalformedIdIsNotEchoedInFull() {
		Answer answer = this.app.get("/checksingle/" + "9".repeat(5000));

		assertThat(answer.status()).isEqualTo(400);
		assertThat(answer.body()).hasSizeLessThan(200).doesNotContain("9".repeat(41));
	}

	@Test
	void saveAcceptsValuesUpToItsBounds() {
		String key = "k".repeat(255) + "é";

		assertThat(this.app.get("/save/" + key.replace("é", "%C3%A9") + "/" + "v".repeat(4096)).status())
			.isEqualTo(200);
		try (Jedis jedis = redis.server().client()) {
			assertThat(jedis.get(key)).hasSize(4096);
		}
	}

	@ParameterizedTest
	@ValueSource(strings = { "k%0D%0AX-Forged:%201/v", "k/line%0Abreak", "k%00/v", "k/%1B%5B31m" })
	void saveRefusesControlCharacters(String path) {
		Answer answer = this.app.get("/save/" + path);

		assertThat(answer.status()).isEqualTo(400);
		assertHarmless(answer);
		assertThat(redis.server().dbSize()).isZero();
	}

	@Test
	void requestBeyondTheServersLineLimitIsRefused() {
		Answer answer = this.app.get("/save/k/" + "v".repeat(16 * 1024));

		assertThat(answer.status()).isEqualTo(400);
		assertHarmless(answer);
		assertThat(redis.server().dbSize()).isZero();
	}

	@Test
	void errorAnswersCarryNoStackTrace() {
		List<Answer> errors = List.of(this.app.get("/checksingle/abc"), this.app.get("/checksingle/7"),
				this.app.get("/nothing"), this.app.get("/error"), this.app.get("/actuator/env"),
				this.app.get("/save/" + "k".repeat(300) + "/v"));

		assertThat(errors).allSatisfy((answer) -> {
			assertThat(answer.status()).as(answer.path()).isBetween(400, 599);
			assertHarmless(answer);
		});
	}

	private static void assertHarmless(Answer answer) {
		assertThat(answer.body()).as(answer.path())
			.hasSizeLessThan(500)
			.doesNotContain("\tat ")
			.doesNotContain("Exception")
			.doesNotContain("org.springframework")
			.doesNotContain("<script");
	}

}
