package org.redisbench.testsupport;

import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.redisbench.processes.RedisServer;
import redis.clients.jedis.UnifiedJedis;

import static org.assertj.core.api.Assertions.assertThat;

/** A test that crashed the server or left keys in it leaves the next one a running, empty server. */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class RedisServerExtensionTest {

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension(RedisServer.withPassword());

	@Test
	@Order(1)
	void aTestLeavesAKeyAndCrashesTheServer() {
		try (UnifiedJedis client = redis.client()) {
			client.set("left-behind", "by the first test");
		}
		assertThat(redis.dbSize()).isEqualTo(1);

		redis.server().kill();

		assertThat(redis.server().isRunning()).isFalse();
	}

	@Test
	@Order(2)
	void theNextOneFindsItRunningOnItsPortAndEmpty() {
		assertThat(redis.server().isRunning()).isTrue();
		assertThat(redis.port()).isEqualTo(redis.server().port());
		try (UnifiedJedis client = redis.client()) {
			assertThat(client.get("left-behind")).isNull();
			assertThat(client.ping()).isEqualTo("PONG");
		}
		assertThat(redis.dbSize()).isZero();
	}

}
