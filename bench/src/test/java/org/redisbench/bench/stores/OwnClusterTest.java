package org.redisbench.bench.stores;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.redisbench.bench.run.Placement;
import org.redisbench.model.Layout;

import static org.assertj.core.api.Assertions.assertThat;

/** The run's own cluster of three masters: its nodes, flush, snapshots and value sizes, its stop. */
class OwnClusterTest {

	@TempDir
	Path out;

	@Test
	void threeMastersServeTheClusterTopologyAndAreFlushedSnapshottedAndSampled() throws IOException {
		StoreRun run = StoreRun.of(this.out, "--cluster", "3");
		List<Long> pids;
		List<Node> masters;
		try (Stores stores = Stores.open(run.context())) {
			assertThat(stores.topologies()).containsExactly("single", "cluster3");
			assertThat(stores.ownCluster()).isTrue();
			Topology cluster = stores.topology("cluster3");
			masters = cluster.nodes();
			pids = cluster.pids();
			assertThat(masters).hasSize(3).doesNotHaveDuplicates().allMatch((node) -> node.host().equals("127.0.0.1"));
			assertThat(stores.clusterMasters()).isEqualTo(masters);
			assertThat(stores.appClusterNodes())
				.isEqualTo(masters.stream().map(Node::toString).collect(Collectors.joining(",")));
			assertThat(cluster.startedHere()).isTrue();
			assertThat(pids).hasSize(3);
			for (int k = 1; k <= 3; k++) {
				assertThat(run.log()).contains("cluster node " + k + " on " + masters.get(k - 1) + " (pid "
						+ pids.get(k - 1) + ", ");
			}
			RedisCli cli = stores.cli();
			String sets = IntStream.rangeClosed(1, 30).mapToObj((id) -> "SET person_" + id + " " + "v".repeat(id) + "\n")
				.collect(Collectors.joining());
			cli.pipe(cluster.first(), sets, "-c");

			Path rep = Files.createDirectories(run.raw().resolve("v/rep1"));
			StoreSnapshots snapshots = new StoreSnapshots(run.context(), stores);
			snapshots.settleEvictions(cluster, "rep 1");
			snapshots.take(cluster, Layout.STRING_PER_KEY, rep.resolve("add.after"));
			long keys = 0;
			for (int k = 1; k <= 3; k++) {
				assertThat(rep.resolve("add.after.node" + k + ".info.txt")).content().startsWith("# Server\r\n");
				keys += Long.parseLong(Files.readString(rep.resolve("add.after.node" + k + ".dbsize.txt")).strip());
			}
			assertThat(keys).isEqualTo(30);
			snapshots.sampleValueSizes(cluster, Layout.STRING_PER_KEY, rep);
			// Every person's value, whichever master holds it, and no line of redis-cli's redirections.
			assertThat(Files.readAllLines(rep.resolve("add.after.strlen.txt")))
				.containsExactlyElementsOf(IntStream.rangeClosed(1, 30).mapToObj(String::valueOf).toList());

			stores.flush(cluster);
			for (Node master : masters) {
				assertThat(cli.call(master, "DBSIZE")).isEqualTo("0");
			}
		}
		for (int k = 0; k < 3; k++) {
			assertThat(ProcessHandle.of(pids.get(k)).map(ProcessHandle::isAlive)).isNotEqualTo(Optional.of(true));
			assertThat(run.raw().resolve("cluster-node-" + masters.get(k).port() + ".log")).content()
				.contains("Cluster state changed: ok");
		}
	}

	/**
	 * As bench.sh placed its cluster when it sourced cluster.sh: like the private redis-server (its bind address,
	 * arguments, redis-server and redis-cli prefixes, password) unless a CLUSTER_* setting says otherwise.
	 */
	@Test
	void aRunsClusterIsPlacedLikeItsRedisUnlessTheClusterSettingsSayOtherwise() {
		StoreRun run = StoreRun.of(this.out, Optional.of("secret"),
				Map.of("BENCH_REDIS_BIND", "127.0.0.2", "BENCH_REDIS_ARGS", "--maxmemory 1gb", "BENCH_REDIS_EXEC",
						"ip netns exec r", "BENCH_CLIENT_EXEC", "ip netns exec c"),
				"--cluster", "3");
		ClusterSettings placed = OwnCluster.runSettings(run.context(), Map.of());
		assertThat(placed).isEqualTo(new ClusterSettings("127.0.0.2", 30001, Duration.ofMillis(5000),
				List.of("--maxmemory", "1gb"), Duration.ofSeconds(30), Duration.ofSeconds(15), run.context().placement(),
				Optional.of("secret")));
		assertThat(placed.placement().redis()).containsExactly("ip", "netns", "exec", "r");

		ClusterSettings set = OwnCluster.runSettings(run.context(),
				Map.of("CLUSTER_BIND", "127.0.0.3", "CLUSTER_FIRST_PORT", "33001", "CLUSTER_NODE_TIMEOUT", "2000",
						"CLUSTER_REDIS_ARGS", "--io-threads 2", "CLUSTER_START_TIMEOUT", "60", "CLUSTER_STOP_TIMEOUT",
						"5", "CLUSTER_REDIS_EXEC", "ip netns exec cr", "CLUSTER_CLI_EXEC", "ip netns exec cc"));
		assertThat(set).isEqualTo(new ClusterSettings("127.0.0.3", 33001, Duration.ofMillis(2000),
				List.of("--io-threads", "2"), Duration.ofSeconds(60), Duration.ofSeconds(5),
				new Placement(List.of("ip", "netns", "exec", "cr"), run.context().placement().app(),
						List.of("ip", "netns", "exec", "cc")),
				Optional.of("secret")));
	}

}
