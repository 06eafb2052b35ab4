package org.redisbench.bench.stores;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
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

}
