package org.redisbench.bench.app;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
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
import org.redisbench.processes.RedisServer;
import org.redisbench.store.RoundTrips;
import org.redisbench.testsupport.PingTime;
import org.redisbench.testsupport.RedisServerExtension;
import org.redisbench.valueformat.Compression;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The latency proxies of a variant, from latency-proxy's jar, in front of a Redis of the test's and of the string app
 * started against that proxy: each adds its round trip, the app still serves through both, and closing stops them.
 */
@Tag("end-to-end")
class DistanceTest {

	@RegisterExtension
	static final RedisServerExtension REDIS = new RedisServerExtension(RedisServer.withPassword());

	/** Far above loopback's round trip, which is tens of microseconds. */
	private static final Duration RTT = Duration.ofMillis(20);

	private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

	@TempDir
	Path dir;

	private final ByteArrayOutputStream logged = new ByteArrayOutputStream();

	@Test
	void aDistanceIsUsedWhenARoundTripIsNotZero() {
		assertThat(Distance.used(SettingsForTests.of(Map.of()))).isFalse();
		assertThat(Distance.used(SettingsForTests.of(Map.of(), "--redis-rtt", "0", "--app-rtt", "0"))).isFalse();
		assertThat(Distance.used(SettingsForTests.of(Map.of(), "--redis-rtt", "0,0.2ms"))).isTrue();
		assertThat(Distance.used(SettingsForTests.of(Map.of(), "--app-rtt", "1ms"))).isTrue();
	}

	@Test
	void noRoundTripNoProxy() {
		Distance distance = new Distance(context());
		Node redis = new Node("127.0.0.1", REDIS.port());
		Node appRedis = new Node("localhost", REDIS.port());

		assertThat(distance.openRedis("0", this.dir, redis, appRedis)).isEqualTo(appRedis);
		assertThat(distance.pids()).isEmpty();
		distance.close();
		assertThat(this.dir).isEmptyDirectory();
	}

	@Test
	void theProxiesAddTheirRoundTripsAndTheAppServesThroughBoth() throws Exception {
		RunContext context = context();
		Node redis = new Node("127.0.0.1", REDIS.port());
		AppUnderTest app = null;
		try (Distance distance = new Distance(context)) {
			Node proxied = distance.openRedis("20ms", this.dir, redis, redis);
			long redisProxy = distance.pids().get(0);
			assertThat(proxied.host()).isEqualTo("127.0.0.1");
			assertThat(proxied.port()).isNotEqualTo(REDIS.port());
			assertThat(log()).contains("Redis behind the latency proxy: 20ms round trip added (" + proxied + ", pid "
					+ redisProxy + ")");
			assertThat(pingTime(redis)).isLessThan(RTT);
			assertThat(pingTime(proxied)).isGreaterThanOrEqualTo(RTT);

			app = AppUnderTest.start(context, new PlannedVariant(App.STRING, RoundTrips.PER_KEY, Compression.NONE,
					Topology.SINGLE, "20ms", "20ms", 1, RedisSetup.DEFAULT, Layout.STRING_PER_KEY), this.dir,
					AppUnderTest.storeArguments(new Topology(Topology.SINGLE, List.of(redis), true, List.of()),
							proxied, () -> ""),
					AppUnderTest.environment(context, Map.of()));
			// Auto threads across a distance: each waits out its round trips.
			assertThat(this.dir.resolve("app.env")).content().endsWith("threads=200\n");
			String url = distance.openApp("20ms", this.dir, app);
			assertThat(url).startsWith("http://127.0.0.1:").isNotEqualTo(app.url());
			assertThat(distance.pids()).hasSize(2).contains(redisProxy);
			long appProxy = distance.pids().get(0);
			assertThat(log()).contains("app behind the latency proxy: 20ms round trip added (" + url + ", pid "
					+ appProxy + ")");

			assertThat(get(url + "/add")).isEqualTo("added 100\n");
			assertThat(REDIS.dbSize()).isEqualTo(100);
			long start = System.nanoTime();
			assertThat(get(url + "/noop")).isEqualTo("noop\n");
			assertThat(Duration.ofNanos(System.nanoTime() - start)).isGreaterThanOrEqualTo(RTT);

			distance.close();
			assertThat(distance.pids()).isEmpty();
			assertThat(ProcessHandle.of(redisProxy).map(ProcessHandle::isAlive)).isNotEqualTo(Optional.of(true));
			assertThat(ProcessHandle.of(appProxy).map(ProcessHandle::isAlive)).isNotEqualTo(Optional.of(true));
			assertThat(this.dir.resolve("redis-proxy.log")).content().contains("listening on 127.0.0.1:"
					+ proxied.port() + ", forwarding");
			assertThat(this.dir.resolve("app-proxy.log")).exists();
			assertThat(log()).doesNotContain("SIGKILLed");
		}
		finally {
			if (app != null) {
				app.stop();
			}
		}
	}

	private RunContext context() {
		BenchSettings settings = SettingsForTests.of(Map.of("APP_JIT", "c1", "BENCH_JAVA_OPTS", "-Xmx256m"),
				"--redis-rtt", "20ms", "--app-rtt", "20ms");
		return new RunContext(settings, Placement.of(settings),
				new RunLog(new PrintStream(this.logged, true, StandardCharsets.UTF_8)), this.dir, this.dir.resolve("raw"),
				AppJars.of(RunContext.class).repository(), Optional.of(REDIS.server().password()));
	}

	private String log() {
		return this.logged.toString(StandardCharsets.UTF_8);
	}

	private static Duration pingTime(Node node) {
		try (Jedis jedis = new Jedis(new HostAndPort(node.host(), node.port()), REDIS.server().clientConfig())) {
			return PingTime.quickest(jedis);
		}
	}

	private static String get(String url) throws IOException, InterruptedException {
		HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(URI.create(url))
			.timeout(Duration.ofSeconds(30))
			.build(), HttpResponse.BodyHandlers.ofString());
		assertThat(response.statusCode()).as(url).isEqualTo(200);
		return response.body();
	}

}
