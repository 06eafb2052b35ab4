package org.redisbench.bench.phases;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.redisbench.bench.SettingsForTests;
import org.redisbench.bench.stores.Node;
import org.redisbench.bench.stores.RedisCli;
import org.redisbench.bench.stores.Topology;
import org.redisbench.processes.AppProcess;
import org.redisbench.runresults.AppSamples;
import org.redisbench.testsupport.RedisServerExtension;
import org.redisbench.tooloutput.PrometheusText;
import org.redisbench.tooloutput.ProcStat;

/**
 * The phases' pieces on the string app's jar, started as the runner starts it with sampling on: its metrics, its
 * process, and its samples, which carry the p99 the sampling's environment asks for.
 */
@Tag("end-to-end")
class RealAppPhasesTest {

	@RegisterExtension
	static final RedisServerExtension REDIS = new RedisServerExtension();

	private static final Map<String, String> SAMPLED = Map.of("BENCH_SAMPLE_INTERVAL", "1");

	private static AppProcess app;

	@TempDir
	Path dir;

	@BeforeAll
	static void startApp() {
		// Built before this module's tests (the pom's string-app dependency).
		Path jar = Path.of("..", "string-app", "target", "string-app.jar").toAbsolutePath().normalize();
		assertThat(jar).as("the string app's jar").isRegularFile();
		app = new AppProcess("string-app", List.of("-Xms128m", "-Xmx256m", "-jar", jar.toString()),
				List.of("--spring.data.redis.host=127.0.0.1", "--spring.data.redis.port=" + REDIS.port()),
				Sampling.appEnvironment(SettingsForTests.of(SAMPLED)));
		app.start();
	}

	@AfterAll
	static void stopApp() {
		app.discard();
	}

	@Test
	void theAppsMetricsAndProcessAreSnapshot() throws Exception {
		TestRuns runs = new TestRuns(this.dir, Map.of());
		Measurement measurement = new Measurement(runs.context(), null, null);
		measurement.metrics(url(), this.dir.resolve("add.before"));
		PrometheusText metrics = PrometheusText.parse(Files.readString(this.dir.resolve("add.before.prometheus.txt")));
		assertThat(metrics.sum("process_uptime_seconds", Map.of())).isPositive();
		Measurement.app(app.pid(), this.dir.resolve("add.before"));
		assertThat(ProcStat.parse(Files.readString(this.dir.resolve("add.before.proc-stat.txt"))).cpuTicks())
			.isPositive();
		assertThat(ProcStat.threadTicks(Files.readString(this.dir.resolve("add.before.proc-jit.txt")))).isPositive();
		assertThat(runs.log()).isEmpty();
	}

	@Test
	void theAppsSamplesCarryItsRequestsAndTheirP99() throws Exception {
		TestRuns runs = new TestRuns(this.dir, SAMPLED);
		Path prefix = this.dir.resolve("add");
		HttpClient http = HttpClient.newHttpClient();
		Topology single = new Topology(Topology.SINGLE, List.of(new Node("127.0.0.1", REDIS.port())), true, List.of());
		RedisCli cli = new RedisCli(runs.context().placement(), Optional.empty());
		try (Sampling sampling = new Sampling(runs.context(), cli)) {
			sampling.start(single, url(), prefix);
			long end = System.nanoTime() + 2_500_000_000L;
			while (System.nanoTime() < end) {
				HttpResponse<Void> added = http.send(HttpRequest.newBuilder(URI.create(url() + "/add")).build(),
						HttpResponse.BodyHandlers.discarding());
				assertThat(added.statusCode()).isEqualTo(200);
				Thread.sleep(20);
			}
			sampling.stop(prefix);
		}
		String scrapes = Files.readString(this.dir.resolve("add.samples.prometheus.txt"));
		// Only the metrics asked for: no JVM memory, for one.
		assertThat(scrapes).doesNotContain("jvm_memory_used_bytes");
		List<Map<String, Double>> samples = AppSamples.parse(scrapes, "/add");
		assertThat(samples).hasSizeGreaterThanOrEqualTo(2);
		Map<String, Double> last = samples.get(samples.size() - 1);
		assertThat(last.get(AppSamples.REQUESTS)).isPositive();
		assertThat(last.get(AppSamples.P99)).isPositive();
		assertThat(last.get(AppSamples.CPU)).isPositive();
	}

	private static String url() {
		return app.url().toString();
	}

}
