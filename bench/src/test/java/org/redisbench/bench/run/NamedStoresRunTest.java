package org.redisbench.bench.run;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.redisbench.bench.BenchProcess;
import org.redisbench.processes.RedisServer;
import org.redisbench.testsupport.RedisClusterExtension;
import org.redisbench.testsupport.RedisServerExtension;
import redis.clients.jedis.Jedis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.redisbench.bench.run.MatrixRunTest.CONCURRENCY;
import static org.redisbench.bench.run.MatrixRunTest.REQUESTS;

/**
 * Stores the run did not start, given by name: a cluster is used as it is and left running; a Redis is not
 * reconfigured, so hash buckets are refused on one at Redis's default hash-max-listpack-value.
 */
@Tag("end-to-end")
class NamedStoresRunTest {

	@RegisterExtension
	static final RedisClusterExtension cluster = new RedisClusterExtension(3);

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	@TempDir
	Path folder;

	@Test
	void aNamedClusterIsUsedAsItIsFoundFromOneNodeAndLeftRunning() {
		List<Long> pids = cluster.cluster().nodes().stream().map(RedisServer::pid).toList();
		String nodes = cluster.cluster().nodeAddresses();
		BenchProcess bench = BenchProcess.logTo(this.folder.resolve("named.log")).quickApps();
		RunOutput run = new RunOutput(this.folder.resolve("named"));
		int status = bench.run("-n", String.valueOf(REQUESTS), "-c", String.valueOf(CONCURRENCY), "--warmup", "0",
				"--repetitions", "1", "--redis-bench-requests", "5000", "--apps", "kryo", "--modes", "pipeline",
				"--cluster-nodes", nodes.split(",")[0], "--allow-flush", "--no-profile", "--output",
				run.path().toString());
		assertThat(status).as(bench.output()).isZero();
		assertThat(String.join("/", run.setting("cluster"), run.setting("topologies"),
				sorted(run.setting("cluster_address"))))
			.as("cluster/topologies/cluster_address, sorted")
			.isEqualTo("named/single,cluster3/" + sorted(nodes));
		run.assertKeysSpreadOverMasters("kryo-pipeline-none-cluster3", REQUESTS * 100L);
		assertThat(cluster.cluster().nodes()).as("the cluster's nodes, left running")
			.allMatch(RedisServer::isRunning)
			.extracting(RedisServer::pid)
			.containsExactlyElementsOf(pids);
	}

	@Test
	void hashBucketsAreRefusedOnANamedRedisAtTheDefaultHashMaxListpackValueWhichIsLeftAsItWas() {
		try (Jedis jedis = redis.server().client()) {
			jedis.set("person_1", "kept");
		}
		BenchProcess bench = BenchProcess.logTo(this.folder.resolve("refused.log"));
		Path out = this.folder.resolve("refused-settings");
		int status = bench.run("--redis-host", "127.0.0.1", "--redis-port", String.valueOf(redis.port()),
				"--allow-flush", "--layouts", "string-per-key,hash-bucket", "--output", out.toString());
		assertThat(status).as(bench.output()).isEqualTo(2);
		assertThat(bench.output().lines())
			.as("what it said")
			.singleElement()
			.asString()
			.contains("hash-max-listpack-value >= 512 on 127.0.0.1:" + redis.port() + " (it has 64)");
		assertThat(out).as("the output folder, made before the refusal").doesNotExist();
		try (Jedis jedis = redis.server().client()) {
			assertThat(jedis.configGet("hash-max-listpack-value")).as("its setting")
				.containsEntry("hash-max-listpack-value", "64");
			assertThat(jedis.get("person_1")).as("its data").isEqualTo("kept");
		}
	}

	private static String sorted(String addresses) {
		return Arrays.stream(addresses.split(",")).sorted().collect(Collectors.joining(","));
	}

}
