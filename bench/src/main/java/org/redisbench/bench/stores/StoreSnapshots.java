package org.redisbench.bench.stores;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import org.redisbench.bench.run.RawFiles;
import org.redisbench.bench.run.RunContext;
import org.redisbench.model.Layout;
import org.redisbench.model.ValueSizeSample;
import org.redisbench.processes.Waits;

/**
 * The store's figures at one moment, as raw files the report reads: per node {@code PREFIX<tag>.info.txt} and
 * {@code .clients.txt} (INFO and CLIENT LIST in one MULTI), {@code .dbsize.txt}, and around /add in hash buckets
 * {@code .hlen.txt}; for memcached {@code PREFIX.memcached-stats.txt} and {@code -slabs.txt}. Also the wait for
 * evictions to settle, and the value sizes of a sample of the persons /add wrote ({@code add.after.strlen.txt}).
 */
public final class StoreSnapshots {

	private static final long EVICTION_WAIT_NANOS = 10_000_000_000L;

	private static final String COUNT = "[0-9]+";

	/** A line of CLIENT LIST's reply. */
	private static final Pattern CLIENT = Pattern.compile("^id=[0-9]+ ");

	private final RunContext context;

	private final Stores stores;

	private final RedisCli cli;

	public StoreSnapshots(RunContext context, Stores stores) {
		this.context = context;
		this.stores = stores;
		this.cli = stores.cli();
	}

	/**
	 * The snapshot into files named PREFIX.* ({@code prefix} is e.g. raw/v/rep1/add.before). In hash buckets DBSIZE
	 * counts buckets: around /add, the phase whose figures count persons, also the HLEN of every bucket.
	 */
	public void take(Topology topology, Layout layout, Path prefix) {
		if (topology.isMemcached()) {
			this.stores.privateMemcached().snapshot(prefix);
			return;
		}
		boolean buckets = layout == Layout.HASH_BUCKET && prefix.getFileName().toString().startsWith("add.");
		for (int k = 1; k <= topology.nodes().size(); k++) {
			Node node = topology.nodes().get(k - 1);
			Path tagged = RawFiles.named(prefix, topology.nodeTag(k));
			infoAndClients(node, tagged);
			this.cli.into(RawFiles.named(tagged, ".dbsize.txt"), node, "DBSIZE");
			if (buckets) {
				RawFiles.write(RawFiles.named(tagged, ".hlen.txt"), bucketSizes(node));
			}
		}
	}

	/**
	 * INFO into PREFIX.info.txt and CLIENT LIST into PREFIX.clients.txt, both in one MULTI, so that nothing runs
	 * between them: the report takes the clients' buffers (each client's tot-mem) out of used_memory as they were at
	 * that instant. INFO's own mem_clients_normal lags: Redis 7.0 updates a client's share of it only when its cron
	 * visits that client, about once a second, while used_memory moves at once (the apps' pools PING idle connections,
	 * and each PINGed one holds a 16 kB query buffer for 2 s). Where CLIENT LIST is refused (an ACL),
	 * PREFIX.clients.txt stays empty and the report falls back to mem_clients_normal. redis-cli prints MULTI's OK and
	 * the QUEUED replies before INFO's first line "# Server", and INFO's CRLF lines apart from CLIENT LIST's "id=..."
	 * lines: split here line by line as stores.sh's awk split them.
	 */
	private void infoAndClients(Node node, Path prefix) {
		InfoAndClients split = InfoAndClients.of(this.cli.run(node, "MULTI\nINFO\nCLIENT LIST\nEXEC\n", List.of()).output());
		Path infoFile = RawFiles.named(prefix, ".info.txt");
		Path clientsFile = RawFiles.named(prefix, ".clients.txt");
		if (split.info().lines().anyMatch((line) -> line.startsWith("used_memory:"))) {
			RawFiles.write(infoFile, split.info());
			RawFiles.write(clientsFile, split.clients());
		}
		else {
			RawFiles.write(clientsFile, "");
			this.cli.into(infoFile, node, "INFO");
		}
	}

	/** redis-cli's text of MULTI, INFO, CLIENT LIST, EXEC, split line by line as stores.sh's awk split it. */
	record InfoAndClients(String info, String clients) {

		static InfoAndClients of(String reply) {
			StringBuilder info = new StringBuilder();
			StringBuilder clients = new StringBuilder();
			boolean started = false;
			for (String record : records(reply)) {
				String line = record;
				if (!started) {
					line = line.replaceFirst("^(OK|QUEUED)+", "");
					if (!line.startsWith("# ")) {
						continue;
					}
					started = true;
				}
				(CLIENT.matcher(line).find() ? clients : info).append(line).append('\n');
			}
			return new InfoAndClients(info.toString(), clients.toString());
		}

	}

	/** The lines awk reads in a text: split at each newline, none after a final one. */
	private static List<String> records(String text) {
		List<String> records = new ArrayList<>(List.of(text.split("\n", -1)));
		if (text.endsWith("\n") || text.isEmpty()) {
			records.remove(records.size() - 1);
		}
		return records;
	}

	/** The HLEN of every hash bucket the node holds, one a line; nothing when it holds none. */
	private String bucketSizes(Node node) {
		List<String> buckets = this.cli.run(node, "", List.of("--scan", "--pattern", "persons:{*}")).output()
			.lines().toList();
		if (buckets.isEmpty()) {
			return "";
		}
		return this.cli.pipe(node, buckets.stream().map((bucket) -> "HLEN " + bucket + "\n").collect(Collectors.joining()));
	}

	/**
	 * Waits, at most 10 s, until no node is above its maxmemory. Redis 7 evicts in a time-bounded loop and goes on in
	 * the background after the write that overflowed it, so an INFO (evicted_keys) and a DBSIZE read a moment later
	 * could disagree on how many persons went.
	 */
	public void settleEvictions(Topology topology, String label) {
		if (topology.isMemcached()) {
			return;
		}
		long deadline = System.nanoTime() + EVICTION_WAIT_NANOS;
		for (Node node : topology.nodes()) {
			while (this.cli.call(node, "INFO", "stats").lines()
				.noneMatch((line) -> line.startsWith("current_eviction_exceeded_time:0"))) {
				if (System.nanoTime() >= deadline) {
					this.context.log().line(label + ": Redis still evicting after 10 s; snapshot taken anyway");
					return;
				}
				Waits.sleep(100);
			}
		}
	}

	/**
	 * The sizes of values spread evenly over the persons /add wrote, into {@code dir/add.after.strlen.txt}: STRLEN of
	 * each one's key, or HSTRLEN of its field in its bucket (model's ValueSizeSample, the keys as the apps write them);
	 * for memcached, meta get's size. On a cluster, redis-cli -c follows each MOVED to the key's master (also for
	 * commands read from stdin) and says so on stdout: those lines go.
	 */
	public void sampleValueSizes(Topology topology, Layout layout, Path dir) {
		int sample = this.context.settings().strlenSample();
		if (topology.isMemcached()) {
			this.stores.privateMemcached().valueSizes(dir, sample);
			return;
		}
		Path into = dir.resolve("add.after.strlen.txt");
		long written = 0;
		for (int k = 1; k <= topology.nodes().size(); k++) {
			OptionalLong persons = personsAfterAdd(dir, topology.nodeTag(k), layout);
			if (persons.isEmpty()) {
				written = 0;
				break;
			}
			written += persons.getAsLong();
		}
		if (written == 0) {
			RawFiles.write(into, "");
			return;
		}
		String commands = new ValueSizeSample(layout, written, sample).commands().stream()
			.map((command) -> command + "\n")
			.collect(Collectors.joining());
		String sizes = this.cli.pipe(topology.first(), commands, "-c");
		RawFiles.write(into, sizes.replaceAll("(?m)^-> Redirected to slot[^\n]*(\n|$)", ""));
	}

	/**
	 * The persons a master holds after /add, from the snapshot in {@code dir}: its keys, or in hash buckets the sum of
	 * their HLEN; empty when unread.
	 */
	private static OptionalLong personsAfterAdd(Path dir, String tag, Layout layout) {
		Path prefix = dir.resolve("add.after" + tag);
		if (layout == Layout.HASH_BUCKET) {
			Path hlen = RawFiles.named(prefix, ".hlen.txt");
			if (!hlen.toFile().isFile()) {
				return OptionalLong.empty();
			}
			long sum = 0;
			for (String line : records(RawFiles.read(hlen))) {
				if (!line.matches(COUNT)) {
					return OptionalLong.empty();
				}
				sum += Long.parseLong(line);
			}
			return OptionalLong.of(sum);
		}
		Optional<String> keys = Optional.of(RawFiles.read(RawFiles.named(prefix, ".dbsize.txt")).replaceFirst("\n+$", ""))
			.filter((count) -> count.matches(COUNT));
		return keys.isPresent() ? OptionalLong.of(Long.parseLong(keys.get())) : OptionalLong.empty();
	}

}
