package org.redisbench.test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;

import org.springframework.util.FileSystemUtils;

/**
 * A {@code redis-server} of the test's own, on a free port, keeping nothing on disk unless told to. Tests
 * may stop, crash and restart it on the same port to play an outage; they never touch the machine's shared
 * Redis.
 * <p>
 * It may demand a password, an ACL user or TLS, like a production Redis. Secrets go into a config file only
 * its owner can read, never onto the command line, where {@code ps} would show them to every user.
 */
public final class RedisServer {

	private static final Duration START_TIMEOUT = Duration.ofSeconds(10);

	/**
	 * Memory-backed where the machine has it: the fault contract's append-only file is synced on every write
	 * (so a write Redis confirmed survives a SIGKILL), and on a busy disk 100 syncs per request made the
	 * requests after a restart exceed their 2 s deadline. A tmpfs keeps the file over a kill of the process,
	 * which is all those tests need.
	 */
	private static final Path DATA_ROOT = Files.isDirectory(Path.of("/dev/shm")) && Files.isWritable(Path.of("/dev/shm"))
			? Path.of("/dev/shm") : Path.of(System.getProperty("java.io.tmpdir"));

	private final int port = freePort();

	private final Access access;

	private final List<String> extraArguments;

	private Path directory;

	private Process process;

	public RedisServer(String... extraArguments) {
		this(Access.OPEN, extraArguments);
	}

	private RedisServer(Access access, String... extraArguments) {
		this.access = access;
		this.extraArguments = List.of(extraArguments);
	}

	/** Demands a password of the {@code default} user ({@code requirepass}). */
	public static RedisServer withPassword(String... extraArguments) {
		return new RedisServer(new Access(null, newSecret(), null), extraArguments);
	}

	/** Knows one ACL user, allowed everything, and refuses the {@code default} user. */
	public static RedisServer withAclUser(String user, String... extraArguments) {
		return new RedisServer(new Access(user, newSecret(), null), extraArguments);
	}

	/** Speaks TLS only, with a certificate signed by the given test CA, and demands a client certificate. */
	public static RedisServer withTls(TestCertificates certificates, String... extraArguments) {
		return new RedisServer(new Access(null, null, certificates), extraArguments);
	}

	public int port() {
		return this.port;
	}

	/** Its folder, made when it first starts: its config, data and log, removed by {@link #discard()}. */
	Path directory() {
		return this.directory;
	}

	/** The ACL user clients must log in as, or {@code null} for the {@code default} user. */
	public String user() {
		return this.access.user();
	}

	/** The password clients must give, or {@code null} when none is needed. */
	public String password() {
		return this.access.password();
	}

	public synchronized void start() {
		if (isRunning()) {
			return;
		}
		try {
			if (this.directory == null) {
				this.directory = Files.createTempDirectory(DATA_ROOT, "redis-test-");
				writeConfig();
			}
			// The config file comes first: Redis reads the command line after it, and a later directive wins.
			List<String> command = new ArrayList<>(List.of("redis-server", config().toString(), "--bind", "127.0.0.1",
					"--save", "", "--appendonly", "no"));
			command.addAll(this.extraArguments);
			command.addAll(List.of("--dir", this.directory.toString()));
			this.process = new ProcessBuilder(command).redirectErrorStream(true)
				.redirectOutput(ProcessBuilder.Redirect.appendTo(this.directory.resolve("redis.log").toFile()))
				.start();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot start redis-server (is it installed and on the PATH?)", ex);
		}
		awaitPing();
	}

	/** Stops it as an operator would ({@code SIGTERM}): Redis finishes what it has and exits. */
	public synchronized void stop() {
		end(false);
	}

	/** Crashes it ({@code SIGKILL}): no goodbye to clients, nothing flushed that Redis had not yet written. */
	public synchronized void kill() {
		end(true);
	}

	/**
	 * Stops it for good and removes its folder: its data, config (with the password) and log. A start that
	 * failed has already put the log's last lines into its exception.
	 */
	public synchronized void discard() {
		end(false);
		if (this.directory != null) {
			try {
				FileSystemUtils.deleteRecursively(this.directory);
			}
			catch (IOException ex) {
				throw new UncheckedIOException("cannot remove " + this.directory, ex);
			}
			this.directory = null;
		}
	}

	private void end(boolean forcibly) {
		if (this.process == null) {
			return;
		}
		ServerProcesses.end(this.process, forcibly);
		this.process = null;
	}

	public boolean isRunning() {
		return this.process != null && this.process.isAlive();
	}

	/** A client logged in as the server demands, to inspect or plant data; the caller closes it. */
	public Jedis client() {
		DefaultJedisClientConfig.Builder config = DefaultJedisClientConfig.builder()
			.user(this.access.user())
			.password(this.access.password())
			.timeoutMillis(10_000);
		if (this.access.certificates() != null) {
			config.ssl(true).sslSocketFactory(this.access.certificates().clientContext().getSocketFactory());
		}
		return new Jedis(new HostAndPort("127.0.0.1", this.port), config.build());
	}

	public void flushAll() {
		try (Jedis jedis = client()) {
			jedis.flushAll();
		}
	}

	public long dbSize() {
		try (Jedis jedis = client()) {
			return jedis.dbSize();
		}
	}

	/** How often each command was called since it started, as {@code INFO commandstats} counts them. */
	public Map<String, Long> commandCalls() {
		try (Jedis jedis = client()) {
			Map<String, Long> calls = new HashMap<>();
			jedis.info("commandstats").lines().filter((line) -> line.startsWith("cmdstat_")).forEach((line) -> {
				String command = line.substring("cmdstat_".length(), line.indexOf(':'));
				calls.put(command, Long.parseLong(line.replaceFirst(".*[:,]calls=(\\d+).*", "$1")));
			});
			return calls;
		}
	}

	private Path config() {
		return this.directory.resolve("redis.conf");
	}

	private void writeConfig() throws IOException {
		List<String> lines = new ArrayList<>();
		Access access = this.access;
		TestCertificates certificates = access.certificates();
		if (certificates != null) {
			lines.addAll(List.of("port 0", "tls-port " + this.port, "tls-cert-file " + certificates.serverCertificate(),
					"tls-key-file " + certificates.serverKey(), "tls-ca-cert-file " + certificates.caCertificate(),
					"tls-auth-clients yes"));
		}
		else {
			lines.add("port " + this.port);
		}
		if (access.user() != null) {
			lines.add("user default off");
			lines.add("user " + access.user() + " on >" + access.password() + " ~* &* +@all");
		}
		else if (access.password() != null) {
			lines.add("requirepass " + access.password());
		}
		Path config = config();
		Files.createFile(config, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
		Files.write(config, lines);
	}

	private void awaitPing() {
		long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
		while (true) {
			try (Jedis jedis = client()) {
				jedis.ping();
				return;
			}
			catch (RuntimeException ex) {
				if (!this.process.isAlive() || System.nanoTime() > deadline) {
					stop();
					throw new IllegalStateException("redis-server did not answer on port " + this.port + " within "
							+ START_TIMEOUT + "; its log ends:\n" + logTail(), ex);
				}
				Waits.sleep(50);
			}
		}
	}

	private String logTail() {
		try {
			List<String> lines = Files.readAllLines(this.directory.resolve("redis.log"));
			return String.join("\n", lines.subList(Math.max(0, lines.size() - 10), lines.size()));
		}
		catch (IOException ex) {
			return "(no log: " + ex.getMessage() + ")";
		}
	}

	private static String newSecret() {
		byte[] secret = new byte[16];
		new SecureRandom().nextBytes(secret);
		return HexFormat.of().formatHex(secret);
	}

	static int freePort() {
		try (ServerSocket socket = new ServerSocket(0)) {
			return socket.getLocalPort();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private record Access(String user, String password, TestCertificates certificates) {

		static final Access OPEN = new Access(null, null, null);

	}

}
