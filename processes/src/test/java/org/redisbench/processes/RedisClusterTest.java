package org.redisbench.processes;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import redis.clients.jedis.Jedis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * Each test starts clusters of its own on free ports, and mostly waits for them (2 s each before its masters say ok):
 * side by side, the class takes its longest test's time, 5 s, not the sum of all, 10 s.
 */
@Execution(ExecutionMode.CONCURRENT)
class RedisClusterTest {

	@Test
	void aDiscardedClusterLeavesNoFolderBehind() {
		RedisCluster cluster = new RedisCluster(3);
		List<Path> folders;
		try {
			cluster.start();
			folders = folders(cluster);
			assertThat(folders).allSatisfy((folder) -> assertThat(folder).isDirectory());
			try (Jedis node = cluster.nodes().get(0).client()) {
				assertThat(node.clusterInfo()).as("every slot served, by three masters")
					.contains("cluster_slots_ok:16384", "cluster_known_nodes:3", "cluster_size:3");
			}
		}
		finally {
			cluster.discard();
		}

		assertGone(folders);
	}

	/**
	 * Test classes of one app that extend the same cluster contract share its static extension: the second
	 * one starts the cluster the first one discarded, whose nodes kept no cluster layout.
	 */
	@Test
	void aDiscardedClusterStartsAgainAsANewCluster() {
		RedisCluster cluster = new RedisCluster(3);
		try {
			cluster.start();
			cluster.discard();

			cluster.start();

			try (var client = cluster.client()) {
				client.set("key", "value");
				assertThat(client.get("key")).isEqualTo("value");
			}
		}
		finally {
			cluster.discard();
		}
	}

	/** A cluster of one, as a run measures what a key costs in a cluster: every slot served, 127.0.0.1 announced. */
	@Test
	void aClusterOfOneNodeServesEverySlot() {
		try (RedisCluster cluster = RedisCluster.ofOneNode()) {
			cluster.start();

			try (var client = cluster.client()) {
				for (int i = 0; i < 100; i++) {
					client.set("key-" + i, "value");
				}
			}
			assertThat(cluster.dbSize()).isEqualTo(100);
			RedisServer node = cluster.nodes().get(0);
			try (Jedis jedis = node.client()) {
				assertThat(jedis.clusterInfo()).contains("cluster_slots_assigned:16384");
				assertThat(jedis.clusterNodes()).contains("127.0.0.1:" + node.port() + "@");
			}
		}
	}

	@Test
	void aClusterThatCannotBeCreatedLeavesNoFolderBehind() {
		RedisCluster tooSmall = new RedisCluster(2);
		List<Path> folders;
		try {
			assertThatIllegalStateException().isThrownBy(tooSmall::start)
				.withMessageContaining("at least 3 masters");
			folders = folders(tooSmall);
		}
		finally {
			tooSmall.discard();
		}

		assertThat(folders).hasSize(2);
		assertGone(folders);
	}

	private static List<Path> folders(RedisCluster cluster) {
		return cluster.nodes().stream().map(RedisServer::directory).toList();
	}

	private static void assertGone(List<Path> folders) {
		assertThat(folders).allSatisfy((folder) -> assertThat(Files.exists(folder)).as(folder + " removed").isFalse());
	}

}
