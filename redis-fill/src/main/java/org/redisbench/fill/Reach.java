package org.redisbench.fill;

import java.nio.file.Path;
import java.util.List;

import redis.clients.jedis.HostAndPort;

/**
 * Where a fill writes and how it connects: one Redis or a cluster's seed nodes, the ACL user, the password, TLS
 * and the database.
 *
 * @param password {@code null}: none; a Redis given on the command line has the one in {@code REDIS_PASSWORD},
 * a redis-server of our own never
 * @param cacert, cert, key PEM files: the CA to trust (else the JDK's), the client's certificate and key
 * @param cluster seed nodes of a cluster; empty: {@code host} and {@code port} is one Redis
 */
record Reach(String host, int port, String user, String password, boolean tls, Path cacert, Path cert, Path key,
		int database, List<HostAndPort> cluster) {

	/** A redis-server of our own on 127.0.0.1: no user, no password, no TLS, database 0. */
	static Reach own(int port) {
		return new Reach("127.0.0.1", port, null, null, false, null, null, null, 0, List.of());
	}

	/** A cluster of our own whose one node is on 127.0.0.1. */
	static Reach ownCluster(int port) {
		return new Reach("127.0.0.1", port, null, null, false, null, null, null, 0,
				List.of(new HostAndPort("127.0.0.1", port)));
	}

	/** How a refusal names it. */
	String where() {
		return this.cluster.isEmpty() ? this.host + ":" + this.port : "cluster " + this.cluster;
	}

	@Override
	public String toString() {
		return where();
	}

}
