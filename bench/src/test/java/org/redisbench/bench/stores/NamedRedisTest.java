package org.redisbench.bench.stores;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.LongStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.redisbench.bench.BenchSettings;
import org.redisbench.bench.RedisSetup;
import org.redisbench.bench.run.PortProbe;
import org.redisbench.bench.run.Placement;
import org.redisbench.commandline.Failure;
import org.redisbench.commandline.Refusal;
import org.redisbench.model.Layout;
import org.redisbench.processes.RedisServer;
import org.redisbench.testsupport.RedisServerExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A Redis the run did not start (--redis-host), reached with the run's password: used as it is, snapshotted, and
 * flushed only when allowed.
 */
class NamedRedisTest {

	private static final String PASSWORD = "named secret";

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension(RedisServer.withGivenPassword(PASSWORD));

	@TempDir
	Path out;

	private StoreRun run(String... more) {
		return run(Map.of(), more);
	}

	private StoreRun run(Map<String, String> environment, String... more) {
		List<String> args = new ArrayList<>(List.of("--redis-host", "127.0.0.1", "--redis-port",
				String.valueOf(redis.port()), "--allow-flush"));
		args.addAll(List.of(more));
		return StoreRun.of(this.out, Optional.of(PASSWORD), environment, args.toArray(String[]::new));
	}

	private static Node node() {
		return new Node("127.0.0.1", redis.port());
	}

	@Test
	void isUsedAsItIsAndFlushedWhenAllowed() {
		StoreRun run = run();
		try (Stores stores = Stores.open(run.context())) {
			assertThat(run.log()).contains("named Redis at " + node() + " (will be FLUSHALLed)");
			assertThat(stores.redisPid()).isEmpty();
			Topology single = stores.topology("single");
			assertThat(single.nodes()).containsExactly(node());
			assertThat(single.startedHere()).isFalse();
			assertThat(single.pids()).isEmpty();
			assertThat(stores.cli().call(node(), "SET", "person_1", "x")).isEqualTo("OK");
			stores.flush(single);
			assertThat(redis.dbSize()).isZero();
		}
		assertThat(redis.server().isRunning()).isTrue();
		assertThat(run.raw().resolve("redis-server.log")).doesNotExist();
	}

	@Test
	void isNotFlushedWithoutAllowFlush() {
		StoreRun allowed = run();
		StoreRun run = StoreRun.of(this.out,
				StoreRun.with(allowed.context().settings(), "allowFlush", false), Optional.of(PASSWORD));
		try (Stores stores = Stores.open(run.context())) {
			assertThat(stores.cli().call(node(), "SET", "person_1", "x")).isEqualTo("OK");
			assertThatThrownBy(() -> stores.flush(stores.topology("single"))).isInstanceOf(Failure.class)
				.hasMessage("refusing to FLUSHALL a Redis bench.sh did not start");
		}
		assertThat(redis.dbSize()).isEqualTo(1);
	}

	@Test
	void isNeitherReconfiguredNorPausedEvenWhereSettingsGotPastTheirChecks() {
		BenchSettings checked = run().context().settings();
		BenchSettings unchecked = StoreRun.with(StoreRun.with(checked, "redisStall",
				Duration.ofMillis(900)), "redisSetups", List.of(RedisSetup.DEFAULT, RedisSetup.LRU));
		StoreRun run = StoreRun.of(this.out, unchecked, Optional.of(PASSWORD));
		try (Stores stores = Stores.open(run.context())) {
			Topology single = stores.topology("single");
			stores.applySettings(single, RedisSetup.LRU);
			assertThat(stores.cli().call(node(), "CONFIG", "GET", "maxmemory-policy")).endsWith("noeviction");
			String pausesBefore = pauses(stores);
			try (Stores.Stall stall = stores.stall(single)) {
				for (int i = 0; i < 10; i++) {
					assertThat(stores.cli().call(node(), "SET", "person_1", "x")).isEqualTo("OK");
				}
			}
			// A stall sends CLIENT PAUSE once a second and, when closed, CLIENT UNPAUSE, which Redis counts: read from
			// Redis, not from how long ten writes took (975 ms for ten redis-cli calls in CI at ff628dc on a slow
			// day: the 900 ms bound was passed by the machine, not by a pause).
			assertThat(pauses(stores)).as("CLIENT PAUSE and UNPAUSE calls, before: %s", pausesBefore)
				.isEqualTo(pausesBefore);
		}
	}

	/** How many CLIENT PAUSE and CLIENT UNPAUSE calls Redis has counted, as INFO commandstats gives them. */
	private static String pauses(Stores stores) {
		return stores.cli()
			.call(node(), "INFO", "commandstats")
			.lines()
			.filter((line) -> line.startsWith("cmdstat_client|pause:") || line.startsWith("cmdstat_client|unpause:"))
			.map((line) -> line.substring(0, line.indexOf(',')))
			.collect(Collectors.joining(" "));
	}

	@Test
	void thatDoesNotAnswerIsAFailure() {
		int nothing = PortProbe.firstFree(Placement.of(run().context().settings()), "127.0.0.1", 27000);
		StoreRun run = StoreRun.of(this.out, Optional.of(PASSWORD), Map.of(), "--redis-host", "127.0.0.1",
				"--redis-port", String.valueOf(nothing), "--allow-flush");
		assertThatThrownBy(() -> Stores.open(run.context())).isInstanceOf(Failure.class)
			.hasMessage("Redis at 127.0.0.1:" + nothing + " does not answer PING");
		assertThat(run.log()).contains("error: Redis at 127.0.0.1:" + nothing + " does not answer PING");
	}

	@Test
	void aSnapshotSplitsInfoFromItsClientListAndKeepsDbsizeAsRedisCliPrintsIt() throws IOException {
		StoreRun run = run();
		try (Stores stores = Stores.open(run.context())) {
			stores.cli().pipe(node(), "SET person_1 a\nSET person_2 b\nSET person_3 c\n");
			Path rep = Files.createDirectories(run.raw().resolve("v/rep1"));
			new StoreSnapshots(run.context(), stores).take(stores.topology("single"), Layout.STRING_PER_KEY,
					rep.resolve("add.before"));
			String info = Files.readString(rep.resolve("add.before.info.txt"), StandardCharsets.UTF_8);
			// INFO's own CRLF lines, from its first line on: none of MULTI's OK or QUEUED, none of CLIENT LIST's.
			assertThat(info).startsWith("# Server\r\n").contains("\r\nused_memory:").doesNotContain("QUEUED")
				.doesNotContain("\nid=");
			List<String> clients = Files.readAllLines(rep.resolve("add.before.clients.txt"));
			assertThat(clients).isNotEmpty().allMatch((line) -> line.matches("id=[0-9]+ .*"));
			assertThat(rep.resolve("add.before.dbsize.txt")).content().isEqualTo("3\n");
			assertThat(rep.resolve("add.before.hlen.txt")).doesNotExist();
		}
	}

	@Test
	void inHashBucketsTheAddSnapshotListsEveryBucketsHlenAndTheSampleReadsFields() throws IOException {
		StoreRun run = run(Map.of("BENCH_STRLEN_SAMPLE", "5"), "--layouts", "hash-bucket");
		try (Stores stores = Stores.open(run.context())) {
			// 250 persons in 3 buckets, person N's value N % 90 + 10 bytes long.
			String writes = LongStream.rangeClosed(1, 250).mapToObj((id) -> "HSET "
					+ new String(Layout.HASH_BUCKET.key(id), StandardCharsets.US_ASCII) + " "
					+ new String(Layout.field(id), StandardCharsets.US_ASCII) + " " + "v".repeat((int) (id % 90 + 10))
					+ "\n")
				.collect(Collectors.joining());
			stores.cli().pipe(node(), writes);
			Topology single = stores.topology("single");
			Path rep = Files.createDirectories(run.raw().resolve("v/rep1"));
			StoreSnapshots snapshots = new StoreSnapshots(run.context(), stores);
			snapshots.take(single, Layout.HASH_BUCKET, rep.resolve("add.after"));
			snapshots.take(single, Layout.HASH_BUCKET, rep.resolve("check.after"));
			assertThat(Files.readAllLines(rep.resolve("add.after.hlen.txt"))).containsExactlyInAnyOrder("99", "100",
					"51");
			assertThat(rep.resolve("add.after.dbsize.txt")).content().isEqualTo("3\n");
			assertThat(rep.resolve("check.after.hlen.txt")).doesNotExist();

			snapshots.sampleValueSizes(single, Layout.HASH_BUCKET, rep);
			// 250 persons, a sample of 5: persons 1, 51, 101, 151 and 201.
			assertThat(rep.resolve("add.after.strlen.txt")).content().isEqualTo("11\n61\n21\n71\n31\n");
		}
	}

	@Test
	void anUnreadAddSnapshotIsAnEmptySample() throws IOException {
		StoreRun run = run();
		try (Stores stores = Stores.open(run.context())) {
			Path rep = Files.createDirectories(run.raw().resolve("v/rep1"));
			Files.writeString(rep.resolve("add.after.dbsize.txt"), "NOAUTH Authentication required.\n");
			new StoreSnapshots(run.context(), stores).sampleValueSizes(stores.topology("single"),
					Layout.STRING_PER_KEY, rep);
			assertThat(rep.resolve("add.after.strlen.txt")).content().isEmpty();
		}
	}

	@Test
	void hashBucketsAreRefusedWhereBucketsWouldNotStayListpacks() {
		StoreRun run = run("--layouts", "string-per-key,hash-bucket");
		assertThatThrownBy(() -> Stores.checkLayouts(run.context())).isInstanceOf(Refusal.class)
			.hasMessage("--layouts hash-bucket needs hash-max-listpack-value >= 512 on " + node() + " (it has 64),"
					+ " which bench.sh did not start and does not reconfigure");
		Stores.checkLayouts(run("--layouts", "string-per-key").context());
		RedisCli cli = new RedisCli(run.context().placement(), Optional.of(PASSWORD));
		assertThat(cli.call(node(), "CONFIG", "SET", "hash-max-listpack-value", "512")).isEqualTo("OK");
		try {
			Stores.checkLayouts(run.context());
		}
		finally {
			cli.call(node(), "CONFIG", "SET", "hash-max-listpack-value", "64");
		}
	}

	@Test
	void hashBucketsAreRefusedWhereTheSettingCannotBeRead() {
		StoreRun run = StoreRun.of(this.out, Optional.of("not the password"), Map.of(), "--redis-host", "127.0.0.1",
				"--redis-port", String.valueOf(redis.port()), "--allow-flush", "--layouts", "hash-bucket");
		assertThatThrownBy(() -> Stores.checkLayouts(run.context())).isInstanceOf(Refusal.class)
			.hasMessageStartingWith("--layouts hash-bucket: cannot read hash-max-listpack-value of " + node()
					+ ", a Redis bench.sh did not start (CONFIG GET answered: ");
	}

}
