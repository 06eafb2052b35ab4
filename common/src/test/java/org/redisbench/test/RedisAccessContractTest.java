package org.redisbench.test;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.redisbench.processes.RedisServer;
import org.redisbench.processes.ThrowawayCertificates;
import org.redisbench.testsupport.RedisServerExtension;
import redis.clients.jedis.Jedis;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatException;

/**
 * Each app reaches a Redis that demands a password, an ACL user or TLS with client certificates, through
 * nothing but the standard {@code spring.data.redis.*} and {@code spring.ssl.bundle.*} properties; one that
 * gets the credentials wrong, or meets a Redis whose certificate it must not trust, answers 503 naming why,
 * and never repeats the password. Each app extends this naming its main class.
 */
@ExtendWith(OutputCaptureExtension.class)
public abstract class RedisAccessContractTest {

	@AutoClose
	private static final ThrowawayCertificates certificates = ThrowawayCertificates.generate();

	@RegisterExtension
	static final RedisServerExtension passwordRedis = new RedisServerExtension(RedisServer.withPassword());

	@RegisterExtension
	static final RedisServerExtension aclRedis = new RedisServerExtension(RedisServer.withAclUser("bench"));

	@RegisterExtension
	static final RedisServerExtension tlsRedis = new RedisServerExtension(RedisServer.withTls(certificates));

	protected abstract Class<?> application();

	@Test
	void connectsWithAPassword() {
		assertRefusesStrangers(passwordRedis.server());
		try (RunningApp app = RunningApp.start(application(), passwordRedis.server(), Map.of())) {
			assertServes(app, passwordRedis.server());
		}
	}

	@Test
	void connectsAsAnAclUser() {
		assertRefusesStrangers(aclRedis.server());
		try (RunningApp app = RunningApp.start(application(), aclRedis.server(), Map.of())) {
			assertServes(app, aclRedis.server());
		}
	}

	@Test
	void connectsOverTlsWithAClientCertificate() {
		assertRefusesStrangers(tlsRedis.server());
		try (RunningApp app = RunningApp.start(application(), tlsRedis.server(), certificates.springProperties())) {
			assertServes(app, tlsRedis.server());
		}
	}

	@Test
	void wrongPasswordIsA503NamingTheCauseButNeverThePassword(CapturedOutput output) {
		String wrong = "not-the-password-" + System.nanoTime();
		Map<String, String> properties = new HashMap<>(FaultBounds.PROPERTIES);
		properties.put("spring.data.redis.password", wrong);

		assertRefused(aclRedis.server(), properties, "WRONGPASS");
		assertThat(output.getAll()).as("the log").contains("WRONGPASS").doesNotContain(wrong);
	}

	@Test
	void redisWithACertificateFromAnotherCaIsRefused() {
		try (ThrowawayCertificates otherCa = ThrowawayCertificates.generate()) {
			Map<String, String> properties = new HashMap<>(FaultBounds.PROPERTIES);
			properties.putAll(otherCa.springProperties());

			assertRefused(tlsRedis.server(), properties, "trust anchors");
		}
	}

	@Test
	void redisWithACertificateForAnotherNameIsRefused() {
		try (ThrowawayCertificates otherName = ThrowawayCertificates.generate("DNS:elsewhere.example")) {
			Map<String, String> properties = new HashMap<>(FaultBounds.PROPERTIES);
			properties.putAll(otherName.springProperties());
			RedisServer impostor = RedisServer.withTls(otherName);
			impostor.start();
			try {
				assertRefused(impostor, properties, "subject alternative names");
			}
			finally {
				impostor.discard();
			}
		}
	}

	/** The server really demands what the test says: a client without it gets nowhere. */
	private static void assertRefusesStrangers(RedisServer redis) {
		assertThatException().isThrownBy(() -> {
			try (Jedis stranger = new Jedis("127.0.0.1", redis.port(), 2000)) {
				stranger.set("stranger", "was here");
			}
		});
		assertThat(redis.dbSize()).isZero();
	}

	private static void assertServes(RunningApp app, RedisServer redis) {
		assertThat(app.get("/reset").status()).isEqualTo(200);
		assertThat(app.get("/add").status()).isEqualTo(200);
		assertThat(app.get("/check").status()).isEqualTo(200);
		assertThat(app.get("/save/greeting/hello").status()).isEqualTo(200);
		assertThat(redis.dbSize()).isEqualTo(101);
		RunningApp.Answer health = app.get("/actuator/health");
		assertThat(health.status()).isEqualTo(200);
		assertThat(health.body()).containsPattern("\"redis\":\\{(\"details\":\\{[^}]*},)?\"status\":\"UP\"");
	}

	/**
	 * An app that cannot log in still starts (Redis may come later), but serves nothing: every request is a
	 * 503 within the bound naming why, and health is down.
	 */
	private void assertRefused(RedisServer redis, Map<String, String> properties, String cause) {
		try (RunningApp app = RunningApp.start(application(), redis, properties)) {
			for (String path : List.of("/add", "/checksingle/1", "/save/k/v")) {
				RunningApp.Answer answer = app.get(path);
				assertThat(answer.status()).as(path).isEqualTo(503);
				assertThat(answer.body()).as(path).contains("Redis").contains(cause);
				assertThat(answer.took()).as(path).isLessThan(FaultBounds.ANSWER_WITHIN);
			}
			assertThat(app.get("/actuator/health").status()).isEqualTo(503);
		}
		assertThat(redis.dbSize()).isZero();
	}

}
