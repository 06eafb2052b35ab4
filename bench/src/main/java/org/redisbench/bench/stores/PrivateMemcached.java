package org.redisbench.bench.stores;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.LongStream;

import org.redisbench.bench.run.RawFiles;
import org.redisbench.bench.BenchSettings;
import org.redisbench.bench.CpuPlacement;
import org.redisbench.bench.run.PortProbe;
import org.redisbench.bench.run.Privileges;
import org.redisbench.bench.run.RunContext;
import org.redisbench.model.Batch;
import org.redisbench.processes.ChildProcess;
import org.redisbench.processes.Waits;

/**
 * The run's private memcached, on this host: Debian's defaults but the memory (-m, enough for every person of a
 * phase unless BENCH_MEMCACHED_MB says otherwise) and no UDP; its output in raw/memcached.log. Read, flushed and
 * sampled over its text protocol.
 */
final class PrivateMemcached {

	private static final long START_TIMEOUT_NANOS = 10_000_000_000L;

	private static final long FLUSH_TIMEOUT_NANOS = 30_000_000_000L;

	private static final String COUNT = "[0-9]+";

	private final RunContext context;

	private final Node node;

	private ChildProcess process;

	private PrivateMemcached(RunContext context, Node node, ChildProcess process) {
		this.context = context;
		this.node = node;
		this.process = process;
	}

	static PrivateMemcached start(RunContext context) {
		BenchSettings settings = context.settings();
		// ~250 bytes a person in the largest chunks our codecs need, twice over, and 64 MB to start from.
		long megabytes = settings.memcachedMegabytes().isPresent() ? settings.memcachedMegabytes().getAsInt()
				: 64 + (long) settings.requests() * Batch.SIZE * 500 / 1048576;
		Node node = new Node(settings.redisBind(),
				PortProbe.firstFree(context.placement(), settings.redisBind(), settings.ownMemcachedPort()));
		List<String> command = new ArrayList<>(List.of("memcached", "-l", node.host(), "-p",
				String.valueOf(node.port()), "-U", "0", "-m", String.valueOf(megabytes)));
		if (Privileges.root()) {
			// memcached refuses to run as root unless told which user to be.
			command.addAll(List.of("-u", "root"));
		}
		Path log = context.raw().resolve("memcached.log");
		createLog(log);
		ChildProcess process = ChildProcess.start(context.raw(),
				context.placement().pinned(CpuPlacement.REDIS, command), log, Map.of());
		PrivateMemcached memcached = new PrivateMemcached(context, node, process);
		long deadline = System.nanoTime() + START_TIMEOUT_NANOS;
		while (!MemcachedText.command(node, "version").startsWith("VERSION")) {
			if (!process.isAlive() || System.nanoTime() >= deadline) {
				memcached.stop();
				throw context.log().failure("memcached did not answer on " + node + ": "
						+ RedisProcesses.tail(log, 2));
			}
			Waits.sleep(100);
		}
		context.log().line("private memcached on " + node + " (pid " + process.pid() + ", -m " + megabytes + ")");
		return memcached;
	}

	Node node() {
		return this.node;
	}

	long pid() {
		return this.process.pid();
	}

	/**
	 * Empties it as FLUSHALL empties Redis. flush_all only marks the items dead; the LRU crawler then frees their
	 * chunks, so that {@code stats} counts what the next phase stores and nothing before it.
	 */
	void flush() {
		if (!MemcachedText.command(this.node, "flush_all").strip().equals("OK")) {
			throw this.context.log().failure("flush_all failed on memcached " + this.node);
		}
		long deadline = System.nanoTime() + FLUSH_TIMEOUT_NANOS;
		while (true) {
			MemcachedText.command(this.node, "lru_crawler crawl all");
			String items = MemcachedText.stat(this.node, "curr_items").orElse("");
			if (items.equals("0")) {
				return;
			}
			if (System.nanoTime() >= deadline) {
				throw this.context.log().failure("memcached " + this.node + " still holds " + items
						+ " items 30 s after flush_all");
			}
			Waits.sleep(200);
		}
	}

	/** Its stats and slab figures, into PREFIX.memcached-stats.txt and -slabs.txt. */
	void snapshot(Path prefix) {
		RawFiles.write(RawFiles.named(prefix, ".memcached-stats.txt"), MemcachedText.command(this.node, "stats"));
		RawFiles.write(RawFiles.named(prefix, ".memcached-slabs.txt"), MemcachedText.command(this.node, "stats slabs"));
	}

	/**
	 * The value size of keys spread evenly over the persons /add wrote, one a line (0 for a key memcached does not
	 * hold), as STRLEN gives them for Redis: meta get's s flag. How many were written: curr_items of
	 * {@code dir/add.after.memcached-stats.txt}.
	 */
	void valueSizes(Path dir, int sample) {
		Path into = dir.resolve("add.after.strlen.txt");
		Optional<String> written = MemcachedText.statOf(RawFiles.read(dir.resolve("add.after.memcached-stats.txt")),
				"curr_items");
		if (written.isEmpty() || !written.get().matches(COUNT) || Long.parseLong(written.get()) == 0) {
			RawFiles.write(into, "");
			return;
		}
		long count = Long.parseLong(written.get());
		long step = (count + sample - 1) / sample;
		List<String> gets = LongStream.iterate(1, (id) -> id <= count, (id) -> id + step)
			.mapToObj((id) -> "mg person_" + id + " s")
			.toList();
		String sizes = MemcachedText.command(this.node, gets).lines().map((line) -> line.trim().split("\\s+"))
			.filter((fields) -> fields[0].equals("HD") || fields[0].equals("EN"))
			.map((fields) -> fields[0].equals("EN") ? "0" : fields.length > 1 ? fields[1].replaceFirst("^s", "") : "")
			.map((size) -> size + "\n")
			.collect(Collectors.joining());
		RawFiles.write(into, sizes);
	}

	/** Stops it; a second call does nothing. */
	void stop() {
		if (this.process == null) {
			return;
		}
		RedisProcesses.stop(this.context, this.process, "memcached");
		this.process = null;
	}

	private static void createLog(Path log) {
		try {
			Files.createDirectories(log.getParent());
			Files.writeString(log, "");
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot write " + log, ex);
		}
	}

}
