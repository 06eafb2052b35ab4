package org.redisbench.bench.stores;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.redisbench.bench.RedisSetup;
import org.redisbench.bench.run.Placement;
import org.redisbench.commandline.Failure;
import org.redisbench.model.Layout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The run's private redis-server: its start with a password, its settings and layouts, the stall, its stop. */
class PrivateRedisTest {

	private static final String PASSWORD = "p w#\"é";

	@TempDir
	Path out;

	@Test
	void startsWithThePasswordInAMode600ConfAndKeepsItsLogWhenStopped() throws IOException {
		StoreRun run = StoreRun.of(this.out, Optional.of(PASSWORD), Map.of());
		Path dir;
		long pid;
		try (Stores stores = Stores.open(run.context())) {
			pid = stores.redisPid().orElseThrow();
			Node redis = stores.redis();
			assertThat(run.log()).contains("private redis-server on " + redis + " (pid " + pid + ", ");
			assertThat(stores.topologies()).containsExactly("single");
			Topology single = stores.topology("single");
			assertThat(single.nodes()).containsExactly(redis);
			assertThat(single.startedHere()).isTrue();
			assertThat(single.pids()).containsExactly(pid);
			assertThat(stores.appRedis()).isEqualTo(redis);

			Matcher logged = Pattern.compile("\\(pid " + pid + ", (.+)\\)").matcher(run.log());
			assertThat(logged.find()).isTrue();
			dir = Path.of(logged.group(1));
			Path conf = dir.resolve("redis.conf");
			assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(conf))).isEqualTo("rw-------");
			assertThat(Files.readString(conf)).isEqualTo("requirepass \"p\\x20w\\x23\\x22\\xc3\\xa9\"\n"
					+ "masterauth \"p\\x20w\\x23\\x22\\xc3\\xa9\"\n");
			assertThat(Files.readString(Path.of("/proc", String.valueOf(pid), "cmdline"))).doesNotContain("p w");
			assertThat(new RedisCli(Placement.of(run.context().settings()), Optional.empty()).call(redis, "PING"))
				.startsWith("NOAUTH");
			assertThat(stores.cli().call(redis, "PING")).isEqualTo("PONG");
			stores.flush(single);
		}
		assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive)).isNotEqualTo(Optional.of(true));
		assertThat(dir).doesNotExist();
		assertThat(Files.readString(run.raw().resolve("redis-server.log"), StandardCharsets.UTF_8))
			.contains("Ready to accept connections");
	}

	@Test
	void aLatencyWatchTurnsTheMonitorOnForItsSpanAndGivesTheLargestOfEachEvent() {
		StoreRun run = StoreRun.of(this.out);
		try (Stores stores = Stores.open(run.context())) {
			Topology single = stores.topology("single");
			Node redis = stores.redis();
			Stores.LatencyWatch watch = stores.watchLatency(single);
			assertThat(stores.cli().call(redis, "CONFIG", "GET", "latency-monitor-threshold").lines())
				.containsExactly("latency-monitor-threshold", String.valueOf(Stores.LATENCY_THRESHOLD_MS));
			// a script that spins for tens of ms: one command event over the threshold
			long before = System.currentTimeMillis() / 1000;
			stores.cli().call(redis, "EVAL", "local i = 0 while i < 5000000 do i = i + 1 end return i", "0");
			long after = System.currentTimeMillis() / 1000;

			Optional<LatencyEvents> events = watch.end();
			assertThat(events).hasValueSatisfying((logged) -> assertThat(logged.maxMs()).hasEntrySatisfying("command",
					(ms) -> assertThat(ms).isGreaterThanOrEqualTo(Stores.LATENCY_THRESHOLD_MS)));
			assertThat(events.orElseThrow().spikes()).as("the spike in the second it was logged, read before the "
					+ "monitor went off").singleElement().satisfies((spike) -> {
						assertThat(spike.event()).isEqualTo("command");
						assertThat(spike.ms()).isGreaterThanOrEqualTo(Stores.LATENCY_THRESHOLD_MS);
						assertThat(spike.unixSecond()).isBetween(before, after);
					});
			assertThat(stores.cli().call(redis, "CONFIG", "GET", "latency-monitor-threshold").lines())
				.as("off again, as Redis starts it").containsExactly("latency-monitor-threshold", "0");
			Topology named = new Topology(Topology.SINGLE, List.of(redis), false, List.of());
			assertThat(stores.watchLatency(named).end()).as("a Redis the run did not start: no watch").isEmpty();
		}
	}

	@Test
	void closingTwiceStopsOnce() {
		StoreRun run = StoreRun.of(this.out);
		Stores stores = Stores.open(run.context());
		long pid = stores.redisPid().orElseThrow();
		stores.close();
		stores.close();
		assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive)).isNotEqualTo(Optional.of(true));
		assertThat(run.log()).doesNotContain("SIGKILLed");
	}

	@Test
	void lruSetsAMaxmemoryAboveWhatTheEmptyServerHoldsAndDefaultTakesItBack() {
		StoreRun run = StoreRun.of(this.out, "--redis-settings", "default,lru,aof-everysec", "-n", "1000", "-c", "10");
		try (Stores stores = Stores.open(run.context())) {
			Topology single = stores.topology("single");
			RedisCli cli = stores.cli();
			stores.applySettings(single, RedisSetup.LRU);
			long used = Long.parseLong(Stores.infoField(cli.call(single.first(), "INFO", "memory"), "used_memory")
				.orElseThrow());
			long maxmemory = Long.parseLong(cli.call(single.first(), "CONFIG", "GET", "maxmemory").lines().toList()
				.get(1));
			// 64 bytes a person of /add: 1000 requests of a batch of 100.
			assertThat(maxmemory).isBetween(1000L * 100 * 64, used + 1000L * 100 * 64);
			assertThat(cli.call(single.first(), "CONFIG", "GET", "maxmemory-policy")).endsWith("allkeys-lru");

			stores.applySettings(single, RedisSetup.AOF_EVERYSEC);
			assertThat(cli.call(single.first(), "CONFIG", "GET", "appendonly")).endsWith("yes");
			assertThat(Stores.infoField(cli.call(single.first(), "INFO", "persistence"), "aof_rewrite_in_progress"))
				.contains("0");

			stores.applySettings(single, RedisSetup.DEFAULT);
			assertThat(cli.call(single.first(), "CONFIG", "GET", "maxmemory")).endsWith("\n0");
			assertThat(cli.call(single.first(), "CONFIG", "GET", "appendonly")).endsWith("no");
		}
	}

	@Test
	void lruTakesTheGivenMaxmemory() {
		StoreRun run = StoreRun.of(this.out, Optional.empty(), Map.of("BENCH_LRU_MAXMEMORY", "12345678"),
				"--redis-settings", "lru");
		try (Stores stores = Stores.open(run.context())) {
			Topology single = stores.topology("single");
			stores.applySettings(single, RedisSetup.LRU);
			assertThat(stores.cli().call(single.first(), "CONFIG", "GET", "maxmemory")).endsWith("\n12345678");
		}
	}

	@Test
	void aHashBucketVariantGetsListpacksOf512BytesAndAStringOneRedisDefaultBack() throws IOException {
		StoreRun run = StoreRun.of(this.out, "--layouts", "string-per-key,hash-bucket");
		Path env = this.out.resolve("variant.env");
		try (Stores stores = Stores.open(run.context())) {
			Topology single = stores.topology("single");
			stores.applyLayout(single, Layout.HASH_BUCKET, env);
			assertThat(stores.cli().call(single.first(), "CONFIG", "GET", "hash-max-listpack-value")).endsWith("\n512");
			stores.applyLayout(single, Layout.STRING_PER_KEY, env);
		}
		assertThat(Files.readString(env)).isEqualTo("hash_max_listpack_value=512\nhash_max_listpack_value=64\n");
	}

	@Test
	void aRunWithoutHashBucketsRecordsNoListpackValue() {
		StoreRun run = StoreRun.of(this.out);
		Path env = this.out.resolve("variant.env");
		try (Stores stores = Stores.open(run.context())) {
			stores.applyLayout(stores.topology("single"), Layout.STRING_PER_KEY, env);
		}
		assertThat(env).doesNotExist();
	}

	@Test
	void theStallDelaysWritesWhileOpenAndNoneAfter() {
		StoreRun run = StoreRun.of(this.out, "--redis-stall", "800");
		try (Stores stores = Stores.open(run.context())) {
			Topology single = stores.topology("single");
			long slowest = 0;
			try (Stores.Stall stall = stores.stall(single)) {
				long end = System.nanoTime() + 1_500_000_000L;
				while (System.nanoTime() < end) {
					slowest = Math.max(slowest, millisToSet(stores.cli(), single.first()));
				}
			}
			// 800 ms out of every second paused: some write of 1.5 s waits for the end of a pause.
			assertThat(slowest).isGreaterThan(150);
			assertThat(millisToSet(stores.cli(), single.first())).isLessThan(150);
		}
	}

	@Test
	void thatDoesNotComeUpInFiveTriesIsAFailureWithItsLogKept() {
		StoreRun run = StoreRun.of(this.out, Optional.empty(), Map.of("BENCH_REDIS_ARGS", "--no-such-directive 1"));
		assertThatThrownBy(() -> Stores.open(run.context())).isInstanceOf(Failure.class)
			.hasMessage("could not start redis-server");
		assertThat(run.log()).contains("redis-server did not answer (try 1): ")
			.contains("redis-server did not answer (try 5): ")
			.contains("error: could not start redis-server");
		assertThat(run.raw().resolve("redis-server.log")).content().contains("no-such-directive");
	}

	private static long millisToSet(RedisCli cli, Node node) {
		long start = System.nanoTime();
		assertThat(cli.call(node, "SET", "stalled", "1")).isEqualTo("OK");
		return (System.nanoTime() - start) / 1_000_000;
	}

}
