package org.redisbench.bench.stores;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

import org.redisbench.bench.RedisSetup;
import org.redisbench.bench.run.RunContext;
import org.redisbench.model.Layout;

/**
 * The stores a run measures against, opened once before its first variant and closed after its last (or when it is
 * stopped): the single Redis (a private redis-server, or one named by --redis-host), a Redis Cluster (a local one of
 * --cluster N masters, or one named by --cluster-nodes) and a private memcached (--stores memcached). Only what the run
 * started is reconfigured, paused or flushed unasked.
 */
public final class Stores implements AutoCloseable {

	/**
	 * Before anything starts: refuses (a {@code Refusal}, exit 2) hash buckets on a Redis the run does not start whose
	 * {@code hash-max-listpack-value} is under what buckets need. Reads that Redis, with the run's password.
	 */
	public static void checkLayouts(RunContext context) {
		throw new UnsupportedOperationException("H1");
	}

	/** Starts or checks every store the settings name; a {@code Failure} (exit 1) for one that cannot be used. */
	public static Stores open(RunContext context) {
		throw new UnsupportedOperationException("H1");
	}

	/** The run's topologies in run order: single, then cluster&lt;N&gt; with a cluster, then memcached. */
	public List<String> topologies() {
		throw new UnsupportedOperationException("H1");
	}

	/** The topology of that name, with its nodes. */
	public Topology topology(String name) {
		throw new UnsupportedOperationException("H1");
	}

	/**
	 * Empties it: FLUSHALL on every node (a Redis the run did not start only with --allow-flush), or memcached's
	 * flush_all until it holds no item.
	 */
	public void flush(Topology topology) {
		throw new UnsupportedOperationException("H1");
	}

	/** A variant's persistence and eviction, by CONFIG SET, also back to default; only on a Redis the run started. */
	public void applySettings(Topology topology, RedisSetup setup) {
		throw new UnsupportedOperationException("H1");
	}

	/**
	 * In a run with hash buckets, the topology's hash-max-listpack-value for the variant's layout (CONFIG SET on a
	 * Redis the run started), read back, the lowest of its masters' appended to {@code variantEnv} as
	 * {@code hash_max_listpack_value=N}; nothing otherwise.
	 */
	public void applyLayout(Topology topology, Layout layout, Path variantEnv) {
		throw new UnsupportedOperationException("H1");
	}

	/**
	 * --redis-stall's pauses ({@code CLIENT PAUSE MS WRITE} on every node, once a second) until closed, where the run
	 * started the Redis; closing also unpauses. Nothing to do otherwise.
	 */
	public Stall stall(Topology topology) {
		throw new UnsupportedOperationException("H1");
	}

	/** The single Redis as the run reaches it. */
	public Node redis() {
		throw new UnsupportedOperationException("H1");
	}

	/** Where the apps reach the single Redis: BENCH_APP_REDIS_HOST, or the run's host, on its port. */
	public Node appRedis() {
		throw new UnsupportedOperationException("H1");
	}

	/** The private redis-server's process; empty for a named Redis. */
	public OptionalLong redisPid() {
		throw new UnsupportedOperationException("H1");
	}

	/** The cluster's masters that hold data; empty without a cluster. */
	public List<Node> clusterMasters() {
		throw new UnsupportedOperationException("H1");
	}

	/** Whether the run started the cluster. */
	public boolean ownCluster() {
		throw new UnsupportedOperationException("H1");
	}

	/** The nodes the apps are given to find the cluster by (spring.data.redis.cluster.nodes). */
	public String appClusterNodes() {
		throw new UnsupportedOperationException("H1");
	}

	/** The private memcached, when the run has memcached variants. */
	public Optional<Node> memcached() {
		throw new UnsupportedOperationException("H1");
	}

	public RedisCli cli() {
		throw new UnsupportedOperationException("H1");
	}

	/** Stops what {@link #open} started, keeping the servers' logs in raw/; safe to call at any point, and twice. */
	@Override
	public void close() {
		throw new UnsupportedOperationException("H1");
	}

	/** --redis-stall's pauses while open. */
	public interface Stall extends AutoCloseable {

		@Override
		void close();

	}

}
