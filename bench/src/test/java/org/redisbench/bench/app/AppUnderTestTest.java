package org.redisbench.bench.app;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.redisbench.bench.App;
import org.redisbench.bench.SettingsForTests;
import org.redisbench.bench.BenchSettings;
import org.redisbench.bench.RedisSetup;
import org.redisbench.bench.run.Placement;
import org.redisbench.bench.run.PlannedVariant;
import org.redisbench.bench.run.RunContext;
import org.redisbench.bench.run.RunLog;
import org.redisbench.bench.stores.Node;
import org.redisbench.bench.stores.Topology;
import org.redisbench.model.Layout;
import org.redisbench.processes.AppJars;
import org.redisbench.processes.FreePorts;
import org.redisbench.processes.ListeningSocket;
import org.redisbench.processes.RedisServer;
import org.redisbench.store.RoundTrips;
import org.redisbench.testsupport.RedisServerExtension;
import org.redisbench.valueformat.Compression;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The string app's jar started as a run starts it, against a Redis of the test's that demands a password, which only
 * the app's environment carries. Each start costs about 10 s of this machine: the tests share what they can.
 */
@Tag("end-to-end")
class AppUnderTestTest {

	@RegisterExtension
	static final RedisServerExtension REDIS = new RedisServerExtension(RedisServer.withPassword());

	private static final PlannedVariant VARIANT = new PlannedVariant(App.STRING, RoundTrips.PER_KEY, Compression.NONE,
			Topology.SINGLE, "0", "0", 200, RedisSetup.DEFAULT, Layout.STRING_PER_KEY);

	private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

	@TempDir
	Path dir;

	private final ByteArrayOutputStream logged = new ByteArrayOutputStream();

	/** A run's context with these settings, its log kept, the Redis password of the test's Redis. */
	private RunContext context(Map<String, String> environment, String... args) {
		BenchSettings settings = SettingsForTests.of(environment, args);
		return new RunContext(settings, Placement.of(settings),
				new RunLog(new PrintStream(this.logged, true, StandardCharsets.UTF_8)), this.dir, this.dir.resolve("raw"),
				AppJars.of(RunContext.class).repository(), Optional.of(REDIS.server().password()));
	}

	private String log() {
		return this.logged.toString(StandardCharsets.UTF_8);
	}

	private static Node redis() {
		return new Node("127.0.0.1", REDIS.port());
	}

	private static List<String> singleRedis(Node redis) {
		return AppUnderTest.storeArguments(new Topology(Topology.SINGLE, List.of(redis), true, List.of()), redis,
				() -> {
					throw new AssertionError("a single Redis needs no cluster nodes");
				});
	}

	private static String get(String url) throws IOException, InterruptedException {
		HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(URI.create(url))
			.timeout(Duration.ofSeconds(30))
			.build(), HttpResponse.BodyHandlers.ofString());
		assertThat(response.statusCode()).as(url).isEqualTo(200);
		return response.body();
	}

	private static List<String> procFile(long pid, String name) throws IOException {
		return List.of(Files.readString(Path.of("/proc", String.valueOf(pid), name)).split("\0"));
	}

	/**
	 * The first port answers (skipped), the next is bound by a socket that does not listen (free as the client sees
	 * it, but the app's bind fails: a lost race), the app comes up on the one after, as the process holding it; an
	 * app given by its URL is then only waited for, and left running.
	 */
	@Test
	void anAppStartedHereTakesTheFirstPortItCanBindIsItsHolderAndStops() throws Exception {
		try (ServerSocket answering = new ServerSocket()) {
			answering.bind(new InetSocketAddress("127.0.0.1", FreePorts.next()));
			int first = answering.getLocalPort();
			try (Socket binding = new Socket()) {
				binding.bind(new InetSocketAddress("127.0.0.1", first + 1));
				RunContext context = context(Map.of("BENCH_STRING_PORT", String.valueOf(first), "APP_JIT", "c1",
						"BENCH_JAVA_OPTS", "-Xmx256m", "BENCH_APP_THREADS", "7", "BENCH_STOP_TIMEOUT", "20", "APP_JAVA",
						AppJavaTest.otherJava().toString()), "--ttl", "300s");

				AppUnderTest app = AppUnderTest.start(context, VARIANT, this.dir, singleRedis(redis()),
						AppUnderTest.environment(context, Map.of()));
				try {
					long pid = app.pid().orElseThrow();
					int port = Integer.parseInt(app.url().replaceFirst(".*:", ""));
					assertThat(port).isGreaterThan(first + 1);
					assertThat(log()).contains("string app lost port " + (first + 1) + " to another process (try 1)")
						.contains("string app UP at " + app.url() + " (pid " + pid + ")");
					assertThat(app.url()).isEqualTo("http://127.0.0.1:" + port);
					assertThat(app.alive()).isTrue();
					assertThat(ListeningSocket.heldBy(pid, port)).isTrue();
					assertThat(this.dir.resolve("app.env")).hasContent(
							"app=string\npid=" + pid + "\nurl=" + app.url() + "\nthreads=7\n");
					assertThat(Files.readString(this.dir.resolve("health.json"))).contains("\"UP\"");
					assertThat(Path.of("/proc", String.valueOf(pid), "exe").toRealPath())
						.isEqualTo(AppJavaTest.otherJava().toRealPath());
					assertThat(procFile(pid, "cmdline")).containsSequence("-Xmx256m", "-XX:TieredStopAtLevel=1", "-jar",
							context.jar("string").toString(), "--server.port=" + port, "--server.address=127.0.0.1",
							"--spring.data.redis.host=127.0.0.1", "--spring.data.redis.port=" + REDIS.port(),
							"--bench.mode=per-key", "--bench.compression=none", "--bench.layout=string-per-key",
							"--bench.batch-size=100", "--server.tomcat.threads.max=7")
						.noneMatch((argument) -> argument.contains(REDIS.server().password()));
					assertThat(procFile(pid, "environ")).contains(
							"SPRING_DATA_REDIS_PASSWORD=" + REDIS.server().password(), "BENCH_TTL=300s");
					// The password reached it: its writes land in the Redis that demands it.
					assertThat(get(app.url() + "/add")).isEqualTo("added 100\n");
					assertThat(REDIS.dbSize()).isEqualTo(100);

					Path elsewhere = Files.createDirectory(this.dir.resolve("given"));
					RunContext given = context(Map.of("BENCH_STRING_URL", app.url() + "/"));
					AppUnderTest found = AppUnderTest.start(given, VARIANT, elsewhere, singleRedis(redis()), Map.of());
					assertThat(found.pid()).isEmpty();
					assertThat(found.url()).isEqualTo(app.url());
					assertThat(elsewhere.resolve("app.env")).hasContent(
							"app=string\npid=not started by bench.sh\nurl=" + app.url() + "\n");
					assertThat(log()).contains("string app UP at " + app.url() + " (pid unknown: not started by bench.sh)");
					found.stop();
					assertThat(found.alive()).isTrue();
					assertThat(app.alive()).isTrue();
				}
				finally {
					app.stop();
				}
				assertThat(app.alive()).isFalse();
				assertThat(log()).doesNotContain("SIGKILLed");
				app.stop();
			}
		}
	}

	/** An app that exits for another reason than a lost port is not tried again: the run ends, naming its log. */
	@Test
	void anAppThatExitsWhileStartingEndsTheRun() {
		RunContext context = context(Map.of("BENCH_STRING_PORT", String.valueOf(FreePorts.next()), "BENCH_JAVA_OPTS",
				"-XX:+NoSuchOptionOfTheJvm"));

		assertThatThrownBy(() -> AppUnderTest.start(context, VARIANT, this.dir, singleRedis(redis()), Map.of()))
			.hasMessage("string app exited while starting; see " + this.dir.resolve("app.log"));
		assertThat(this.dir.resolve("app.log")).content().contains("NoSuchOptionOfTheJvm");
		assertThat(log()).doesNotContain("lost port");
	}

	/** An app given by a URL where nothing answers is not UP in time: the run ends, naming the URL. */
	@Test
	void anAppGivenByAUrlWhereNothingAnswersEndsTheRun() {
		String url = "http://127.0.0.1:" + FreePorts.next();
		RunContext context = context(Map.of("BENCH_STRING_URL", url, "BENCH_START_TIMEOUT", "1"));

		assertThatThrownBy(() -> AppUnderTest.start(context, VARIANT, this.dir, singleRedis(redis()), Map.of()))
			.hasMessage("string app at " + url + " not UP within 1s");
		assertThat(log()).contains("error: string app at " + url + " not UP within 1s");
	}

	/** 8 threads a core on a Redis of this machine; 200 where each thread waits out a distance; or as given. */
	@Test
	void theAppsThreadsAreEightACoreUnlessRedisIsAwayOrTheyAreGiven() {
		int cores = Runtime.getRuntime().availableProcessors();
		assertThat(AppUnderTest.threads(SettingsForTests.of(Map.of()))).isEqualTo(8 * cores);
		assertThat(AppUnderTest.threads(SettingsForTests.of(Map.of(), "--app-rtt", "1ms"))).isEqualTo(8 * cores);
		assertThat(AppUnderTest.threads(SettingsForTests.of(Map.of(), "--redis-rtt", "0,1ms"))).isEqualTo(200);
		assertThat(AppUnderTest.threads(SettingsForTests.of(Map.of(), "--redis-host", "127.0.0.2", "--allow-flush")))
			.isEqualTo(200);
		assertThat(AppUnderTest.threads(SettingsForTests.of(Map.of("BENCH_APP_THREADS", "3"), "--redis-rtt", "1ms")))
			.isEqualTo(3);
	}

	/** The password, the time to live as given (none too), sampling's settings, and nothing else. */
	@Test
	void theAppsEnvironmentHoldsOnlyWhatTheRunHandsOver() {
		assertThat(AppUnderTest.environment(context(Map.of(), "--ttl", "none"), Map.of("SAMPLED", "yes")))
			.containsOnly(Map.entry("SPRING_DATA_REDIS_PASSWORD", REDIS.server().password()),
					Map.entry("BENCH_TTL", "none"), Map.entry("SAMPLED", "yes"));
		BenchSettings settings = SettingsForTests.of(Map.of());
		RunContext withoutPassword = new RunContext(settings, Placement.of(settings), new RunLog(System.err), this.dir,
				this.dir, this.dir, Optional.empty());
		assertThat(AppUnderTest.environment(withoutPassword, Map.of())).isEmpty();
	}

	@Test
	void theStoreArgumentsNameTheTopologysStore() {
		Node memcached = new Node("127.0.0.1", 21211);
		assertThat(AppUnderTest.storeArguments(new Topology(Topology.MEMCACHED, List.of(memcached), true, List.of()),
				redis(), () -> "unused"))
			.containsExactly("--bench.store=memcached", "--bench.memcached.servers=127.0.0.1:21211");
		assertThat(AppUnderTest.storeArguments(new Topology("cluster3", List.of(memcached), true, List.of()), redis(),
				() -> "127.0.0.1:7000,127.0.0.1:7001"))
			.containsExactly("--spring.data.redis.cluster.nodes=127.0.0.1:7000,127.0.0.1:7001");
		assertThat(singleRedis(new Node("10.0.0.2", 6380)))
			.containsExactly("--spring.data.redis.host=10.0.0.2", "--spring.data.redis.port=6380");
	}

}
