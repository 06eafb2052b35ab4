package org.redisbench.processes;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

import org.redisbench.tooloutput.RedisInfo;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisClientConfig;

/**
 * A {@code redis-server} of our own, on a free port, keeping nothing on disk unless told to. Tests may stop,
 * crash and restart it on the same port to play an outage; nothing of ours touches the machine's shared Redis.
 * <p>
 * It may demand a password, an ACL user or TLS, like a production Redis. Secrets go into a config file only
 * its owner can read, never onto the command line, where {@code ps} would show them to every user.
 */
public final class RedisServer extends ServerProcess implements Store {

	/**
	 * Memory-backed where the machine has it: the apps' fault contract's append-only file is synced on every write
	 * (so a write Redis confirmed survives a SIGKILL), and on a busy disk 100 syncs per request made the
	 * requests after a restart exceed their 2 s deadline. A tmpfs keeps the file over a kill of the process,
	 * which is all those tests need.
	 */
	private static final Path DATA_ROOT = Files.isDirectory(Path.of("/dev/shm")) && Files.isWritable(Path.of("/dev/shm"))
			? Path.of("/dev/shm") : Path.of(System.getProperty("java.io.tmpdir"));

	private final Access access;

	private final List<String> extraArguments;

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

	/**
	 * Demands the given password of the {@code default} user, such as a user's own from {@code REDIS_PASSWORD}: a
	 * run against a Redis set up as theirs is.
	 */
	public static RedisServer withGivenPassword(String password, String... extraArguments) {
		return new RedisServer(new Access(null, password, null), extraArguments);
	}

	/** Knows one ACL user, allowed everything, and refuses the {@code default} user. */
	public static RedisServer withAclUser(String user, String... extraArguments) {
		return new RedisServer(new Access(user, newSecret(), null), extraArguments);
	}

	/** Speaks TLS only, with a certificate signed by the given throw-away CA, and demands a client certificate. */
	public static RedisServer withTls(ThrowawayCertificates certificates, String... extraArguments) {
		return new RedisServer(new Access(null, null, certificates), extraArguments);
	}

	/** The ACL user clients must log in as, or {@code null} for the {@code default} user. */
	public String user() {
		return this.access.user();
	}

	/** The password clients must give, or {@code null} when none is needed. */
	public String password() {
		return this.access.password();
	}

	@Override
	protected String program() {
		return "redis-server";
	}

	@Override
	protected Path dataRoot() {
		return DATA_ROOT;
	}

	@Override
	protected void prepare(Path directory) throws IOException {
		writeConfig(directory.resolve("redis.conf"));
	}

	@Override
	protected List<String> command(Path directory) {
		// The config file comes first: Redis reads the command line after it, and a later directive wins.
		List<String> command = new ArrayList<>(List.of("redis-server", directory.resolve("redis.conf").toString(),
				"--bind", "127.0.0.1", "--save", "", "--appendonly", "no"));
		command.addAll(this.extraArguments);
		command.addAll(List.of("--dir", directory.toString()));
		return command;
	}

	@Override
	protected OptionalLong answeringPid() {
		try (Jedis jedis = client()) {
			// Refused (LOADING) while it reads its append-only file back, unlike INFO: it is ready once this answers.
			jedis.ping();
			return OptionalLong.of(RedisInfo.number(jedis.info("server"), "process_id"));
		}
	}

	/** A client logged in as the server demands, to inspect, plant or empty data; the caller closes it. */
	public Jedis client() {
		return new Jedis(new HostAndPort("127.0.0.1", port()), clientConfig());
	}

	/**
	 * How our own client logs in: as the server demands, with 10 s to answer. Jedis's default of 2 s was once too
	 * short for the apps' ValueSizeContractTest's HSET of 8 MB at a load average of 25.
	 */
	public JedisClientConfig clientConfig() {
		DefaultJedisClientConfig.Builder config = DefaultJedisClientConfig.builder()
			.user(this.access.user())
			.password(this.access.password())
			.timeoutMillis(10_000);
		if (this.access.certificates() != null) {
			config.ssl(true).sslSocketFactory(this.access.certificates().clientContext().getSocketFactory());
		}
		return config.build();
	}

	@Override
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

	private void writeConfig(Path config) throws IOException {
		List<String> lines = new ArrayList<>();
		Access access = this.access;
		ThrowawayCertificates certificates = access.certificates();
		if (certificates != null) {
			lines.addAll(List.of("port 0", "tls-port " + port(), "tls-cert-file " + certificates.serverCertificate(),
					"tls-key-file " + certificates.serverKey(), "tls-ca-cert-file " + certificates.caCertificate(),
					"tls-auth-clients yes"));
		}
		else {
			lines.add("port " + port());
		}
		if (access.user() != null) {
			lines.add("user default off");
			lines.add("user " + access.user() + " on >" + access.password() + " ~* &* +@all");
		}
		else if (access.password() != null) {
			lines.add("requirepass " + quoted(access.password()));
		}
		Files.createFile(config, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
		Files.write(config, lines);
	}

	/**
	 * A value as one double-quoted redis.conf argument that Redis reads back byte for byte: everything but letters
	 * and digits as {@code \xHH}, so that a quote, backslash, space or '#' in a given password can neither end the
	 * argument nor turn it into another password. The bench's own servers (its stores' redis.conf) write it so too.
	 */
	public static String quoted(String value) {
		StringBuilder quoted = new StringBuilder("\"");
		for (byte each : value.getBytes(StandardCharsets.UTF_8)) {
			if ((each >= 'a' && each <= 'z') || (each >= 'A' && each <= 'Z') || (each >= '0' && each <= '9')) {
				quoted.append((char) each);
			}
			else {
				quoted.append(String.format("\\x%02x", each & 0xff));
			}
		}
		return quoted.append('"').toString();
	}

	private static String newSecret() {
		byte[] secret = new byte[16];
		new SecureRandom().nextBytes(secret);
		return HexFormat.of().formatHex(secret);
	}

	private record Access(String user, String password, ThrowawayCertificates certificates) {

		static final Access OPEN = new Access(null, null, null);

	}

}
