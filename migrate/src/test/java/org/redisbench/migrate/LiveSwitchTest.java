package org.redisbench.migrate;

import java.io.StringWriter;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.redisbench.codecs.PersonCodec;
import org.redisbench.model.Layout;
import org.redisbench.person.Person;
import org.redisbench.person.PersonFactory;
import org.redisbench.processes.AppProcess;
import org.redisbench.processes.ChildProcess;
import org.redisbench.processes.RedisServer;
import org.redisbench.testsupport.RedisClusterExtension;
import org.redisbench.testsupport.RedisServerExtension;
import org.redisbench.testsupport.RedisUnderTest;
import redis.clients.jedis.AbstractPipeline;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Pipeline;
import redis.clients.jedis.Response;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.params.SetParams;
import redis.clients.jedis.resps.ScanResult;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.data.redis.serializer.RedisSerializer;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The live switch of docs/migrate.md ("Switching in place") at smoke size: persons stored with JDK serialization,
 * each with a TTL, converted to Kryo + zstd-dict while the kryo app, reading both ({@code bench.read-also=jdk}),
 * reads random persons and rewrites the first ones over and over ({@link ClosedLoop}); the migrator, a process of
 * its own, is killed with SIGKILL midway and the same command resumes it. Afterwards every person decodes through
 * the app, every value is in the new format, no person the app wrote holds an older version than its last
 * {@code /add}, the expiry of every other person is what it was (within 1 s) and the app's within its
 * {@code bench.ttl}, the app answered no 5xx, the resumed run converted nothing twice (INFO commandstats: no more
 * replacement scripts than values still in JDK form), and the memory saved is within 5% of the dry run's
 * projection. On one redis-server, then on a 3-master cluster at a smaller size, whose master down is refused. The
 * latency bound pauses a run whose probe's p99 no Redis meets.
 */
@Tag("end-to-end")
class LiveSwitchTest {

	private static final long TTL_MILLIS = 3_600_000;

	private static final String DICTIONARY = "../kryo-app/src/main/resources/person.zdict";

	private static final List<String> CONVERSION = List.of("--match", "person_*", "--from", "jdk", "--to",
			"kryo+zstd-dict", "--to-dictionary", DICTIONARY);

	private static final Pattern STAMP = Pattern.compile(", name=name(\\d+),");

	private static final JsonMapper JSON = JsonMapper.builder().build();

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	@RegisterExtension
	static final RedisClusterExtension cluster = new RedisClusterExtension(3);

	@TempDir
	Path folder;

	/** The Redis under test, its masters, and the sizes of the run on it. */
	private record Target(String name, RedisUnderTest store, List<RedisServer> masters, String uri,
			List<String> appTarget, int persons, int appIds, int rate) {
	}

	@Test
	void oneRedisSwitchesUnderTheAppsLoadThroughAKillAndAResume() throws Exception {
		int port = redis.port();
		switchUnderLoad(new Target("standalone", redis, List.of(redis.server()), "redis://127.0.0.1:" + port,
				List.of("--spring.data.redis.host=127.0.0.1", "--spring.data.redis.port=" + port), 20_000, 1_000,
				10_000));

		// The latency bound: a p99 no Redis meets pauses the run before its first page.
		ChildProcess paused = migrator("paused", "--uri", "redis://127.0.0.1:" + port, "--match", "person_*", "--from",
				"kryo+zstd-dict", "--to", "jdk", "--from-dictionary", DICTIONARY, "--max-p99", "0.001", "--sample",
				"100", "--output", this.folder.resolve("paused").toString());
		try {
			// a minute: the child JVM's start at a load average of 25 took most of the suite's 15 s
			assertThat(awaitLine(paused, "paused: PING p99", Duration.ofMinutes(1)))
				.as("--max-p99 pauses the run while the probe's p99 is above it; its log:%n%s", paused.logTail(10))
				.isTrue();
		}
		finally {
			paused.kill(Duration.ofSeconds(10));
		}
	}

	@Test
	void aThreeMasterClusterSwitchesTooAndAMasterDownIsRefused() throws Exception {
		List<RedisServer> masters = cluster.cluster().nodes();
		// 10,000 persons: at 4,000 the saving measured on three masters came out between -5.4% and +5.4% of the
		// projection over seven runs (each master's own allocations a larger share), against 0.2% on one Redis
		switchUnderLoad(new Target("cluster", cluster, masters, "redis://127.0.0.1:" + masters.get(1).port(),
				List.of("--spring.data.redis.cluster.nodes=" + cluster.cluster().nodeAddresses()), 10_000, 500, 10_000));

		masters.get(2).stop();
		StringWriter err = new StringWriter();
		List<String> args = new ArrayList<>(List.of("--uri", "redis://127.0.0.1:" + masters.get(0).port(), "--output",
				this.folder.resolve("down").toString()));
		args.addAll(CONVERSION);
		assertThat(MigrateCommandTest.execute(err, args.toArray(String[]::new))).as("a cluster with a master down is refused: %s", err).isEqualTo(2);
		assertThat(err.toString()).hasLineCount(1).contains("cluster node");
	}

	private void switchUnderLoad(Target target) throws Exception {
		String name = target.name();
		int persons = target.persons();
		long started = System.nanoTime();
		Path dir = Files.createDirectory(this.folder.resolve(name));
		store(target);
		Map<String, Long> expiriesBefore = expiries(target);
		assertThat(expiriesBefore.values()).as("%s: %d JDK persons stored, each with a TTL", name, persons)
			.hasSize(persons)
			.allMatch((expiry) -> expiry > 1_000_000_000_000L);

		try (AppProcess app = new AppProcess("kryo-app", List.of("-Xms64m", "-Xmx192m", "-XX:TieredStopAtLevel=1",
				"-jar", kryoApp().toString()), appArguments(target), Map.of())) {
			app.start();
			// Without a migration: reads only, so that nothing is converted before the dry run measures.
			ClosedLoop quiet = ClosedLoop.start(app.url(), persons, 0);
			Thread.sleep(3_000);
			quiet.close();

			StringWriter err = new StringWriter();
			List<String> dryArgs = new ArrayList<>(List.of("--uri", target.uri(), "--output", dir.resolve("dry").toString(),
					"--rate", "20000", "--sample", "5000", "--max-p99", "0"));
			dryArgs.addAll(CONVERSION);
			assertThat(MigrateCommandTest.execute(err, dryArgs.toArray(String[]::new))).as("%s: the dry run exits 0: %s", name, err).isZero();
			JsonNode dry = report(dir.resolve("dry"));
			assertThat(dry.at("/keys/would_convert").asLong()).as("%s: it would convert all", name).isEqualTo(persons);
			assertThat(dry.at("/projection/saved_bytes").asLong()).as("%s: projecting a saving", name).isPositive();
			assertThat(dry.at("/memory/data_bytes_before").asLong()).isGreaterThan(dry.at("/projection/data_bytes_after").asLong());

			Path checkpoint = dir.resolve("checkpoint.json");
			List<String> write = new ArrayList<>(List.of("--uri", target.uri()));
			write.addAll(CONVERSION);
			write.addAll(List.of("--write", "--verify", "--rate", String.valueOf(target.rate()), "--batch", "100",
					"--max-p99", "0", "--checkpoint", checkpoint.toString()));
			ChildProcess killed = migrator("killed", withOutput(write, dir.resolve("killed")));
			// the app's /adds start once the migrator has read the memory before, which its first checkpoint follows
			awaitWhileAlive(killed, () -> Files.exists(checkpoint));
			ClosedLoop load = ClosedLoop.start(app.url(), persons, target.appIds());
			long stillJdk;
			long scriptsBefore;
			ChildProcess resumed;
			try {
				awaitWhileAlive(killed, () -> converted(checkpoint) >= persons / 3);
				killed.kill(Duration.ofSeconds(10));
				JsonNode atKill = JSON.readTree(checkpoint.toFile());
				assertThat(killed.exitValue()).as("%s: the migrator was killed midway (SIGKILL)", name).isNotZero();
				assertThat(atKill.at("/finished").asBoolean()).as("%s: unfinished", name).isFalse();
				assertThat(atKill.at("/tally/converted").asLong()).isPositive();
				// What the resumed run may replace at most: the persons still in JDK form now (the app only makes them
				// fewer), plus the write check's probe on each master. Counted from INFO commandstats before and after,
				// not reset: a CONFIG RESETSTAT frees every command's latency histogram, which would count as memory the
				// migration saved.
				stillJdk = jdkValues(target);
				scriptsBefore = evalshaCalls(target);
				resumed = migrator("resumed", withOutput(write, dir.resolve("resumed")));
				assertThat(resumed.awaitExit(Duration.ofMinutes(5))).as("%s: the resumed run ends", name).isTrue();
			}
			finally {
				load.close();
			}
			assertThat(resumed.exitValue()).as("%s: the same command resumes it and finishes: %s", name,
					resumed.logTail(5)).isZero();
			assertThat(Files.readAllLines(resumed.log())).as("%s: ...from the checkpoint", name)
				.anyMatch((line) -> line.startsWith("resuming from"));
			long scripts = evalshaCalls(target) - scriptsBefore;
			assertThat(scripts).as("%s: it resumed, converting nothing twice (%d JDK values left)", name, stillJdk)
				.isLessThanOrEqualTo(stillJdk + target.masters().size());

			JsonNode written = report(dir.resolve("resumed"));
			long saved = written.at("/memory/saved_bytes").asLong();
			long projected = dry.at("/projection/saved_bytes").asLong();
			System.out.printf("%s: reads' p99 %s without a migration, %s during it, with /adds; %d converted, %d left to"
					+ " the app, %s keys/s; %d bytes saved, %d projected; %d s%n", name, quiet.readsP99(),
					load.readsP99(), written.at("/keys/converted").asLong(), written.at("/keys/left").asLong(),
					written.at("/keys_per_second").asText(), saved, projected,
					TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - started));
			assertThat(written.at("/keys/matched").asLong()).as("%s: every matched key read", name).isGreaterThanOrEqualTo(persons);
			assertThat(written.at("/keys/refused").asLong()).as("%s: none refused", name).isZero();
			assertThat(written.at("/verify/keys").asLong()).as("%s: --verify: all in the new format", name).isEqualTo(persons);
			assertThat(JSON.convertValue(written.at("/verify/formats"), Map.class)).isEqualTo(Map.of("tagged zstd-dict", persons));
			assertThat(written.at("/verify/decodes").asLong()).as("%s: and decoding", name).isEqualTo(persons);
			assertThat(jdkValues(target)).as("%s: no person is left in JDK form", name).isZero();
			everyPersonChecks(app.url(), persons);
			assertThat(load.not200()).as("%s: the app answered every request 200 meanwhile, none 5xx", name).isEmpty();
			Map<Long, ClosedLoop.Add> lastAdds = lastAdds(load.adds());
			assertThat(lastAdds).as("%s: it wrote persons meanwhile", name).isNotEmpty();
			newestVersions(app.url(), lastAdds);
			expiriesKept(name, expiriesBefore, expiries(target), lastAdds);

			assertThat((double) saved).as("%s: the memory saved within 5%% of the dry run's projection", name)
				.isBetween(projected * 0.95, projected * 1.05);
		}
	}

	private static List<String> appArguments(Target target) {
		List<String> arguments = new ArrayList<>(target.appTarget());
		arguments.addAll(List.of("--bench.compression=zstd-dict", "--bench.read-also=jdk",
				"--bench.ttl=" + TTL_MILLIS / 1000 + "s"));
		return arguments;
	}

	/** The persons, JDK-serialized, each with the TTL, as {@code scripts/fill.sh --codec jdk --ttl} stores them. */
	private static void store(Target target) {
		RedisSerializer<Person> jdk = PersonCodec.JDK.newSerializer();
		try (UnifiedJedis client = target.store().client(); AbstractPipeline pipeline = client.pipelined()) {
			for (long id = 1; id <= target.persons(); id++) {
				pipeline.set(Layout.personKey(id), jdk.serialize(PersonFactory.create(id)),
						SetParams.setParams().px(TTL_MILLIS));
			}
			pipeline.sync();
		}
	}

	/** Every person's key and PEXPIRETIME (ms since the epoch). */
	private static Map<String, Long> expiries(Target target) {
		Map<String, Long> expiries = new HashMap<>();
		for (RedisServer master : target.masters()) {
			try (Jedis jedis = master.client()) {
				List<String> keys = personKeys(jedis);
				Pipeline pipeline = jedis.pipelined();
				List<Response<Long>> times = keys.stream().map(pipeline::pexpireTime).toList();
				pipeline.sync();
				for (int i = 0; i < keys.size(); i++) {
					expiries.put(keys.get(i), times.get(i).get());
				}
			}
		}
		return expiries;
	}

	/** How many persons still start with the JDK stream's magic, AC ED. */
	private static long jdkValues(Target target) {
		long jdk = 0;
		for (RedisServer master : target.masters()) {
			try (Jedis jedis = master.client()) {
				List<String> keys = personKeys(jedis);
				Pipeline pipeline = jedis.pipelined();
				List<Response<byte[]>> heads = keys.stream().map((key) -> pipeline.getrange(key.getBytes(), 0, 1)).toList();
				pipeline.sync();
				jdk += heads.stream().map(Response::get).filter(LiveSwitchTest::jdkStream).count();
			}
		}
		return jdk;
	}

	/** Whether a value's first two bytes are the JDK stream's magic. */
	static boolean jdkStream(byte[] head) {
		return head.length >= 2 && head[0] == (byte) 0xAC && head[1] == (byte) 0xED;
	}

	private static List<String> personKeys(Jedis jedis) {
		List<String> keys = new ArrayList<>();
		ScanParams match = new ScanParams().match("person_*").count(1000);
		String cursor = ScanParams.SCAN_POINTER_START;
		do {
			ScanResult<String> page = jedis.scan(cursor, match);
			keys.addAll(page.getResult());
			cursor = page.getCursor();
		}
		while (!cursor.equals(ScanParams.SCAN_POINTER_START));
		return keys;
	}

	/** The replacement scripts run over the masters since they started. */
	private static long evalshaCalls(Target target) {
		return target.masters().stream().mapToLong((master) -> master.commandCalls().getOrDefault("evalsha", 0L)).sum();
	}

	/** {@code /check} over persons 1..persons, 100 a request, each 200: every person there and intact. */
	private static void everyPersonChecks(URI app, int persons) {
		assertThat(ClosedLoop.status(ClosedLoop.get(app, "/reset"))).isEqualTo(200);
		List<Integer> statuses = new ArrayList<>();
		for (int i = 0; i < persons / 100; i++) {
			statuses.add(ClosedLoop.status(ClosedLoop.get(app, "/check")));
		}
		assertThat(statuses).as("every person there and intact through the app (/check over 1..%d)", persons)
			.hasSize(persons / 100)
			.containsOnly(200);
	}

	/** Each person a 200 {@code /add} wrote, with the last such {@code /add}. */
	private static Map<Long, ClosedLoop.Add> lastAdds(List<ClosedLoop.Add> adds) {
		Map<Long, ClosedLoop.Add> last = new HashMap<>();
		adds.stream().filter((add) -> add.status() == 200).forEach((add) -> {
			for (long id = add.first(); id <= add.last(); id++) {
				last.put(id, add);
			}
		});
		return last;
	}

	/**
	 * Each person an {@code /add} wrote holds its last {@code /add}'s version or a newer one: the stamp in its name
	 * (the app's clock when it built the person) is not before that {@code /add} was sent.
	 */
	private static void newestVersions(URI app, Map<Long, ClosedLoop.Add> lastAdds) {
		lastAdds.forEach((id, add) -> {
			Optional<HttpResponse<String>> answer = ClosedLoop.get(app, "/checksingle/" + id);
			assertThat(ClosedLoop.status(answer)).as("person %d", id).isEqualTo(200);
			String body = answer.orElseThrow().body();
			Matcher stamp = STAMP.matcher(body);
			assertThat(stamp.find()).as("person %d: %s", id, body).isTrue();
			assertThat(Long.parseLong(stamp.group(1)))
				.as("person %d holds no older version than the app's last /add of it", id)
				.isGreaterThanOrEqualTo(add.sentMillis());
		});
	}

	/** A person no {@code /add} wrote expires when it did before, within 1 s; one the app wrote, its bench.ttl after its last /add. */
	private static void expiriesKept(String name, Map<String, Long> before, Map<String, Long> after,
			Map<Long, ClosedLoop.Add> lastAdds) {
		assertThat(after).as("%s: every person still there", name).hasSameSizeAs(before);
		after.forEach((key, expiry) -> {
			ClosedLoop.Add add = lastAdds.get(Long.parseLong(key.substring("person_".length())));
			if (add != null) {
				assertThat(expiry).as("%s: %s's expiry, the app's own after its /add", name, key)
					.isBetween(add.sentMillis() + TTL_MILLIS - 1000, add.answeredMillis() + TTL_MILLIS + 1000);
			}
			else {
				assertThat(before).as("%s: %s was there before", name, key).containsKey(key);
				assertThat(expiry).as("%s: %s's expiry kept within 1 s", name, key)
					.isBetween(before.get(key) - 1000, before.get(key) + 1000);
			}
		});
	}

	/** The migrator as a process of its own, as scripts/migrate.sh runs it, its output in a log of the test's folder. */
	private ChildProcess migrator(String name, List<String> args) {
		return migrator(name, args.toArray(String[]::new));
	}

	private ChildProcess migrator(String name, String... args) {
		List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
				"-cp", System.getProperty("java.class.path"), MigrateCommand.class.getName()));
		command.addAll(List.of(args));
		return ChildProcess.start(Path.of("").toAbsolutePath(), command, this.folder.resolve(name + ".log"), Map.of());
	}

	private static List<String> withOutput(List<String> args, Path output) {
		List<String> all = new ArrayList<>(args);
		all.addAll(List.of("--output", output.toString()));
		return all;
	}

	private static JsonNode report(Path output) {
		return JSON.readTree(output.resolve(MigrationReport.JSON_FILE).toFile());
	}

	/** Keys converted so far by the checkpoint, 0 before it is there (it is written beside and renamed over). */
	private static long converted(Path checkpoint) {
		try {
			return Files.exists(checkpoint) ? JSON.readTree(checkpoint.toFile()).at("/tally/converted").asLong() : 0;
		}
		catch (RuntimeException ex) {
			return 0;
		}
	}

	/** Waits until the condition holds or the process has ended, at most 2 minutes. */
	private static void awaitWhileAlive(ChildProcess process, BooleanSupplier condition) throws Exception {
		long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
		while (!condition.getAsBoolean() && process.isAlive()) {
			assertThat(System.nanoTime()).as("waited 2 minutes; its log:%n%s", process.logTail(10)).isLessThan(deadline);
			Thread.sleep(20);
		}
	}

	/** Whether a line of the process's log says so within the timeout. */
	private static boolean awaitLine(ChildProcess process, String text, Duration timeout) throws Exception {
		long deadline = System.nanoTime() + timeout.toNanos();
		while (System.nanoTime() < deadline) {
			if (Files.exists(process.log()) && Files.readAllLines(process.log()).stream().anyMatch((line) -> line.contains(text))) {
				return true;
			}
			Thread.sleep(100);
		}
		return false;
	}

	private static Path kryoApp() {
		Path jar = Path.of(System.getProperty("kryo-app.jar", "../kryo-app/target/kryo-app.jar"));
		assertThat(jar).as("the kryo app's jar (built first by -am)").isRegularFile();
		return jar;
	}

}
