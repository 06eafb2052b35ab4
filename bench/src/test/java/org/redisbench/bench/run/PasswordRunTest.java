package org.redisbench.bench.run;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;
import org.redisbench.bench.BenchProcess;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.exceptions.JedisException;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * test-bench's password run: a Redis password with a space and quotes (REDIS_PASSWORD), and no Redis named. The
 * private Redis demands it, the run is valid in both layouts whatever REDISCLI_AUTH and SPRING_DATA_REDIS_* the user's
 * shell has (each wrong for the run's Redis: none may reach its redis-cli, redis-server or apps), and the password is
 * on no command line and in no result file.
 */
@Tag("end-to-end")
class PasswordRunTest {

	private static final int REQUESTS = 500;

	private static final String PASSWORD = "bench pass'word\"" + ThreadLocalRandom.current().nextInt(32768)
			+ ProcessHandle.current().pid();

	private static final byte[] PASSWORD_BYTES = PASSWORD.getBytes(StandardCharsets.UTF_8);

	/** Kept when a check fails, for its files. */
	@TempDir(cleanup = CleanupMode.ON_SUCCESS)
	static Path folder;

	private static BenchProcess bench;

	private static int status;

	private static RunOutput out;

	/** How many times a scan found the password on a process's command line while the run ran. */
	private static int foundOnCommandLines;

	/** The private Redis refused a client without the password and answered one with it. */
	private static boolean demanded;

	/** The private Redis's redis.conf's permissions, read while it ran. */
	private static Optional<String> confPermissions = Optional.empty();

	@BeforeAll
	static void run() throws Exception {
		bench = BenchProcess.logTo(folder.resolve("bench.out"))
			.with("REDIS_PASSWORD", PASSWORD)
			.fromAShellWithRedisSettings()
			.quickApps();
		out = new RunOutput(folder.resolve("password"));
		Process run = bench.start("-n", String.valueOf(REQUESTS), "-c", "50", "--warmup", "0", "--repetitions", "1",
				"--apps", "kryo", "--layouts", "string-per-key,hash-bucket", "--no-build", "--no-profile", "--output",
				out.path().toString());
		long deadline = System.nanoTime() + BenchProcess.TIMEOUT.toNanos();
		while (run.isAlive() && System.nanoTime() < deadline) {
			if (passwordOnACommandLine()) {
				foundOnCommandLines++;
			}
			if (confPermissions.isEmpty()) {
				out.privateRedis().ifPresent(PasswordRunTest::askPrivateRedis);
			}
			run.waitFor(200, TimeUnit.MILLISECONDS);
		}
		if (run.isAlive()) {
			run.destroyForcibly().waitFor();
		}
		status = run.exitValue();
	}

	@Test
	void exitsZero() {
		assertThat(status).as(bench.output()).isZero();
	}

	@Test
	void addAndCheckValidInBothLayouts() {
		List<JsonNode> records = out
			.records((record) -> List.of("add", "check").contains(record.path("phase").asString()));
		assertThat(records).as("kryo's add and check records, one a layout").hasSize(4);
		assertThat(records).as("valid, no failed request, no non-2xx")
			.allMatch((record) -> record.path("valid").asBoolean() && record.path("failed_requests").asLong(-1) == 0
					&& record.path("non_2xx").asLong(-1) == 0);
	}

	@Test
	void hashBucketsHoldEveryPersonAddWrote() {
		List<JsonNode> records = out.records((record) -> "hash-bucket".equals(record.path("layout").asString())
				&& "add".equals(record.path("phase").asString()));
		assertThat(records).as("the hash-bucket add record").hasSize(1);
		assertThat(records.get(0).path("persons_written").asLong()).as("persons written: %s", records.get(0))
			.isEqualTo(REQUESTS * 100L);
		assertThat(records.get(0).path("missing_persons").asLong(-1)).as("missing persons: %s", records.get(0))
			.isZero();
	}

	@Test
	void privateRedisDemandsIt() {
		assertThat(demanded).as("the private Redis refused a client without the password and answered one with it")
			.isTrue();
	}

	@Test
	void itsConfigFileIsMode600() {
		assertThat(confPermissions).as("redis.conf's permissions while it ran").contains("rw-------");
	}

	@Test
	void onNoProcesssCommandLine() {
		assertThat(foundOnCommandLines).as("scans finding it on a process's command line").isZero();
	}

	@Test
	void inNoResultFile() throws IOException {
		try (Stream<Path> files = Files.walk(out.path())) {
			assertThat(files.filter(Files::isRegularFile).filter(PasswordRunTest::holdsPassword))
				.as("result files holding the password").isEmpty();
		}
	}

	@Test
	void notInItsOutput() {
		assertThat(bench.output()).doesNotContain(PASSWORD);
	}

	@Test
	void nothingLeftRunning() {
		out.assertNothingLeftRunning();
	}

	/** What ps shows every user: each process's arguments. */
	private static boolean passwordOnACommandLine() {
		try (Stream<Path> processes = Files.list(Path.of("/proc"))) {
			return processes.filter((process) -> process.getFileName().toString().chars().allMatch(Character::isDigit))
				.anyMatch(PasswordRunTest::commandLineHoldsPassword);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** Reads redis.conf's permissions, and whether the server demands the password, once the server is up. */
	private static void askPrivateRedis(RunOutput.PrivateRedis redis) {
		try {
			confPermissions = Optional.of(PosixFilePermissions
				.toString(Files.getPosixFilePermissions(redis.dir().resolve("redis.conf"))));
		}
		catch (IOException ex) {
			confPermissions = Optional.of("missing");
		}
		int timeout = (int) Duration.ofSeconds(10).toMillis();
		try (Jedis stranger = new Jedis(redis.host(), redis.port(), timeout);
				Jedis knowing = new Jedis(redis.host(), redis.port(), timeout)) {
			boolean refused;
			try {
				stranger.ping();
				refused = false;
			}
			catch (JedisDataException ex) {
				refused = String.valueOf(ex.getMessage()).contains("NOAUTH");
			}
			knowing.auth(PASSWORD);
			demanded = refused && "PONG".equals(knowing.ping());
		}
		catch (JedisException ex) {
			// Neither demanded nor answered: the check says so.
			demanded = false;
		}
	}

	/** A file holds the password; an unreadable result file fails the check. */
	private static boolean holdsPassword(Path file) {
		try {
			return holdsPassword(Files.readAllBytes(file));
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** A process's command line holds the password; a process gone, or not ours to read, holds none. */
	private static boolean commandLineHoldsPassword(Path process) {
		try {
			return holdsPassword(Files.readAllBytes(process.resolve("cmdline")));
		}
		catch (IOException ex) {
			return false;
		}
	}

	private static boolean holdsPassword(byte[] bytes) {
		for (int at = 0; at + PASSWORD_BYTES.length <= bytes.length; at++) {
			if (Arrays.equals(bytes, at, at + PASSWORD_BYTES.length, PASSWORD_BYTES, 0, PASSWORD_BYTES.length)) {
				return true;
			}
		}
		return false;
	}

}
