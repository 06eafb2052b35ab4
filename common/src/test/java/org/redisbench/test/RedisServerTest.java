package org.redisbench.test;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;

import static org.assertj.core.api.Assertions.assertThat;

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

}
