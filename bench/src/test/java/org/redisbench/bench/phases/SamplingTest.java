package org.redisbench.bench.phases;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.redisbench.bench.SettingsForTests;
import org.redisbench.processes.ClockTicks;
import org.redisbench.bench.stores.Node;
import org.redisbench.bench.stores.RedisCli;
import org.redisbench.bench.stores.Topology;
import org.redisbench.processes.RedisServer;
import org.redisbench.runresults.AppSamples;
import org.redisbench.runresults.SamplingCost;
import org.redisbench.runresults.StoreSamples;
import org.redisbench.testsupport.MemcachedServerExtension;
import org.redisbench.testsupport.RedisServerExtension;

class SamplingTest {

	@RegisterExtension
	static final RedisServerExtension REDIS = new RedisServerExtension();

	@RegisterExtension
	static final RedisServerExtension OTHER_REDIS = new RedisServerExtension();

	@RegisterExtension
	static final RedisServerExtension REDIS_WITH_PASSWORD = new RedisServerExtension(RedisServer.withPassword());

	@RegisterExtension
	static final MemcachedServerExtension MEMCACHED = new MemcachedServerExtension();

	/** Samples at 1 s for this long: two or three of each. */
	private static final long SAMPLED_MILLIS = 2500;

	@TempDir
	Path dir;

	@Test
	void theAppsPublishTheirP99OverThreeSamples() {
		assertThat(Sampling.appEnvironment(SettingsForTests.of(Map.of("BENCH_SAMPLE_INTERVAL", "1"))))
			.containsExactly(Map.entry("MANAGEMENT_METRICS_DISTRIBUTION_PERCENTILES_HTTP_SERVER_REQUESTS", "0.99"),
					Map.entry("MANAGEMENT_METRICS_DISTRIBUTION_EXPIRY_HTTP_SERVER_REQUESTS", "3000ms"),
					Map.entry("MANAGEMENT_METRICS_DISTRIBUTION_BUFFER_LENGTH_HTTP_SERVER_REQUESTS", "3"));
		// 3600 / 0.7 = 5142.9 scrapes an hour, cut to 5142 as awk's %d did; 3 * 3600000 / 5142 ms in whole ms.
		assertThat(Sampling.appEnvironment(SettingsForTests.of(Map.of("BENCH_SAMPLE_INTERVAL", "0.7"))))
			.containsEntry("MANAGEMENT_METRICS_DISTRIBUTION_EXPIRY_HTTP_SERVER_REQUESTS", "2100ms");
		assertThat(Sampling.appEnvironment(SettingsForTests.of(Map.of("BENCH_SAMPLE_INTERVAL", "0")))).isEmpty();
	}

	@Test
	void scrapesPerHourAreCutToAWholeNumber() {
		assertThat(Sampling.scrapesPerHour(new BigDecimal("1"))).isEqualTo(3600);
		assertThat(Sampling.scrapesPerHour(new BigDecimal("0.7"))).isEqualTo(5142);
		assertThat(Sampling.scrapesPerHour(new BigDecimal("3600"))).isEqualTo(1);
		assertThat(Sampling.scrapesPerHour(BigDecimal.ZERO)).isZero();
	}

	@Test
	void aRedisAndItsAppAreSampledEveryIntervalAndWhatItCostIsRecorded() throws Exception {
		TestRuns runs = new TestRuns(this.dir, Map.of("BENCH_SAMPLE_INTERVAL", "1"));
		Path prefix = this.dir.resolve("add");
		try (MetricsServer app = new MetricsServer();
				Sampling sampling = sampling(runs)) {
			sampling.start(topology(Topology.SINGLE, REDIS.port()), app.url(), prefix);
			Thread.sleep(SAMPLED_MILLIS);
			sampling.stop(prefix);
			assertThat(app.scrapes()).isBetween(2, 4);
			assertThat(app.query()).matches("includedNames=http_server_requests_seconds,jvm_gc_pause_seconds,"
					+ "process_cpu_time_ns,process_cpu_usage,process_uptime_seconds,process_start_time_seconds&sample=\\d");
		}
		List<Map<String, Double>> redis = StoreSamples.redis(List.of(read("add.samples.info.txt")));
		assertThat(redis).hasSizeBetween(2, 4);
		assertThat(redis.get(1).get(StoreSamples.TIME) - redis.get(0).get(StoreSamples.TIME)).isBetween(0.9, 1.5);
		String scrapes = read("add.samples.prometheus.txt");
		assertThat(scrapes.split("# sample end\n", -1)).hasSizeBetween(3, 5);
		assertThat(AppSamples.parse(scrapes, "/add")).hasSizeBetween(2, 4);
		String cost = read("add.samples.cost.txt");
		assertThat(cost).matches("clock_ticks_per_second=" + ClockTicks.perSecond() + "\nstarted=\\d+\\.\\d{6}\n"
				+ "ended=\\d+\\.\\d{6}\nredis-cli=\\d+\ncurl=\\d+\n");
		assertThat(read("add.samples.start")).matches("\\d+\\.\\d{6}\n");
		SamplingCost read = SamplingCost.parse(cost, null, null);
		assertThat(read.seconds()).isBetween(2.4, 3.5);
		assertThat(read.samplerCpuSeconds()).isLessThan(read.seconds());
		assertStopped("add.samples.info.txt", "add.samples.prometheus.txt");
	}

	@Test
	void eachMasterHasItsOwnSampler() throws Exception {
		TestRuns runs = new TestRuns(this.dir, Map.of("BENCH_SAMPLE_INTERVAL", "1"));
		Path prefix = this.dir.resolve("check");
		List<Node> nodes = List.of(new Node("127.0.0.1", REDIS.port()), new Node("127.0.0.1", OTHER_REDIS.port()));
		Topology masters = new Topology("cluster2", nodes, true, List.of());
		try (MetricsServer app = new MetricsServer();
				Sampling sampling = sampling(runs)) {
			sampling.start(masters, app.url(), prefix);
			Thread.sleep(1500);
			sampling.stop(prefix);
		}
		assertThat(read("check.samples.node1.info.txt")).contains("tcp_port:" + REDIS.port());
		assertThat(read("check.samples.node2.info.txt")).contains("tcp_port:" + OTHER_REDIS.port());
		assertThat(read("check.samples.cost.txt"))
			.containsPattern("\nredis-cli.node1=\\d+\nredis-cli.node2=\\d+\ncurl=\\d+\n$");
	}

	@Test
	void aRedisWithAPasswordIsSampledWithIt() throws Exception {
		TestRuns runs = new TestRuns(this.dir, Map.of("BENCH_SAMPLE_INTERVAL", "1"));
		Path prefix = this.dir.resolve("noop");
		RedisCli cli = new RedisCli(runs.context().placement(), Optional.of(REDIS_WITH_PASSWORD.server().password()));
		try (MetricsServer app = new MetricsServer(); Sampling sampling = new Sampling(runs.context(), cli)) {
			sampling.start(topology(Topology.SINGLE, REDIS_WITH_PASSWORD.port()), app.url(), prefix);
			Thread.sleep(1500);
			sampling.stop(prefix);
		}
		assertThat(read("noop.samples.info.txt")).contains("# Server").doesNotContain("NOAUTH");
	}

	@Test
	void memcachedIsSampledAsTheReportReadsIt() throws Exception {
		TestRuns runs = new TestRuns(this.dir, Map.of("BENCH_SAMPLE_INTERVAL", "1"));
		Path prefix = this.dir.resolve("add");
		Node memcached = Node.parse(MEMCACHED.server().address());
		try (MetricsServer app = new MetricsServer();
				Sampling sampling = sampling(runs)) {
			sampling.start(new Topology(Topology.MEMCACHED, List.of(memcached), true, List.of()), app.url(), prefix);
			Thread.sleep(SAMPLED_MILLIS);
			sampling.stop(prefix);
		}
		String text = read("add.samples.memcached-stats.txt");
		assertThat(text).startsWith("time=");
		List<Map<String, Double>> samples = StoreSamples.memcached(text);
		assertThat(samples).hasSizeBetween(2, 4);
		assertThat(samples.get(1).get(StoreSamples.TIME) - samples.get(0).get(StoreSamples.TIME)).isBetween(0.9, 1.5);
		assertThat(samples.get(0).get(StoreSamples.CLIENTS)).isPositive();
		assertThat(read("add.samples.cost.txt")).containsPattern(
				"\nended=\\d+\\.\\d{6}\nmemcached-curl=\\d+\nmemcached-feed=\\d+\ncurl=\\d+\n$");
		assertStopped("add.samples.memcached-stats.txt", "add.samples.prometheus.txt");
	}

	@Test
	void withSamplingOffNothingIsSampled() throws IOException {
		TestRuns runs = new TestRuns(this.dir, Map.of("BENCH_SAMPLE_INTERVAL", "0"));
		Path prefix = this.dir.resolve("add");
		try (MetricsServer app = new MetricsServer();
				Sampling sampling = sampling(runs)) {
			sampling.start(topology(Topology.SINGLE, REDIS.port()), app.url(), prefix);
			sampling.stop(prefix);
			assertThat(app.scrapes()).isZero();
		}
		try (var files = Files.list(this.dir)) {
			assertThat(files).isEmpty();
		}
	}

	@Test
	void closingStopsSamplersStillRunningAndCostsNothing() throws Exception {
		TestRuns runs = new TestRuns(this.dir, Map.of("BENCH_SAMPLE_INTERVAL", "1"));
		Path prefix = this.dir.resolve("add");
		try (MetricsServer app = new MetricsServer();
				Sampling sampling = sampling(runs)) {
			sampling.start(topology(Topology.SINGLE, REDIS.port()), app.url(), prefix);
			Thread.sleep(500);
		}
		assertThat(this.dir.resolve("add.samples.cost.txt")).doesNotExist();
		assertStopped("add.samples.info.txt", "add.samples.prometheus.txt");
	}

	private static Sampling sampling(TestRuns runs) {
		return new Sampling(runs.context(), new RedisCli(runs.context().placement(), Optional.empty()));
	}

	private static Topology topology(String name, int port) {
		return new Topology(name, List.of(new Node("127.0.0.1", port)), true, List.of());
	}

	private String read(String file) throws IOException {
		return Files.readString(this.dir.resolve(file));
	}

	/** The samplers writing these files are gone: nothing more comes in over more than an interval. */
	private void assertStopped(String... files) throws Exception {
		long[] sizes = new long[files.length];
		for (int i = 0; i < files.length; i++) {
			sizes[i] = Files.size(this.dir.resolve(files[i]));
		}
		Thread.sleep(1300);
		for (int i = 0; i < files.length; i++) {
			assertThat(Files.size(this.dir.resolve(files[i]))).as(files[i]).isEqualTo(sizes[i]);
		}
	}

}
