package org.redisbench.test;

import java.util.Map;

import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import redis.clients.jedis.Jedis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatException;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * Each app reaches a Redis that demands a password, an ACL user or TLS with client certificates, through
 * nothing but the standard {@code spring.data.redis.*} and {@code spring.ssl.bundle.*} properties; one that
 * gets the credentials or the trust wrong does not start, and says why. Each app extends this naming its
 * main class.
 */
public abstract class RedisAccessContractTest {

	private static final TestCertificates certificates = TestCertificates.generate();

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
	void wrongPasswordStopsTheAppAtStartNamingTheCauseButNotThePassword() {
		String wrong = "not-the-password-" + System.nanoTime();

		assertRefusedAtStart(aclRedis.server(), Map.of("spring.data.redis.password", wrong), "WRONGPASS", wrong);
	}

	@Test
	void redisWithACertificateFromAnotherCaStopsTheAppAtStart() {
		TestCertificates stranger = TestCertificates.generate();

		assertRefusedAtStart(tlsRedis.server(), stranger.springProperties(), "PKIX", null);
	}

	@Test
	void redisWithACertificateForAnotherNameStopsTheAppAtStart() {
		TestCertificates otherName = TestCertificates.generate("DNS:elsewhere.example");
		RedisServer impostor = RedisServer.withTls(otherName);
		impostor.start();
		try {
			assertRefusedAtStart(impostor, otherName.springProperties(), "127.0.0.1", null);
		}
		finally {
			impostor.stop();
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
	 * The connection pool is filled at start, so an app that cannot log in fails fast, before it takes a
	 * request; its error must say why, and must not repeat the secret it was given.
	 */
	private void assertRefusedAtStart(RedisServer redis, Map<String, String> properties, String cause, String secret) {
		Throwable failure = catchThrowable(() -> RunningApp.start(application(), redis, properties).close());

		assertThat(failure).as("the app started").isNotNull();
		StringBuilder messages = new StringBuilder();
		for (Throwable ex = failure; ex != null; ex = ex.getCause()) {
			messages.append(ex).append('\n');
		}
		assertThat(messages).contains(cause);
		if (secret != null) {
			assertThat(messages).doesNotContain(secret);
		}
	}

}
