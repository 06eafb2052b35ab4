package org.redisbench.fill;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import javax.net.ssl.SSLParameters;

import org.springframework.boot.ssl.SslBundle;
import org.springframework.boot.ssl.pem.PemSslStoreBundle;
import org.springframework.boot.ssl.pem.PemSslStoreDetails;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisClientConfig;
import redis.clients.jedis.util.JedisClusterCRC16;

/**
 * The Redis a fill writes to: one server, or the masters of a cluster with the slots each serves, and how to
 * connect to any of them (ACL user, its password, TLS, database).
 *
 * @param nodes the servers written to; one for a single Redis
 * @param nodeOfSlot for a cluster, the index in {@code nodes} of each slot's master; {@code null} otherwise
 */
record Target(JedisClientConfig client, List<HostAndPort> nodes, int[] nodeOfSlot) {

	private static final int SLOTS = 16384;

	private static final int CONNECT_TIMEOUT_MILLIS = 10_000;

	/**
	 * A reply may take long: on a shared machine under a load of 20-30, a bulk fill saw Redis answer a pipeline
	 * after more than 10 s, and a fill that gives up there loses the hour it ran.
	 */
	private static final int READ_TIMEOUT_MILLIS = 120_000;

	static Target of(Reach reach) {
		JedisClientConfig client = client(reach);
		if (reach.cluster().isEmpty()) {
			return new Target(client, List.of(new HostAndPort(reach.host(), reach.port())), null);
		}
		return cluster(client, reach.cluster());
	}

	Jedis connect(int node) {
		return new Jedis(this.nodes.get(node), this.client);
	}

	/** The index of the node that serves {@code key}: its slot's master on a cluster. */
	int nodeOf(byte[] key) {
		return (this.nodeOfSlot != null) ? this.nodeOfSlot[JedisClusterCRC16.getSlot(key)] : 0;
	}

	boolean isCluster() {
		return this.nodeOfSlot != null;
	}

	/** The slots a node serves: every one for a single Redis. */
	int slotsOf(int node) {
		return (this.nodeOfSlot != null) ? (int) Arrays.stream(this.nodeOfSlot).filter((each) -> each == node).count()
				: SLOTS;
	}

	private static JedisClientConfig client(Reach options) {
		DefaultJedisClientConfig.Builder builder = DefaultJedisClientConfig.builder()
			.connectionTimeoutMillis(CONNECT_TIMEOUT_MILLIS)
			.socketTimeoutMillis(READ_TIMEOUT_MILLIS)
			.user(options.user())
			.password(options.password())
			.database(options.database());
		if (options.tls()) {
			SslBundle bundle = SslBundle.of(new PemSslStoreBundle(keyStore(options), trustStore(options)));
			// Jedis leaves the JDK's hostname check off: any certificate the CA signed would pass for this Redis.
			SSLParameters parameters = new SSLParameters();
			parameters.setEndpointIdentificationAlgorithm("HTTPS");
			builder.ssl(true).sslSocketFactory(bundle.createSslContext().getSocketFactory()).sslParameters(parameters);
		}
		return builder.build();
	}

	private static PemSslStoreDetails keyStore(Reach options) {
		return (options.cert() != null)
				? PemSslStoreDetails.forCertificate(location(options.cert())).withPrivateKey(location(options.key()))
				: null;
	}

	private static PemSslStoreDetails trustStore(Reach options) {
		return (options.cacert() != null) ? PemSslStoreDetails.forCertificates(location(options.cacert())) : null;
	}

	private static String location(Path file) {
		return "file:" + file.toAbsolutePath();
	}

	/** The masters and their slots, as the first seed that answers sees them. */
	private static Target cluster(JedisClientConfig client, List<HostAndPort> seeds) {
		RuntimeException unreachable = null;
		for (HostAndPort seed : seeds) {
			try (Jedis jedis = new Jedis(seed, client)) {
				return fromSlots(client, jedis.clusterSlots());
			}
			catch (RuntimeException ex) {
				unreachable = ex;
			}
		}
		throw unreachable;
	}

	private static Target fromSlots(JedisClientConfig client, List<Object> ranges) {
		List<HostAndPort> nodes = new ArrayList<>();
		int[] nodeOfSlot = new int[SLOTS];
		Arrays.fill(nodeOfSlot, -1);
		for (Object range : ranges) {
			List<?> fields = (List<?>) range;
			List<?> master = (List<?>) fields.get(2);
			HostAndPort node = new HostAndPort(new String((byte[]) master.get(0), StandardCharsets.UTF_8),
					((Long) master.get(1)).intValue());
			if (!nodes.contains(node)) {
				nodes.add(node);
			}
			Arrays.fill(nodeOfSlot, ((Long) fields.get(0)).intValue(), ((Long) fields.get(1)).intValue() + 1,
					nodes.indexOf(node));
		}
		if (Arrays.stream(nodeOfSlot).anyMatch((node) -> node < 0)) {
			throw new IllegalStateException("the cluster does not serve every slot: a fill would fail part way");
		}
		return new Target(client, List.copyOf(nodes), nodeOfSlot);
	}

}
