package org.redisbench.fill;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.redisbench.valueformat.Compression;
import org.redisbench.codecs.PersonCodec;
import org.redisbench.model.Layout;
import redis.clients.jedis.HostAndPort;

/**
 * What to load and where, from {@code --name value} arguments.
 *
 * @param dictionary the app's own zstd dictionary, for {@code zstd-dict} (each app ships one in its resources)
 * @param batch persons per pipeline flush on one connection
 * @param ttl each person's time to live, as the published cache's 5 to 10 minutes; {@code null}: none
 * @param respFile when given, the commands are written there as the Redis protocol, not sent
 * @param user the ACL user; {@code null}: the default user (the password is read from the environment)
 * @param cacert, cert, key PEM files: the CA to trust (else the JDK's), the client's certificate and key
 * @param cluster seed nodes of a cluster; empty: {@code host} and {@code port} is one Redis
 * @param overwrite whether to write over persons already in the range, which is refused otherwise
 * @param sample when above 0, a sample for a plan: that many persons spread over the range, in {@code rounds};
 * its batches are whole buckets, one at least a round
 * @param maxSeconds when above 0, no batch is started after that many seconds: on a shared machine a fill whose
 * rate cannot be known ahead still ends in time, with every batch it took stored and counted
 */
record FillOptions(String host, int port, long firstId, long persons, int connections, int batch, PersonCodec codec,
		Compression compression, Path dictionary, Layout layout, Duration ttl, Path respFile, String user,
		boolean tls, Path cacert, Path cert, Path key, int database, List<HostAndPort> cluster, boolean overwrite,
		long sample, int rounds, long maxSeconds) {

	static final String USAGE = """
			usage: java -jar redis-fill.jar [--name value]...
			  (... plan: the plan from a sample; ... memory [--name value]...: the target's INFO memory and keys, the
			  where-options below; ... rate PERSONS SECONDS: persons/s)
			  --host 127.0.0.1   --port 6379
			  --persons N (required)   --first-id 1
			  --connections 4    --batch 1000 (persons per pipeline flush)
			  --codec fastjson2|kryo|jackson-json|...   --compression none|gzip|lz4|zstd|zstd-dict
			  --dictionary FILE (for zstd-dict: the app's src/main/resources/person.zdict)
			  --layout string-per-key|hash-bucket
			  --ttl SECONDS (each person expires; a hash bucket as a whole, after its last write)
			  --resp-file FILE (write the commands as the Redis protocol, for redis-cli --pipe, instead of sending them)
			  --user NAME (ACL; the password comes from the environment variable REDIS_PASSWORD)   --db 0
			  --tls true   --cacert FILE   --cert FILE --key FILE (PEM)
			  --cluster HOST:PORT,... (seed nodes; persons go to their slot's master, pipelined per node)
			  --overwrite true (write over persons already in the range; refused otherwise)
			  --sample N --rounds 5 (plan: N persons spread over the range, memory measured after each round)
			  --max-seconds S (start no batch after S seconds: ids first-id.. up to the last batch taken, all stored)""";

	static FillOptions parse(String... args) {
		Map<String, String> given = named(args);
		if (!given.containsKey("persons")) {
			throw new IllegalArgumentException("--persons is required");
		}
		long persons = Long.parseLong(take(given, "persons", ""));
		long sample = Long.parseLong(take(given, "sample", "0"));
		int rounds = Integer.parseInt(take(given, "rounds", "5"));
		int batch = Integer.parseInt(take(given, "batch", "1000"));
		if (sample < 0 || rounds < 2) {
			throw new IllegalArgumentException("--sample must be at least 0 and --rounds at least 2");
		}
		FillOptions options = new FillOptions(take(given, "host", "127.0.0.1"),
				Integer.parseInt(take(given, "port", "6379")), Long.parseLong(take(given, "first-id", "1")), persons,
				Integer.parseInt(take(given, "connections", "4")),
				(sample > 0) ? sampleBatch(Math.min(sample, persons), rounds, batch) : batch,
				PersonCodec.byId(take(given, "codec", "kryo")),
				enumOf(Compression.class, take(given, "compression", "none")),
				pathOf(given, "dictionary"),
				enumOf(Layout.class, take(given, "layout", "string-per-key")),
				given.containsKey("ttl") ? Duration.ofSeconds(Long.parseLong(take(given, "ttl", ""))) : null,
				pathOf(given, "resp-file"), take(given, "user", null), Boolean.parseBoolean(take(given, "tls", "false")),
				pathOf(given, "cacert"), pathOf(given, "cert"), pathOf(given, "key"),
				Integer.parseInt(take(given, "db", "0")), nodes(take(given, "cluster", "")),
				Boolean.parseBoolean(take(given, "overwrite", "false")), sample, rounds,
				Long.parseLong(take(given, "max-seconds", "0")));
		if (!given.isEmpty()) {
			throw new IllegalArgumentException("unknown options " + given.keySet());
		}
		if (options.persons < 1 || options.connections < 1 || options.batch < 1) {
			throw new IllegalArgumentException("--persons, --connections and --batch must be at least 1");
		}
		if (options.ttl != null && (options.ttl.isNegative() || options.ttl.isZero())) {
			throw new IllegalArgumentException("--ttl must be at least 1 second");
		}
		if ((options.cert == null) != (options.key == null)) {
			throw new IllegalArgumentException("--cert and --key go together");
		}
		if (!options.cluster.isEmpty() && options.database != 0) {
			throw new IllegalArgumentException("a cluster has database 0 only");
		}
		if (options.maxSeconds < 0) {
			throw new IllegalArgumentException("--max-seconds must be at least 0");
		}
		if (options.compression == Compression.ZSTD_DICT && options.dictionary == null) {
			throw new IllegalArgumentException("--compression zstd-dict needs --dictionary");
		}
		return options;
	}

	/**
	 * Where a fill would write, for a reading of the target alone ({@code memory}): the options a fill takes, but no
	 * persons, since none are written.
	 */
	static FillOptions target(String... args) {
		for (int i = 0; i < args.length; i += 2) {
			if (args[i].equals("--persons")) {
				throw new IllegalArgumentException("a reading of the target takes no --persons");
			}
		}
		String[] withPersons = Arrays.copyOf(args, args.length + 2);
		withPersons[args.length] = "--persons";
		withPersons[args.length + 1] = "1";
		return parse(withPersons);
	}

	/**
	 * A sample's batch: whole buckets (a round's batches start at a bucket's first id, and must not overlap), at most
	 * the batch asked unless that is less than a bucket, and small enough that every round stores one.
	 */
	static int sampleBatch(long sampled, int rounds, int batch) {
		if (sampled / rounds < Layout.BUCKET_SIZE) {
			throw new IllegalArgumentException("a sample is stored in " + rounds + " rounds of whole buckets ("
					+ Layout.BUCKET_SIZE + " persons): it needs " + rounds * Layout.BUCKET_SIZE + " persons, had "
					+ sampled);
		}
		return (int) Math.max(1, Math.min(batch, sampled / rounds) / Layout.BUCKET_SIZE) * Layout.BUCKET_SIZE;
	}

	/** {@code --name value} pairs by name: each is taken from it, and what is left was not known. */
	static Map<String, String> named(String... args) {
		Map<String, String> given = new HashMap<>();
		for (int i = 0; i < args.length; i += 2) {
			if (!args[i].startsWith("--") || i + 1 == args.length) {
				throw new IllegalArgumentException("expected --name value, got " + args[i]);
			}
			given.put(args[i].substring(2), args[i + 1]);
		}
		return given;
	}

	private static Path pathOf(Map<String, String> given, String name) {
		String value = given.remove(name);
		return (value != null) ? Path.of(value) : null;
	}

	private static List<HostAndPort> nodes(String list) {
		return list.isEmpty() ? List.of() : Arrays.stream(list.split(",")).map(HostAndPort::from).toList();
	}

	static String take(Map<String, String> given, String name, String otherwise) {
		String value = given.remove(name);
		return (value != null) ? value : otherwise;
	}

	/** {@code zstd-dict} names {@code ZSTD_DICT}, as Spring binds {@code bench.*}. */
	private static <E extends Enum<E>> E enumOf(Class<E> type, String name) {
		return Enum.valueOf(type, name.toUpperCase().replace('-', '_'));
	}

}
