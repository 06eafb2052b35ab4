package org.redisbench.bench.phases;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.redisbench.bench.stores.Node;
import org.redisbench.bench.stores.Topology;
import org.redisbench.commandline.Failure;
import org.redisbench.processes.RedisCluster;
import org.redisbench.testsupport.RedisClusterExtension;
import org.redisbench.testsupport.RedisServerExtension;
import org.redisbench.tooloutput.RedisBenchmarkOutput;

class RedisBenchmarkTest {

	@RegisterExtension
	static final RedisServerExtension REDIS = new RedisServerExtension();

	@RegisterExtension
	static final RedisClusterExtension CLUSTER = new RedisClusterExtension(3);

	private static final String LABEL = "rep 1/1 variant 1/1 string-per-key-none-single";

	private static final Map<String, String> FEW_REQUESTS = Map.of("BENCH_REDIS_BENCH_REQUESTS", "2000");

	@TempDir
	Path dir;

	@Test
	void setAndGetAtTheMeanValueSizeTheAppWrote() throws IOException {
		// 0 is a person not found: not a value of 0 bytes.
		Files.writeString(this.dir.resolve("add.after.strlen.txt"), "100\n0\n201\n");
		TestRuns runs = new TestRuns(this.dir, FEW_REQUESTS);
		RedisBenchmark.run(runs.context(), single(REDIS.port()), this.dir, 4, LABEL);
		assertThat(this.dir.resolve("redis-benchmark.args")).hasContent("requests=2000\nclients=4\nvalue_bytes=151");
		assertThat(this.dir.resolve("redis-benchmark.exit")).hasContent("0");
		List<RedisBenchmarkOutput.Test> tests = RedisBenchmarkOutput.read(this.dir.resolve("redis-benchmark.csv"));
		assertThat(tests).extracting(RedisBenchmarkOutput.Test::name).containsExactly("SET", "GET");
		assertThat(tests).allMatch((test) -> test.requestsPerSecond() > 0);
		assertThat(this.dir.resolve("redis-benchmark.masters.txt")).doesNotExist();
		assertThat(runs.log()).contains("] " + LABEL + ": redis-benchmark SET,GET -d 151 -c 4 -n 2000\n")
			.containsPattern("] " + LABEL + ": redis-benchmark SET,[0-9.]+ GET,[0-9.]+ ops/s\n");
		assertThat(REDIS.server().commandCalls()).containsKeys("set", "get");
	}

	@Test
	void onAClusterTheMastersFoundGoApartFromTheCsv() throws IOException {
		Files.writeString(this.dir.resolve("add.after.strlen.txt"), "64\n");
		TestRuns runs = new TestRuns(this.dir, FEW_REQUESTS);
		RedisCluster cluster = CLUSTER.cluster();
		List<Node> masters = cluster.nodes().stream().map((node) -> new Node("127.0.0.1", node.port())).toList();
		RedisBenchmark.run(runs.context(), new Topology("cluster3", masters, true, List.of()), this.dir, 2, LABEL);
		assertThat(this.dir.resolve("redis-benchmark.exit")).hasContent("0");
		assertThat(RedisBenchmarkOutput.read(this.dir.resolve("redis-benchmark.csv")))
			.extracting(RedisBenchmarkOutput.Test::name)
			.containsExactly("SET", "GET");
		assertThat(Files.readString(this.dir.resolve("redis-benchmark.csv"))).startsWith("\"test\",");
		assertThat(Files.readString(this.dir.resolve("redis-benchmark.masters.txt")))
			.contains(String.valueOf(masters.get(0).port()))
			.doesNotContain("\"");
		assertThat(runs.log()).contains(": redis-benchmark --cluster SET,GET -d 64 -c 2 -n 2000\n")
			.containsPattern(": redis-benchmark SET,[0-9.]+ GET,[0-9.]+ ops/s\n");
	}

	@Test
	void withAPasswordItIsSkipped() throws IOException {
		Files.writeString(this.dir.resolve("add.after.strlen.txt"), "100\n");
		TestRuns runs = new TestRuns(this.dir, FEW_REQUESTS, Optional.of("secret"));
		RedisBenchmark.run(runs.context(), single(REDIS.port()), this.dir, 4, LABEL);
		assertThat(runs.log())
			.contains("] " + LABEL + ": redis-benchmark skipped: it takes a password only on its command line");
		assertOnlyTheSizes();
	}

	@Test
	void withoutAValueSizeItIsSkipped() throws IOException {
		Files.writeString(this.dir.resolve("add.after.strlen.txt"), "0\n0\n");
		TestRuns runs = new TestRuns(this.dir, FEW_REQUESTS);
		RedisBenchmark.run(runs.context(), single(REDIS.port()), this.dir, 4, LABEL);
		assertThat(runs.log()).contains("] " + LABEL + ": redis-benchmark skipped: no value size measured");
		assertOnlyTheSizes();
	}

	@Test
	void memcachedHasNone() throws IOException {
		Files.writeString(this.dir.resolve("add.after.strlen.txt"), "100\n");
		TestRuns runs = new TestRuns(this.dir, FEW_REQUESTS);
		RedisBenchmark.run(runs.context(),
				new Topology(Topology.MEMCACHED, List.of(new Node("127.0.0.1", REDIS.port())), true, List.of()),
				this.dir, 4, LABEL);
		assertThat(runs.log()).isEmpty();
		assertOnlyTheSizes();
	}

	@Test
	void withoutTheSizesFileTheRunFails() {
		TestRuns runs = new TestRuns(this.dir, FEW_REQUESTS);
		assertThatThrownBy(() -> RedisBenchmark.run(runs.context(), single(REDIS.port()), this.dir, 4, LABEL))
			.isInstanceOf(Failure.class)
			.hasMessageStartingWith(LABEL + ": cannot read the value sizes " + this.dir.resolve("add.after.strlen.txt"));
		assertThat(runs.log()).contains("] error: " + LABEL + ": cannot read the value sizes");
	}

	private static Topology single(int port) {
		return new Topology(Topology.SINGLE, List.of(new Node("127.0.0.1", port)), true, List.of());
	}

	private void assertOnlyTheSizes() throws IOException {
		try (var files = Files.list(this.dir)) {
			assertThat(files).containsExactly(this.dir.resolve("add.after.strlen.txt"));
		}
	}

}
