package org.redisbench.store;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.IntStream;

import redis.clients.jedis.Connection;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.RedisClusterClient;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.commands.JedisBinaryCommands;
import redis.clients.jedis.exceptions.JedisException;
import redis.clients.jedis.providers.ClusterConnectionProvider;
import redis.clients.jedis.util.JedisClusterCRC16;

import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.jedis.JedisConnectionFactory;

/**
 * The Redis one attempt at a request sends its commands to, borrowed for it and given back by
 * {@link #close()}: a {@code Jedis} of the pool of one Redis, or a cluster's client and, per batch, one
 * connection of each node's pool.
 */
sealed interface Lease extends AutoCloseable permits Lease.OneNode, Lease.Cluster {

	/** Borrows what the factory's Redis needs. Throws what the client throws when no connection can be had. */
	static Lease borrow(JedisConnectionFactory factory, Borrowing borrowing) {
		if (factory.isRedisClusterAware()) {
			return new Cluster(factory.getConnection(), borrowing);
		}
		return new OneNode(borrowing.borrow(factory::getConnection, (connection) -> jedis(connection).getConnection(),
				RedisConnection::close));
	}

	/** Where one command at a time goes: the borrowed {@code Jedis}, or the cluster client, to the key's node. */
	JedisBinaryCommands commands();

	/**
	 * The commands grouped by the node holding their keys, each group on a connection to it. When no
	 * connection to a node can be had, its commands get that failure, the others are not sent, and there are
	 * no batches.
	 */
	List<NodeBatch> batches(List<Command> commands, Reply[] replies);

	@Override
	void close();

	private static Jedis jedis(RedisConnection connection) {
		return (Jedis) connection.getNativeConnection();
	}

	/** One Redis: every command of the request on the one {@code Jedis} borrowed for it. */
	final class OneNode implements Lease {

		private final RedisConnection connection;

		OneNode(RedisConnection connection) {
			this.connection = connection;
		}

		@Override
		public JedisBinaryCommands commands() {
			return jedis(this.connection);
		}

		@Override
		public List<NodeBatch> batches(List<Command> commands, Reply[] replies) {
			List<Integer> all = IntStream.range(0, commands.size()).boxed().toList();
			return List.of(new NodeBatch(jedis(this.connection).getConnection(), false, all));
		}

		@Override
		public void close() {
			this.connection.close();
		}

	}

	/**
	 * A Redis Cluster: one command at a time through the cluster client, which routes it, follows redirects
	 * and retries by itself; batches on a connection per node, borrowed from the client's own pool of that
	 * node, so both modes share the pools and slot map the client keeps.
	 */
	final class Cluster implements Lease {

		/**
		 * The client keeps its slot map and node pools to itself; this is the one way to batch by node on them
		 * without a slot map and pools of our own, the way its own cluster pipeline does.
		 */
		private static final Field PROVIDER = providerField();

		private final RedisConnection connection;

		private final Borrowing borrowing;

		Cluster(RedisConnection connection, Borrowing borrowing) {
			this.connection = connection;
			this.borrowing = borrowing;
		}

		@Override
		public RedisClusterClient commands() {
			return (RedisClusterClient) this.connection.getNativeConnection();
		}

		@Override
		public List<NodeBatch> batches(List<Command> commands, Reply[] replies) {
			ClusterConnectionProvider nodes = provider(commands());
			Map<HostAndPort, List<Integer>> byNode = new LinkedHashMap<>();
			for (int i = 0; i < commands.size(); i++) {
				HostAndPort node = nodes.getNode(JedisClusterCRC16.getSlot(commands.get(i).key()));
				byNode.computeIfAbsent(node, (key) -> new ArrayList<>()).add(i);
			}
			List<NodeBatch> batches = new ArrayList<>(byNode.size());
			for (Map.Entry<HostAndPort, List<Integer>> node : byNode.entrySet()) {
				try {
					Connection connection = this.borrowing.borrow(() -> nodes.getConnection(node.getKey()),
							Function.identity(), Connection::close);
					batches.add(new NodeBatch(connection, true, node.getValue()));
				}
				catch (JedisException ex) {
					batches.forEach(NodeBatch::close);
					Arrays.fill(replies, Reply.NOT_SENT);
					Reply.Failure failure = JedisFailures.of(ex);
					node.getValue().forEach((index) -> replies[index] = failure);
					return List.of();
				}
			}
			return batches;
		}

		@Override
		public void close() {
			this.connection.close();
		}

		private static ClusterConnectionProvider provider(RedisClusterClient client) {
			try {
				return (ClusterConnectionProvider) PROVIDER.get(client);
			}
			catch (IllegalAccessException ex) {
				throw new IllegalStateException(ex);
			}
		}

		private static Field providerField() {
			try {
				Field provider = UnifiedJedis.class.getDeclaredField("provider");
				provider.setAccessible(true);
				return provider;
			}
			catch (NoSuchFieldException ex) {
				throw new IllegalStateException("this Jedis keeps no connection provider", ex);
			}
		}

	}

}
