package org.redisbench.bench.phases;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.redisbench.bench.run.RawFiles;
import org.redisbench.processes.Program;
import org.redisbench.bench.run.RunContext;
import org.redisbench.bench.run.VariantRun;
import org.redisbench.bench.stores.Node;
import org.redisbench.bench.stores.Topology;
import org.redisbench.benchrun.ValueSizes;

/**
 * Redis's own ceiling beside the app's: redis-benchmark SET and GET at the mean value size the app wrote (also in
 * hash buckets: a string at a person's size), on the variant's topology ({@code --cluster} on a cluster), into
 * {@code redis-benchmark.csv}, {@code .args}, {@code .exit} (and {@code .masters.txt} on a cluster). Skipped for
 * memcached, with a password (redis-benchmark takes one only on its command line), or without a measured size.
 */
public final class RedisBenchmark {

	private RedisBenchmark() {
	}

	public static void run(RunContext context, VariantRun run) {
		run(context, run.topology(), run.dir(), run.concurrency(), run.label());
	}

	/** The same into a repetition's folder {@code dir}, at {@code concurrency} clients, logged under {@code label}. */
	public static void run(RunContext context, Topology topology, Path dir, int concurrency, String label) {
		if (topology.isMemcached()) {
			return;
		}
		if (context.password().isPresent()) {
			context.log().line(label + ": redis-benchmark skipped: it takes a password only on its command line");
			return;
		}
		Path strlens = dir.resolve("add.after.strlen.txt");
		Double mean;
		try {
			mean = ValueSizes.mean(Files.readString(strlens));
		}
		catch (IOException ex) {
			throw context.log().failure(label + ": cannot read the value sizes " + strlens + ": " + ex.getMessage());
		}
		if (mean == null) {
			context.log().line(label + ": redis-benchmark skipped: no value size measured");
			return;
		}
		long size = Math.round(mean);
		int requests = context.settings().redisBenchRequests();
		RawFiles.write(dir.resolve("redis-benchmark.args"),
				"requests=" + requests + "\nclients=" + concurrency + "\nvalue_bytes=" + size + "\n");
		boolean cluster = topology.isCluster();
		context.log().line(label + ": redis-benchmark " + (cluster ? "--cluster " : "") + "SET,GET -d " + size + " -c "
				+ concurrency + " -n " + requests);
		Node first = topology.first();
		List<String> command = new ArrayList<>(List.of("redis-benchmark"));
		if (cluster) {
			command.add("--cluster");
		}
		command.addAll(List.of("-h", first.host(), "-p", String.valueOf(first.port()), "-t", "set,get", "-d",
				String.valueOf(size), "-c", String.valueOf(concurrency), "-n", String.valueOf(requests), "--csv"));
		Path csv = dir.resolve("redis-benchmark.csv");
		Program.Ended ended = Program.runInto(context.placement().atClient(command), context.settings().phaseTimeout(),
				Map.of(), "", csv, true);
		RawFiles.write(dir.resolve("redis-benchmark.exit"), ended.status() + "\n");
		List<String> lines = read(csv);
		if (cluster) {
			lines = splitMasters(lines, dir.resolve("redis-benchmark.masters.txt"), csv);
		}
		context.log().line(label + ": redis-benchmark " + opsPerSecond(lines) + " ops/s");
	}

	/**
	 * --cluster first lists the masters it found; the CSV, as from a single Redis, starts at its header (the first
	 * line in quotes). The lines before it go to {@code masters}; the CSV keeps the rest. Nothing moves without a
	 * header.
	 */
	private static List<String> splitMasters(List<String> lines, Path masters, Path csv) {
		int header = 0;
		while (header < lines.size() && !lines.get(header).startsWith("\"")) {
			header++;
		}
		if (header == lines.size()) {
			return lines;
		}
		RawFiles.write(masters, joined(lines.subList(0, header)));
		List<String> table = lines.subList(header, lines.size());
		RawFiles.write(csv, joined(table));
		return table;
	}

	/** Each test's name and requests a second, {@code SET,123.45 GET,234.56}: the CSV's first two columns. */
	private static String opsPerSecond(List<String> lines) {
		return lines.stream()
			.skip(1)
			.map((line) -> line.contains(",") ? String.join(",", Arrays.asList(line.split(",", -1)).subList(0, 2))
					: line)
			.map((line) -> line.replace("\"", ""))
			.collect(Collectors.joining(" "));
	}

	private static String joined(List<String> lines) {
		return lines.stream().map((line) -> line + "\n").collect(Collectors.joining());
	}

	private static List<String> read(Path file) {
		try {
			return Files.readAllLines(file);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot read " + file, ex);
		}
	}

}
