package org.redisbench.footprint;

import org.redisbench.processes.RedisCluster;
import org.redisbench.processes.RedisServer;
import redis.clients.jedis.Jedis;

/**
 * The redis-server a tool measures on (the codec lab's, the advisor's, the migrator's projection): the process
 * layer's own, without persistence, so that the tool may FLUSHALL it between configurations; taken only when its
 * process answers on its port (another Redis that took the port first is refused there, never flushed).
 * {@link #close()} stops it and removes its folder.
 */
public final class OwnRedis implements AutoCloseable {

	private final RedisServer node;

	/** Stops what was started: the server, or the cluster it is the node of. */
	private final Runnable stop;

	private OwnRedis(RedisServer node, Runnable stop) {
		this.node = node;
		this.stop = stop;
	}

	public static OwnRedis start() {
		return start(false);
	}

	/**
	 * With {@code cluster}, a one-node Redis Cluster holding every slot: what a key costs there (Redis 7.0 links each
	 * key into its slot's list) is then in whatever is measured on it, not a figure quoted beside it.
	 */
	public static OwnRedis start(boolean cluster) {
		if (cluster) {
			RedisCluster one = RedisCluster.ofOneNode();
			one.start();
			return new OwnRedis(one.nodes().get(0), one::close);
		}
		RedisServer server = new RedisServer();
		server.start();
		return new OwnRedis(server, server::close);
	}

	public int port() {
		return this.node.port();
	}

	public Jedis connect() {
		return this.node.client();
	}

	@Override
	public void close() {
		this.stop.run();
	}

}
