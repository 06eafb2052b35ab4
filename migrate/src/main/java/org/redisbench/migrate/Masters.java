package org.redisbench.migrate;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import javax.net.ssl.SSLException;

import org.redisbench.commandline.Refusal;
import org.redisbench.footprint.sampling.RedisSource;
import org.redisbench.footprint.sampling.SourceUri;
import org.redisbench.tooloutput.RedisInfo;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.exceptions.JedisAccessControlException;
import redis.clients.jedis.exceptions.JedisConnectionException;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.exceptions.JedisException;

/**
 * The node of the URI, or every master of a cluster, connected: the migrator works on each master's own keys, as
 * its SCAN returns them. A master that is down or unreachable, or a node flagged failed, refuses the run before
 * anything is read: a migration that skipped a node would report a keyspace it did not see.
 */
final class Masters implements AutoCloseable {

	/**
	 * A connection, the address it names in errors, and the run_id of the Redis process that answered there
	 * (INFO server: a new one at every start), which tells a restarted or replaced node from the one a checkpoint's
	 * SCAN cursor was taken of.
	 */
	record Master(HostAndPort address, Jedis jedis, String runId) {

		@Override
		public String toString() {
			return this.address.toString();
		}

	}

	private final SourceUri uri;

	private final List<Master> masters;

	private final boolean cluster;

	private Masters(SourceUri uri, List<Master> masters, boolean cluster) {
		this.uri = uri;
		this.masters = masters;
		this.cluster = cluster;
	}

	static Masters connect(SourceUri uri) {
		Master first = open(uri, uri.address());
		String info = call(first, () -> first.jedis().info("cluster"));
		if (!info.contains("cluster_enabled:1")) {
			return new Masters(uri, List.of(first), false);
		}
		String nodes;
		try {
			nodes = call(first, () -> new String((byte[]) first.jedis().sendCommand(Protocol.Command.CLUSTER,
					"NODES".getBytes(StandardCharsets.US_ASCII)), StandardCharsets.UTF_8));
		}
		finally {
			close(first);
		}
		if (uri.database() != 0) {
			throw new Refusal("a cluster has only database 0, the URI names " + uri.database());
		}
		List<HostAndPort> addresses = RedisSource.masters(nodes);
		List<Master> masters = new ArrayList<>();
		try {
			for (HostAndPort address : addresses) {
				masters.add(open(uri, address));
			}
		}
		catch (Refusal ex) {
			masters.forEach(Masters::close);
			throw new Refusal("cluster node down: " + ex.getMessage());
		}
		return new Masters(uri, List.copyOf(masters), true);
	}

	/** A new connection to a master, for the latency probe beside the migrator's own. */
	Jedis another(Master master) {
		return open(this.uri, master.address()).jedis();
	}

	List<Master> all() {
		return this.masters;
	}

	boolean cluster() {
		return this.cluster;
	}

	List<String> addresses() {
		return this.masters.stream().map(Master::toString).toList();
	}

	/** Each master's address and its process's run_id, in the order they are worked on. */
	Map<String, String> runIds() {
		Map<String, String> runIds = new LinkedHashMap<>();
		this.masters.forEach((master) -> runIds.put(master.toString(), master.runId()));
		return runIds;
	}

	private static Master open(SourceUri uri, HostAndPort address) {
		// Jedis connects and authenticates in its constructor
		Master named = new Master(address, null, null);
		Jedis jedis = call(named, () -> new Jedis(address, uri.config()));
		try {
			// PING first, as ever: its latency histogram is made here, before the memory is read (FirstUse)
			call(named, jedis::ping);
			String info = call(named, () -> jedis.info("server"));
			try {
				return new Master(address, jedis, RedisInfo.text(info, "run_id"));
			}
			catch (IllegalArgumentException ex) {
				throw new Refusal(address + "'s INFO server names no run_id: not a Redis the migrator knows");
			}
		}
		catch (Refusal ex) {
			close(jedis);
			throw ex;
		}
	}

	@Override
	public void close() {
		this.masters.forEach(Masters::close);
	}

	private static void close(Master master) {
		close(master.jedis());
	}

	/** A connection that failed may fail again on QUIT: nothing more to learn from it. */
	private static void close(Jedis jedis) {
		try {
			jedis.close();
		}
		catch (JedisException ex) {
			// already broken
		}
	}

	/** Runs a command before the migration starts, turning what Jedis throws into one line naming the node. */
	static <T> T call(Master master, Supplier<T> command) {
		try {
			return command.get();
		}
		catch (JedisAccessControlException ex) {
			throw new Refusal(master + " refused: " + firstLine(ex) + " (wrong user or password?)");
		}
		catch (JedisConnectionException ex) {
			if (rootCause(ex) instanceof SSLException ssl) {
				throw new Refusal("TLS failed with " + master + ": " + ssl.getMessage());
			}
			throw new Refusal("cannot reach " + master + ": " + firstLine(rootCause(ex)));
		}
		catch (JedisDataException ex) {
			String message = firstLine(ex);
			if (message.startsWith("NOAUTH")) {
				throw new Refusal(master + " needs a password: set " + SourceUri.PASSWORD_VARIABLE);
			}
			throw new Refusal(master + " answered: " + message);
		}
		catch (JedisException ex) {
			throw new Refusal("talking to " + master + " failed: " + firstLine(ex));
		}
	}

	private static Throwable rootCause(Throwable ex) {
		Throwable cause = ex;
		while (cause.getCause() != null && cause.getCause() != cause) {
			cause = cause.getCause();
		}
		return cause;
	}

	static String firstLine(Throwable ex) {
		String message = String.valueOf(ex.getMessage());
		int newline = message.indexOf('\n');
		return newline < 0 ? message : message.substring(0, newline);
	}

}
