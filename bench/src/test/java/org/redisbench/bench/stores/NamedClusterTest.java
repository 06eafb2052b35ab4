package org.redisbench.bench.stores;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.redisbench.commandline.Refusal;
import org.redisbench.testsupport.RedisClusterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A Redis Cluster the run did not start (--cluster-nodes): its masters found from a seed, flushed when allowed. */
class NamedClusterTest {

	@RegisterExtension
	static final RedisClusterExtension cluster = new RedisClusterExtension(3);

	@TempDir
	Path out;

	@Test
	void itsSlotMastersAreTheTopologysNodes() {
		String addresses = cluster.cluster().nodeAddresses();
		StoreRun run = StoreRun.of(this.out, "--cluster-nodes", addresses, "--allow-flush");
		try (Stores stores = Stores.open(run.context())) {
			assertThat(stores.topologies()).containsExactly("single", "cluster3");
			assertThat(stores.ownCluster()).isFalse();
			assertThat(stores.appClusterNodes()).isEqualTo(addresses);
			Topology named = stores.topology("cluster3");
			assertThat(named.nodes()).map(Node::toString).containsExactlyInAnyOrder(addresses.split(","));
			assertThat(named.startedHere()).isFalse();
			assertThat(named.pids()).isEmpty();
			assertThat(run.log()).contains("named Redis Cluster at " + addresses + ": 3 masters ")
				.contains(" (will be FLUSHALLed)");
			stores.cli().pipe(named.first(), "SET a 1\nSET b 2\nSET c 3\n", "-c");
			assertThat(cluster.dbSize()).isEqualTo(3);
			stores.flush(named);
			assertThat(cluster.dbSize()).isZero();
		}
	}

	@Test
	void hashBucketsAreRefusedOnItsMastersWhereBucketsWouldNotStayListpacks() {
		StoreRun run = StoreRun.of(this.out, Optional.empty(), Map.of(), "--cluster-nodes",
				cluster.cluster().nodeAddresses(), "--allow-flush", "--layouts", "hash-bucket");
		assertThatThrownBy(() -> Stores.checkLayouts(run.context())).isInstanceOf(Refusal.class)
			.hasMessageContaining("needs hash-max-listpack-value >= 512 on 127.0.0.1:");
	}

	@Test
	void theSlotMastersOfAClusterNodesReplyAreTheMastersThatServeSlots() {
		String reply = """
				a1 127.0.0.1:30001@40001 myself,master - 0 0 1 connected 0-5460
				a2 127.0.0.1:30002@40002,node-2.example master - 0 1 2 connected 5461-10922
				a3 127.0.0.1:30003@40003 master,fail - 0 1 3 connected 10923-16383
				a4 127.0.0.1:30004@40004 master - 0 1 4 connected
				a5 127.0.0.1:30005@40005 slave a1 0 1 1 connected
				""";
		assertThat(Stores.slotMasters(reply)).containsExactly(new Node("127.0.0.1", 30001),
				new Node("127.0.0.1", 30002));
	}

}
