package org.redisbench.processes;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.RedisClusterClient;
import redis.clients.jedis.util.JedisClusterCRC16;

/**
 * A Redis Cluster of our own: masters without replicas, each a {@link RedisServer} on free ports
 * (its cluster bus too), keeping nothing on disk but the cluster's layout, joined once as
 * {@code redis-cli --cluster create} joins them, or a single master given every slot ({@link #ofOneNode()}). Tests
 * may stop a node, or all, and start them again: a node comes back on its ports with its slots, and empty.
 */
public final class RedisCluster implements Store, AutoCloseable {

	/**
	 * Short, so that a test sees the other masters notice a stopped node: from then on they refuse every
	 * command, because the cluster no longer serves all slots.
	 */
	private static final Duration NODE_TIMEOUT = Duration.ofSeconds(2);

	/** Creating the cluster, or a node's return, which the others accept only after twice the node timeout. */
	private static final Duration STATE_TIMEOUT = Duration.ofSeconds(30);

	private static final int SLOTS = 16384;

	private final List<RedisServer> nodes;

	/** Each node's cluster bus port, which a MEET names: it is not the default, the node's port + 10000. */
	private final List<Integer> busPorts;

	private boolean created;

	/**
	 * Each node announces 127.0.0.1, which a node that never met another (a cluster of one) would leave empty in
	 * {@code CLUSTER SLOTS}.
	 */
	public RedisCluster(int masters) {
		this.busPorts = IntStream.range(0, masters).map((i) -> FreePorts.next()).boxed().toList();
		this.nodes = this.busPorts.stream()
			.map((busPort) -> new RedisServer("--cluster-enabled", "yes", "--cluster-port", String.valueOf(busPort),
					"--cluster-node-timeout", String.valueOf(NODE_TIMEOUT.toMillis()), "--cluster-announce-ip",
					"127.0.0.1"))
			.toList();
	}

	/**
	 * One master holding every slot: what a key costs in a cluster (Redis 7.0 links each key into its slot's list)
	 * is then in whatever is measured on it, where {@code redis-cli --cluster create} wants three masters.
	 */
	public static RedisCluster ofOneNode() {
		return new RedisCluster(1);
	}

	/** The nodes as {@code spring.data.redis.cluster.nodes} takes them. */
	public String nodeAddresses() {
		return this.nodes.stream().map((node) -> "127.0.0.1:" + node.port()).collect(Collectors.joining(","));
	}

	public List<RedisServer> nodes() {
		return this.nodes;
	}

	/** Starts every node not running, creates the cluster the first time, and waits until it is ok. */
	public synchronized void start() {
		this.nodes.forEach(RedisServer::start);
		if (!this.created) {
			create();
			this.created = true;
		}
		awaitState("ok");
	}

	public synchronized void stop() {
		this.nodes.forEach(RedisServer::stop);
	}

	/**
	 * Stops every node for good and removes their folders, every one even if one cannot be removed. The
	 * cluster's layout goes with the folders, so a later {@link #start()} creates the cluster anew.
	 */
	public synchronized void discard() {
		this.created = false;
		RuntimeException failure = null;
		for (RedisServer node : this.nodes) {
			try {
				node.discard();
			}
			catch (RuntimeException ex) {
				if (failure == null) {
					failure = ex;
				}
				else {
					failure.addSuppressed(ex);
				}
			}
		}
		if (failure != null) {
			throw failure;
		}
	}

	/** Waits until every running node reports {@code cluster_state} as given: {@code ok} or {@code fail}. */
	public void awaitState(String state) {
		long deadline = System.nanoTime() + STATE_TIMEOUT.toNanos();
		List<Integer> pending = pendingFor(state);
		while (!pending.isEmpty()) {
			if (System.nanoTime() > deadline) {
				throw new IllegalStateException("cluster_state is not " + state + " within " + STATE_TIMEOUT
						+ " on port(s) " + pending);
			}
			Waits.sleep(100);
			pending = pendingFor(state);
		}
	}

	/** The node that serves a key's slot. */
	public RedisServer nodeOf(String key) {
		int slot = JedisClusterCRC16.getSlot(key);
		for (RedisServer node : this.nodes) {
			try (Jedis jedis = node.client()) {
				if (servesSlot(jedis.clusterNodes(), slot)) {
					return node;
				}
			}
		}
		throw new IllegalStateException("no node serves slot " + slot + " of " + key);
	}

	/** A cluster client; the caller closes it. */
	public RedisClusterClient client() {
		return RedisClusterClient.create(
				this.nodes.stream().map((node) -> new HostAndPort("127.0.0.1", node.port())).collect(Collectors.toSet()));
	}

	public long dbSize() {
		return this.nodes.stream().mapToLong(RedisServer::dbSize).sum();
	}

	@Override
	public void flushAll() {
		this.nodes.forEach(RedisServer::flushAll);
	}

	/** {@link #discard()}, for a try-with-resources. */
	@Override
	public void close() {
		discard();
	}

	/**
	 * What {@code redis-cli --cluster create} does, without its second of sleep before it looks whether the nodes
	 * met: each master takes an equal share of the slots and its own config epoch, then the first meets the others.
	 * A cluster then starts in 2.0 s from its nodes' start, where redis-cli took 3.0 s (the nodes' own 2 s delay
	 * before a master says ok is the floor), and the tests start dozens. A cluster of two is refused as redis-cli
	 * refuses it: one of two masters lost, the other cannot win a failover vote.
	 */
	private void create() {
		int masters = this.nodes.size();
		if (masters == 2) {
			throw new IllegalStateException("a cluster needs one master or at least 3 masters, not 2");
		}
		for (int i = 0; i < masters; i++) {
			try (Jedis jedis = this.nodes.get(i).client()) {
				jedis.sendCommand(Protocol.Command.CLUSTER, "ADDSLOTSRANGE", String.valueOf(SLOTS * i / masters),
						String.valueOf(SLOTS * (i + 1) / masters - 1));
				jedis.sendCommand(Protocol.Command.CLUSTER, "SET-CONFIG-EPOCH", String.valueOf(i + 1));
			}
		}
		try (Jedis first = this.nodes.get(0).client()) {
			for (int i = 1; i < masters; i++) {
				first.sendCommand(Protocol.Command.CLUSTER, "MEET", "127.0.0.1",
						String.valueOf(this.nodes.get(i).port()), String.valueOf(this.busPorts.get(i)));
			}
		}
	}

	private List<Integer> pendingFor(String state) {
		List<Integer> pending = new ArrayList<>();
		for (RedisServer node : this.nodes) {
			if (node.isRunning() && !reportsState(node, state)) {
				pending.add(node.port());
			}
		}
		return pending;
	}

	private static boolean reportsState(RedisServer node, String state) {
		try (Jedis jedis = node.client()) {
			return jedis.clusterInfo().lines().anyMatch(("cluster_state:" + state)::equals);
		}
		catch (RuntimeException ex) {
			return false;
		}
	}

	/** Whether the {@code myself} line of a {@code CLUSTER NODES} reply lists the slot. */
	static boolean servesSlot(String clusterNodes, int slot) {
		for (String line : clusterNodes.lines().toList()) {
			String[] fields = line.split(" ");
			if (fields.length < 3 || !Set.of(fields[2].split(",")).contains("myself")) {
				continue;
			}
			for (int i = 8; i < fields.length; i++) {
				String[] range = fields[i].split("-");
				if (!range[0].startsWith("[") && slot >= Integer.parseInt(range[0])
						&& slot <= Integer.parseInt(range[range.length - 1])) {
					return true;
				}
			}
		}
		return false;
	}

}
