package org.redisbench.test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;

import static org.assertj.core.api.Assertions.assertThat;
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

	/** Never twice, and never in the kernel's ephemeral range, where a client connection may take it. */
	@Test
	void freePortNeverHandsOutAPortTwice() {
		Set<Integer> ports = new HashSet<>();
		for (int i = 0; i < 500; i++) {
			int port = ServerProcess.freePort();
			assertThat(ports.add(port)).as("port handed out twice after %d", i).isTrue();
			assertThat(port).isBetween(ServerProcess.FIRST_PORT, ServerProcess.LAST_PORT);
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
