package org.redisbench.processes;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisClientConfig;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

class RedisServerTest {

	@Test
	void aDiscardedServerLeavesNoFolderBehind() {
		RedisServer server = RedisServer.withPassword();
		server.start();
		Path directory;
		try (Jedis jedis = server.client()) {
			directory = Path.of(jedis.configGet("dir").get("dir"));
		}
		assertThat(directory.resolve("redis.conf")).as("its config, holding the password").exists();

		server.discard();

		assertThat(server.isRunning()).isFalse();
		assertThat(Files.exists(directory)).as(directory + " removed").isFalse();
	}

	@Test
	void aGivenPasswordWithWhatAConfigFileCouldMistakeIsDemandedAsGiven() {
		String password = "a\"b\\ c#d'e\u00e9";
		assertThat(RedisServer.quoted(password)).isEqualTo("\"a\\x22b\\x5c\\x20c\\x23d\\x27e\\xc3\\xa9\"");
		try (RedisServer server = RedisServer.withGivenPassword(password)) {
			server.start();
			try (Jedis jedis = server.client()) {
				assertThat(jedis.ping()).as("logged in with the password as given").isEqualTo("PONG");
			}
			JedisClientConfig cut = DefaultJedisClientConfig.builder().password(password.substring(0, 1)).build();
			assertThatException().as("the password cut at its first quote").isThrownBy(() -> {
				try (Jedis jedis = new Jedis(new HostAndPort("127.0.0.1", server.port()), cut)) {
					jedis.ping();
				}
			});
		}
	}

	@Test
	void aServerWhosePortAnotherRedisHoldsRefusesToStart() throws Exception {
		RedisServer server = new RedisServer();
		Process other = new ProcessBuilder("redis-server", "--port", String.valueOf(server.port()), "--bind",
				"127.0.0.1", "--save", "", "--appendonly", "no").redirectErrorStream(true)
			.redirectOutput(ProcessBuilder.Redirect.DISCARD)
			.start();
		try {
			awaitPong(server.port());

			assertThatIllegalStateException().isThrownBy(server::start)
				.withMessageContaining("port " + server.port() + " is served by another process");
			assertThat(server.isRunning()).isFalse();
		}
		finally {
			other.destroy();
			other.waitFor(10, TimeUnit.SECONDS);
			server.discard();
		}
	}

	@Test
	void anAclServerServesItsUserAndRefusesTheDefaultOne() {
		RedisServer server = RedisServer.withAclUser("bench");
		try {
			server.start();

			try (Jedis jedis = server.client()) {
				assertThat(jedis.aclWhoAmI()).isEqualTo("bench");
			}
			try (Jedis stranger = new Jedis("127.0.0.1", server.port())) {
				assertThatException().isThrownBy(stranger::ping).withMessageContaining("NOAUTH");
			}
		}
		finally {
			server.discard();
		}
	}

	@Test
	void aTlsServerServesAClientWithItsCertificatesAndRefusesOneOfAnotherCa() {
		try (ThrowawayCertificates certificates = ThrowawayCertificates.generate();
				ThrowawayCertificates otherCa = ThrowawayCertificates.generate()) {
			RedisServer server = RedisServer.withTls(certificates);
			try {
				server.start();

				try (Jedis jedis = server.client()) {
					assertThat(jedis.ping()).isEqualTo("PONG");
				}
				JedisClientConfig stranger = DefaultJedisClientConfig.builder()
					.ssl(true)
					.sslSocketFactory(otherCa.clientContext().getSocketFactory())
					.build();
				assertThatException().isThrownBy(() -> {
					try (Jedis jedis = new Jedis(new HostAndPort("127.0.0.1", server.port()), stranger)) {
						jedis.ping();
					}
				}).withStackTraceContaining("PKIX path validation failed");
			}
			finally {
				server.discard();
			}
		}
	}

	private static void awaitPong(int port) {
		for (int attempt = 0; attempt < 100; attempt++) {
			try (Jedis jedis = new Jedis("127.0.0.1", port)) {
				jedis.ping();
				return;
			}
			catch (RuntimeException ex) {
				Waits.sleep(50);
			}
		}
		throw new IllegalStateException("the other redis-server did not answer on port " + port + " within 5 s");
	}

}
