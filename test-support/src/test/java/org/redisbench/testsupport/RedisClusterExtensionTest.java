package org.redisbench.testsupport;

import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.redisbench.processes.RedisServer;
import redis.clients.jedis.UnifiedJedis;

import static org.assertj.core.api.Assertions.assertThat;

/** A test that stopped a node or left keys leaves the next one a whole cluster, ok and empty. */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class RedisClusterExtensionTest {

	@RegisterExtension
	static final RedisClusterExtension cluster = new RedisClusterExtension(3);

	@Test
	@Order(1)
	void aTestLeavesKeysAndStopsANode() {
		try (UnifiedJedis client = cluster.client()) {
			for (int i = 0; i < 30; i++) {
				client.set("key-" + i, "left behind");
			}
		}
		assertThat(cluster.dbSize()).isEqualTo(30);

		cluster.cluster().nodeOf("key-0").stop();
	}

	@Test
	@Order(2)
	void theNextOneFindsEveryNodeRunningAndTheClusterEmpty() {
		assertThat(cluster.cluster().nodes()).allMatch(RedisServer::isRunning);
		assertThat(cluster.dbSize()).isZero();
		try (UnifiedJedis client = cluster.client()) {
			client.set("key-0", "served again");
			assertThat(client.get("key-0")).isEqualTo("served again");
		}
	}

}
