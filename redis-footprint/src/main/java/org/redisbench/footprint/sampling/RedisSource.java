package org.redisbench.footprint.sampling;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javax.net.ssl.SSLException;

import org.redisbench.commandline.Refusal;
import org.redisbench.tooloutput.ClusterNodes;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Pipeline;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.Response;
import redis.clients.jedis.exceptions.JedisAccessControlException;
import redis.clients.jedis.exceptions.JedisConnectionException;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.exceptions.JedisException;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.resps.ScanResult;

/**
 * Reads a uniform sample of a live Redis's values, read-only. It sends only: PING and AUTH (on connecting),
 * SELECT (a database other than 0), INFO, CLUSTER NODES (a cluster: every master is scanned), DBSIZE, SCAN,
 * TYPE, PTTL, MEMORY USAGE, OBJECT ENCODING, GETRANGE (never more than --max-value-bytes + 1 bytes of a value)
 * and HSCAN. The keys are sampled over one SCAN of the whole match, so memory is bounded by the sample, not by
 * the keyspace; the values are read only for the sampled keys, afterwards.
 */
public final class RedisSource {

	/** A hash's fields read at most; the rest are counted, so that one huge hash cannot fill the sample. */
	static final int FIELDS_PER_HASH = 1000;

	private static final int SCAN_COUNT = 1000;

	/** Sampled keys per pipelined round trip. */
	private static final int BATCH = 200;

	private record SampledKey(int node, byte[] key) {
	}

	/** A connection and the address it names in errors. */
	private record Node(HostAndPort address, Jedis jedis) {
	}

	private final SourceUri uri;

	private final String match;

	private final int maxValueBytes;

	public RedisSource(SourceUri uri, String match, int maxValueBytes) {
		this.uri = uri;
		this.match = match;
		this.maxValueBytes = maxValueBytes;
	}

	public ValueSample read(int sampleSize, long seed) {
		ValueSample sample = new ValueSample(this.uri.describe() + " MATCH " + this.match);
		List<Node> masters = new ArrayList<>();
		try {
			masters.addAll(connectMasters(sample));
			Reservoir<SampledKey> reservoir = new Reservoir<>(sampleSize, seed);
			ScanParams params = new ScanParams().match(this.match.getBytes(StandardCharsets.UTF_8)).count(SCAN_COUNT);
			long dbSize = 0;
			for (int node = 0; node < masters.size(); node++) {
				Node master = masters.get(node);
				Jedis jedis = master.jedis();
				dbSize += call(master, jedis::dbSize);
				byte[] cursor = ScanParams.SCAN_POINTER_START_BINARY;
				do {
					byte[] at = cursor;
					ScanResult<byte[]> page = call(master, () -> jedis.scan(at, params));
					for (byte[] key : page.getResult()) {
						reservoir.offer(new SampledKey(node, key));
					}
					cursor = page.getCursorAsBytes();
				}
				while (!"0".equals(new String(cursor, StandardCharsets.US_ASCII)));
			}
			sample.dbSize = dbSize;
			sample.matched = reservoir.seen();
			sample.sampledKeys = reservoir.kept().size();
			if (reservoir.seen() == 0) {
				throw new Refusal("no key matches '" + this.match + "' on " + this.uri.describe());
			}
			List<SampledKey> keys = reservoir.kept();
			for (int from = 0; from < keys.size(); from += BATCH) {
				readBatch(masters, keys.subList(from, Math.min(keys.size(), from + BATCH)), sample);
			}
			return sample;
		}
		finally {
			masters.forEach(RedisSource::close);
		}
	}

	/** A connection that failed may fail again on QUIT: nothing more to learn from it. */
	private static void close(Node node) {
		try {
			node.jedis().close();
		}
		catch (JedisException ex) {
			// already broken
		}
	}

	/** The node of the URI, or, on a cluster, every master; a master that is down or unreachable stops the run. */
	private List<Node> connectMasters(ValueSample sample) {
		Node first = connect(this.uri.address());
		String info = call(first, () -> first.jedis().info());
		sample.facts.put("redis_version", field(info, "redis_version"));
		sample.facts.put("mem_allocator", field(info, "mem_allocator"));
		if (!"1".equals(field(info, "cluster_enabled"))) {
			sample.facts.put("masters", this.uri.address().toString());
			return List.of(first);
		}
		sample.cluster = true;
		String nodes;
		try {
			nodes = call(first, () -> new String((byte[]) first.jedis().sendCommand(Protocol.Command.CLUSTER,
					"NODES".getBytes(StandardCharsets.US_ASCII)), StandardCharsets.UTF_8));
		}
		finally {
			close(first);
		}
		List<HostAndPort> addresses = masters(nodes);
		if (this.uri.database() != 0) {
			throw new Refusal("a cluster has only database 0, the URI names " + this.uri.database());
		}
		List<Node> masters = new ArrayList<>();
		try {
			for (HostAndPort address : addresses) {
				masters.add(connect(address));
			}
		}
		catch (Refusal ex) {
			masters.forEach(RedisSource::close);
			throw new Refusal("cluster node down: " + ex.getMessage());
		}
		sample.facts.put("masters", String.join(",", addresses.stream().map(HostAndPort::toString).toList()));
		return masters;
	}

	private Node connect(HostAndPort address) {
		// Jedis connects and authenticates in its constructor
		Jedis jedis = call(new Node(address, null), () -> new Jedis(address, this.uri.config()));
		Node node = new Node(address, jedis);
		try {
			call(node, node.jedis()::ping);
			return node;
		}
		catch (Refusal ex) {
			close(node);
			throw ex;
		}
	}

	private void readBatch(List<Node> masters, List<SampledKey> keys, ValueSample sample) {
		for (int node = 0; node < masters.size(); node++) {
			int on = node;
			List<SampledKey> ofNode = keys.stream().filter((key) -> key.node() == on).toList();
			if (!ofNode.isEmpty()) {
				readKeys(masters.get(node), ofNode, sample);
			}
		}
	}

	private record Facts(Response<String> type, Response<Long> pttl, Response<Long> memory,
			Response<byte[]> encoding) {
	}

	private void readKeys(Node node, List<SampledKey> keys, ValueSample sample) {
		Jedis jedis = node.jedis();
		List<Facts> facts = new ArrayList<>();
		call(node, () -> {
			Pipeline pipeline = jedis.pipelined();
			for (SampledKey key : keys) {
				facts.add(new Facts(pipeline.type(key.key()), pipeline.pttl(key.key()), pipeline.memoryUsage(key.key()),
						pipeline.objectEncoding(key.key())));
			}
			pipeline.sync();
			return null;
		});
		List<Response<byte[]>> strings = new ArrayList<>();
		call(node, () -> {
			Pipeline pipeline = jedis.pipelined();
			for (int i = 0; i < keys.size(); i++) {
				strings.add("string".equals(facts.get(i).type().get())
						? pipeline.getrange(keys.get(i).key(), 0, this.maxValueBytes) : null);
			}
			pipeline.sync();
			return null;
		});
		for (int i = 0; i < keys.size(); i++) {
			byte[] key = keys.get(i).key();
			Facts fact = facts.get(i);
			String type = fact.type().get();
			boolean expires = safe(fact.pttl()) != null && safe(fact.pttl()) >= 0;
			switch (type) {
				case "none" -> sample.skip(ValueSample.Skipped.VANISHED);
				case "string" -> {
					byte[] value = safe(strings.get(i));
					if (value == null) {
						sample.skip(ValueSample.Skipped.CHANGED_TYPE);
					}
					else if (value.length > this.maxValueBytes) {
						sample.skip(ValueSample.Skipped.TOO_LARGE);
					}
					else {
						sample.values.add(new SampledValue(key, value, expires));
						keyRead(sample, key, fact, expires);
					}
				}
				case "hash" -> {
					if (readHash(node, key, expires, sample)) {
						keyRead(sample, key, fact, expires);
					}
				}
				default -> sample.skip(ValueSample.Skipped.OTHER_TYPE);
			}
		}
	}

	private static void keyRead(ValueSample sample, byte[] key, Facts fact, boolean expires) {
		sample.keysRead++;
		sample.keyBytes.add((long) key.length);
		Long memory = safe(fact.memory());
		if (memory != null) {
			sample.memoryUsage.add(memory);
		}
		byte[] encoding = safe(fact.encoding());
		if (encoding != null) {
			sample.encodings.merge(new String(encoding, StandardCharsets.US_ASCII), 1L, Long::sum);
		}
		if (expires) {
			sample.keysWithTtl++;
		}
	}

	/** HSCAN returns a field's value whole: one larger than the limit is counted and dropped. */
	private boolean readHash(Node node, byte[] key, boolean expires, ValueSample sample) {
		ScanParams params = new ScanParams().count(100);
		byte[] cursor = ScanParams.SCAN_POINTER_START_BINARY;
		int read = 0;
		try {
			do {
				byte[] at = cursor;
				ScanResult<Map.Entry<byte[], byte[]>> page = call(node, () -> node.jedis().hscan(key, at, params));
				for (Map.Entry<byte[], byte[]> field : page.getResult()) {
					read++;
					if (field.getValue().length > this.maxValueBytes) {
						sample.skip(ValueSample.Skipped.TOO_LARGE);
					}
					else {
						sample.values.add(new SampledValue(key, field.getKey(), field.getValue(), expires));
					}
				}
				cursor = page.getCursorAsBytes();
			}
			while (!"0".equals(new String(cursor, StandardCharsets.US_ASCII)) && read < FIELDS_PER_HASH);
			if (read >= FIELDS_PER_HASH && !"0".equals(new String(cursor, StandardCharsets.US_ASCII))) {
				sample.skip(ValueSample.Skipped.CUT_HASHES);
			}
		}
		catch (WrongType ex) {
			sample.skip(ValueSample.Skipped.CHANGED_TYPE);
			return false;
		}
		if (read == 0) {
			sample.skip(ValueSample.Skipped.VANISHED);
			return false;
		}
		return true;
	}

	/** A reply that is an error (WRONGTYPE after a type change): {@code null}. */
	private static <T> T safe(Response<T> response) {
		if (response == null) {
			return null;
		}
		try {
			return response.get();
		}
		catch (JedisDataException ex) {
			return null;
		}
	}

	private static final class WrongType extends RuntimeException {

		WrongType(Throwable cause) {
			super(cause);
		}

	}

	/** Runs a command, turning what Jedis throws into one line that names the node. */
	private static <T> T call(Node node, Supplier<T> command) {
		try {
			return command.get();
		}
		catch (JedisAccessControlException ex) {
			throw new Refusal(node.address() + " refused: " + firstLine(ex) + " (wrong user or password?)");
		}
		catch (JedisConnectionException ex) {
			if (rootCause(ex) instanceof SSLException ssl) {
				throw new Refusal("TLS failed with " + node.address() + ": " + ssl.getMessage());
			}
			throw new Refusal("cannot reach " + node.address() + ": " + firstLine(rootCause(ex)));
		}
		catch (JedisDataException ex) {
			String message = firstLine(ex);
			if (message.startsWith("WRONGTYPE")) {
				throw new WrongType(ex);
			}
			if (message.startsWith("NOAUTH")) {
				throw new Refusal(node.address() + " needs a password: set " + SourceUri.PASSWORD_VARIABLE);
			}
			throw new Refusal(node.address() + " answered: " + message);
		}
		catch (JedisException ex) {
			throw new Refusal("reading " + node.address() + " failed: " + firstLine(ex));
		}
	}

	private static Throwable rootCause(Throwable ex) {
		Throwable cause = ex;
		while (cause.getCause() != null && cause.getCause() != cause) {
			cause = cause.getCause();
		}
		return cause;
	}

	private static String firstLine(Throwable ex) {
		String message = String.valueOf(ex.getMessage());
		int newline = message.indexOf('\n');
		return newline < 0 ? message : message.substring(0, newline);
	}

	private static String field(String info, String name) {
		Matcher matcher = Pattern.compile("^" + Pattern.quote(name) + ":(.*?)\\r?$", Pattern.MULTILINE).matcher(info);
		return matcher.find() ? matcher.group(1) : "";
	}

	/**
	 * The masters a reply of CLUSTER NODES names, each where a client reaches it; a cluster with a master down or
	 * unreachable is refused (the advisor's sample and the migrator's walk both need every master).
	 */
	public static List<HostAndPort> masters(String clusterNodes) {
		try {
			return ClusterNodes.masters(clusterNodes).stream()
				.map((master) -> new HostAndPort(master.host(), master.port()))
				.toList();
		}
		catch (IllegalStateException ex) {
			throw new Refusal(ex.getMessage());
		}
	}

}
