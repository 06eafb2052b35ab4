package org.redisbench.bench.phases;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.redisbench.bench.App;
import org.redisbench.bench.RedisSetup;
import org.redisbench.bench.run.PlannedVariant;
import org.redisbench.bench.run.VariantRun;
import org.redisbench.bench.stores.Node;
import org.redisbench.bench.stores.Topology;
import org.redisbench.model.Layout;
import org.redisbench.store.RoundTrips;
import org.redisbench.tooloutput.ProcStat;
import org.redisbench.valueformat.Compression;

class MeasurementTest {

	@TempDir
	Path dir;

	@Test
	void metricsAreTheAppsPrometheusText() throws IOException {
		TestRuns runs = new TestRuns(this.dir, Map.of());
		try (MetricsServer app = new MetricsServer()) {
			new Measurement(runs.context(), null, null).metrics(app.url(), this.dir.resolve("add.before"));
		}
		assertThat(this.dir.resolve("add.before.prometheus.txt")).hasContent(MetricsServer.METRICS);
		assertThat(runs.log()).isEmpty();
	}

	@Test
	void metricsRefusedLeaveAnEmptyFileAndALogLine() throws IOException {
		TestRuns runs = new TestRuns(this.dir, Map.of());
		String url;
		try (MetricsServer app = new MetricsServer(500, "broken")) {
			url = app.url();
			new Measurement(runs.context(), null, null).metrics(url, this.dir.resolve("check.after"));
		}
		assertThat(this.dir.resolve("check.after.prometheus.txt")).isEmptyFile();
		assertThat(runs.log()).contains("] check.after: GET " + url + "/actuator/prometheus failed: curl: (22)")
			.contains("500");
	}

	@Test
	void metricsOfNoAppLeaveAnEmptyFileAndALogLine() throws IOException {
		TestRuns runs = new TestRuns(this.dir, Map.of());
		String url = "http://127.0.0.1:" + closedPort();
		Files.writeString(this.dir.resolve("noop.before.prometheus.txt"), "an earlier scrape's\n");
		new Measurement(runs.context(), null, null).metrics(url, this.dir.resolve("noop.before"));
		assertThat(this.dir.resolve("noop.before.prometheus.txt")).isEmptyFile();
		assertThat(runs.log()).contains("] noop.before: GET " + url + "/actuator/prometheus failed: curl: (7)");
	}

	@Test
	void aScrapeReachesTheAppAndKeepsNothing() throws IOException {
		TestRuns runs = new TestRuns(this.dir, Map.of());
		Measurement measurement = new Measurement(runs.context(), null, null);
		try (MetricsServer app = new MetricsServer()) {
			assertThat(measurement.scrape(app.url())).isTrue();
			assertThat(app.scrapes()).isEqualTo(1);
		}
		assertThat(measurement.scrape("http://127.0.0.1:" + closedPort())).isFalse();
		try (var files = Files.list(this.dir)) {
			assertThat(files).isEmpty();
		}
	}

	@Test
	void appSnapshotIsTheProcessesStatStatusAndCompilerThreads() throws IOException {
		long pid = ProcessHandle.current().pid();
		Measurement.app(pid, this.dir.resolve("add.after"));
		String stat = Files.readString(this.dir.resolve("add.after.proc-stat.txt"));
		assertThat(stat).startsWith(pid + " (java) ");
		assertThat(ProcStat.parse(stat).cpuTicks()).isPositive();
		assertThat(ProcStat.statusBytes(Files.readString(this.dir.resolve("add.after.proc-status.txt")), "VmRSS"))
			.isPositive();
		List<String> compilers = Files.readAllLines(this.dir.resolve("add.after.proc-jit.txt"));
		assertThat(compilers).isNotEmpty().allMatch((line) -> line.matches("\\d+ \\(C[12] CompilerThre[^)]*\\) .*"));
	}

	@Test
	void appSnapshotOfAProcessGoneIsEmptyFiles() throws Exception {
		Process ended = new ProcessBuilder("true").start();
		ended.waitFor();
		Measurement.app(ended.pid(), this.dir.resolve("noop.after"));
		for (String file : List.of("proc-stat", "proc-status", "proc-jit")) {
			assertThat(this.dir.resolve("noop.after." + file + ".txt")).isEmptyFile();
		}
	}

	@Test
	void aPhaseWithoutItsAppIsSkipped() throws IOException {
		TestRuns runs = new TestRuns(this.dir, Map.of());
		PlannedVariant variant = new PlannedVariant(App.STRING, RoundTrips.PER_KEY, Compression.NONE, Topology.SINGLE,
				"0", "0", 1, RedisSetup.DEFAULT, Layout.STRING_PER_KEY);
		VariantRun run = new VariantRun(variant, this.dir, "rep 1/1 variant 1/1 v",
				new Topology(Topology.SINGLE, List.of(new Node("127.0.0.1", closedPort())), true, List.of()));
		// Nothing is snapshot nor sampled for a skipped phase: neither is needed.
		assertThat(new Measurement(runs.context(), null, null).phase(run, "add", 10, "rep 1/1 variant 1/1 v add"))
			.isFalse();
		assertThat(this.dir.resolve("add.skipped")).hasContent("skipped: the app had exited");
		assertThat(runs.log()).contains("] rep 1/1 variant 1/1 v add: skipped: the app exited; see "
				+ this.dir.resolve("app.log"));
		try (var files = Files.list(this.dir)) {
			assertThat(files).containsExactly(this.dir.resolve("add.skipped"));
		}
	}

	/** A port nothing listens on. */
	static int closedPort() throws IOException {
		try (ServerSocket socket = new ServerSocket(0)) {
			return socket.getLocalPort();
		}
	}

}
