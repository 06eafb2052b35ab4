package org.redisbench.advise;

import java.nio.file.Path;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.redisbench.processes.RedisCluster;
import redis.clients.jedis.RedisClusterClient;

import static org.assertj.core.api.Assertions.assertThat;

/** scripts/advise.sh on a 3-master Redis Cluster: given any node, it scans every master; one down is a refusal. */
@Tag("end-to-end")
class AdviseClusterTest {

	private static final RedisCluster cluster = new RedisCluster(3);

	@TempDir
	static Path folder;

	@AfterAll
	static void discardTheCluster() {
		cluster.discard();
	}

	@Test
	void everyMasterIsScannedAndOneDownRefusesTheRun() {
		cluster.start();
		try (RedisClusterClient client = cluster.client()) {
			for (int i = 1; i <= 300; i++) {
				client.set("{" + i + "}:doc", "value-" + i);
			}
		}
		String node = "redis://127.0.0.1:" + cluster.nodes().get(0).port();
		Advised run = Shell.own().advise(folder.resolve("cluster"), "--uri", node, "--sample", "100", "--encodings",
				"as-is", "--compression", "none", "--layouts", "string-per-key", "--no-cpu");
		assertThat(run.status()).as(run.toString()).isZero();
		assertThat(run.sample().path("matched").asInt()).as("keys matched over every master").isEqualTo(300);
		assertThat(run.sample().path("source_facts").path("masters").asString().split(",")).as("masters scanned")
			.hasSize(3);

		cluster.nodes().get(2).stop();
		Shell.own().advise(folder.resolve("down"), "--uri", node, "--no-cpu").assertRefusedSaying("cluster node");
	}

}
