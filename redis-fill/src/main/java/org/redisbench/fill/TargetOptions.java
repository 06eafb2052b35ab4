package org.redisbench.fill;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

import org.redisbench.commandline.Refusal;
import picocli.CommandLine.Option;
import redis.clients.jedis.HostAndPort;

/**
 * A Redis of the user's to write to, and how to reach it: the fill's where-options, which memory-at-scale and
 * {@code fill memory} take too. None of --host, --port and --cluster: a redis-server of our own. The password is
 * only ever read from {@code REDIS_PASSWORD} in the environment, never an option, which every user can read.
 */
final class TargetOptions {

	/** Where the password comes from. */
	static final String PASSWORD_VARIABLE = "REDIS_PASSWORD";

	private static final Pattern NODE = Pattern.compile("[^:]+:[0-9]+");

	@Option(names = "--host", paramLabel = "H", description = "a running Redis, never flushed [127.0.0.1]")
	String host;

	@Option(names = "--port", paramLabel = "P", description = "its port [6379 with --host]")
	Integer port;

	@Option(names = "--user", paramLabel = "NAME",
			description = "ACL user; the password is read from REDIS_PASSWORD in the environment, never an option")
	String user;

	@Option(names = "--tls", description = "TLS; with --cacert FILE (the CA to trust, PEM; else the JDK's), --cert FILE "
			+ "and --key FILE (PEM: a client certificate, for a Redis with tls-auth-clients)")
	boolean tls;

	@Option(names = "--cacert", paramLabel = "FILE", description = "the CA to trust (PEM), with --tls")
	Path cacert;

	@Option(names = "--cert", paramLabel = "FILE", description = "a client certificate (PEM), with --tls and --key")
	Path cert;

	@Option(names = "--key", paramLabel = "FILE", description = "the client certificate's key (PEM), with --cert")
	Path key;

	@Option(names = "--db", paramLabel = "N", description = "database number [0]")
	int db;

	@Option(names = "--cluster", paramLabel = "NODES", split = ",",
			description = "a Redis Cluster, seed nodes HOST:PORT,...: each person goes to its slot's master, "
					+ "pipelined per node (with --user, --tls as above)")
	List<String> cluster;

	@Option(names = "--overwrite", description = "write over persons a Redis not our own already holds in the range "
			+ "1..N; without it such a Redis is refused (exit 2) before anything is written")
	boolean overwrite;

	/** Whether a Redis of the user's was named: else the tool fills one of its own. */
	boolean given() {
		return this.host != null || this.port != null || this.cluster != null;
	}

	/** The options as given, for a message. */
	List<String> describe() {
		List<String> words = new ArrayList<>();
		add(words, "--host", this.host);
		add(words, "--port", this.port);
		add(words, "--user", this.user);
		if (this.tls) {
			words.add("--tls");
		}
		add(words, "--cacert", this.cacert);
		add(words, "--cert", this.cert);
		add(words, "--key", this.key);
		add(words, "--db", (this.db != 0) ? this.db : null);
		add(words, "--cluster", (this.cluster != null) ? String.join(",", this.cluster) : null);
		if (this.overwrite) {
			words.add("--overwrite");
		}
		return words;
	}

	private static void add(List<String> words, String option, Object value) {
		if (value != null) {
			words.add(option);
			words.add(value.toString());
		}
	}

	/**
	 * Refuses what does not go together; the reach of the Redis named, its password from {@code environment}'s
	 * {@value #PASSWORD_VARIABLE}, or none for a redis-server of the tool's own.
	 */
	Optional<Reach> reach(Map<String, String> environment) {
		if (!given()) {
			if (this.user != null || this.tls || this.cacert != null || this.cert != null || this.key != null
					|| this.db != 0 || this.overwrite) {
				throw new Refusal("--user, --tls, --cacert, --cert, --key, --db and --overwrite are for a Redis given "
						+ "by --host, --port or --cluster");
			}
			return Optional.empty();
		}
		if (this.db < 0) {
			throw new Refusal("--db must be at least 0, was " + this.db);
		}
		List<HostAndPort> nodes = List.of();
		if (this.cluster != null) {
			if (this.host != null || this.port != null) {
				throw new Refusal("--cluster names its nodes: without --host and --port");
			}
			if (this.db != 0) {
				throw new Refusal("a cluster has database 0 only");
			}
			for (String node : this.cluster) {
				if (!NODE.matcher(node).matches()) {
					throw new Refusal("a cluster node is HOST:PORT, was '" + node + "'");
				}
			}
			nodes = this.cluster.stream().map(HostAndPort::from).toList();
		}
		int port = (this.port != null) ? this.port : 6379;
		if (port < 1 || port > 65535) {
			throw new Refusal("--port must be a port from 1, was " + port);
		}
		if ((this.cacert != null || this.cert != null || this.key != null) && !this.tls) {
			throw new Refusal("--cacert, --cert and --key are for --tls");
		}
		if ((this.cert == null) != (this.key == null)) {
			throw new Refusal("--cert and --key go together");
		}
		for (Path file : new Path[] { this.cacert, this.cert, this.key }) {
			if (file != null && !Files.isReadable(file)) {
				throw new Refusal("cannot read " + file);
			}
		}
		String password = environment.get(PASSWORD_VARIABLE);
		return Optional.of(new Reach((this.host != null) ? this.host : "127.0.0.1", port, this.user,
				(password == null || password.isEmpty()) ? null : password, this.tls, this.cacert, this.cert, this.key,
				this.db, nodes));
	}

}
