package org.redisbench.fill;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.function.Function;

import org.redisbench.commandline.CommandLines;
import org.redisbench.commandline.CommandLog;
import org.redisbench.commandline.JarBuild;
import org.redisbench.commandline.Refusal;
import org.redisbench.model.Layout;
import org.redisbench.processes.RedisServer;
import org.redisbench.tooloutput.RedisInfo;
import org.redisbench.valueformat.Compression;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine;
import redis.clients.jedis.Jedis;

/**
 * {@code memory-at-scale} ({@code scripts/memory-at-scale.sh}): what a person costs in Redis at scale. For each size x
 * codec x compression x layout, a fill into a fresh redis-server of the fill's own, then its INFO memory; one
 * markdown table. Or, on a Redis of yours (reached as the fill reaches it, never flushed), what one size, codec and
 * compression add to it.
 */
@Command(name = "memory-at-scale", mixinStandardHelpOptions = true, sortOptions = false, usageHelpAutoWidth = true,
		description = "Fills a fresh redis-server per combination, as fill does, and writes a markdown table of bytes "
				+ "per person and INFO memory (docs/layouts-and-memory.md, \"Layouts: a key per person or hash buckets, "
				+ "and a bulk fill\").")
public final class MemoryAtScaleCommand implements Callable<Integer> {

	static final class What {

		@Option(names = { "-n", "--sizes" }, paramLabel = "LIST", split = ",",
				defaultValue = "1000000,5000000,15000000", description = "persons per fill [${DEFAULT-VALUE}]")
		List<String> sizes = List.of("1000000", "5000000", "15000000");

		@Option(names = "--codecs", paramLabel = "LIST", split = ",", defaultValue = "fastjson2,kryo",
				description = "codec ids, as fill --codec takes them [${DEFAULT-VALUE}]")
		List<String> codecs = List.of("fastjson2", "kryo");

		@Option(names = "--compression", paramLabel = "LIST", split = ",", defaultValue = "none,zstd-dict",
				description = "none, gzip, lz4, zstd, zstd-dict [${DEFAULT-VALUE}]")
		List<String> compressions = List.of("none", "zstd-dict");

		@Option(names = "--layouts", paramLabel = "LIST", split = ",", defaultValue = "string-per-key,hash-bucket",
				description = "string-per-key, hash-bucket [${DEFAULT-VALUE}]")
		List<String> layouts = List.of("string-per-key", "hash-bucket");

		@Option(names = "--ttl", paramLabel = "SECONDS", description = "every person expires (what an expiry costs) [never]")
		Long ttl;

	}

	static final class Check {

		@Option(names = "--verify",
				description = "/check every person of every fill through its codec's app (slow: N / 100 requests)")
		boolean verify;

	}

	static final class Output {

		@Option(names = { "-o", "--out" }, paramLabel = "FILE",
				description = "the markdown table [results/memory-<timestamp>.md]")
		Path out;

	}

	@ArgGroup(validate = false, heading = "What (comma-separated lists, every combination):%n", order = 1)
	What what = new What();

	@ArgGroup(validate = false, heading = "Where (as fill takes them; the password from REDIS_PASSWORD; a Redis of "
			+ "yours is never flushed, so one size, codec and compression a run, each layout keyed apart; bytes per "
			+ "person is what its used_memory grew):%n", order = 2)
	TargetOptions target = new TargetOptions();

	@ArgGroup(validate = false, heading = "Check:%n", order = 3)
	Check check = new Check();

	@ArgGroup(validate = false, heading = "Output:%n", order = 4)
	Output output = new Output();

	@ArgGroup(validate = false, heading = "Build (read by scripts/lib/launcher.sh):%n", order = 5)
	final JarBuild build = new JarBuild();

	@Spec
	CommandSpec spec;

	/** Where {@code REDIS_PASSWORD} is read, for a Redis of yours; each fill reads it there too. */
	private final Map<String, String> environment;

	public MemoryAtScaleCommand() {
		this(System.getenv());
	}

	MemoryAtScaleCommand(Map<String, String> environment) {
		this.environment = environment;
	}

	@Override
	public Integer call() throws Exception {
		List<Long> sizes = distinct("size", this.what.sizes, (size) -> {
			try {
				long value = Long.parseLong(size);
				if (value >= 1) {
					return value;
				}
			}
			catch (NumberFormatException ex) {
				// Refused below.
			}
			throw new Refusal("a size is a whole number from 1, was '" + size + "'");
		});
		List<String> codecs = distinct("codec", this.what.codecs, (codec) -> FillCommand.codec(codec).id());
		List<String> compressions = distinct("compression", this.what.compressions,
				(compression) -> FillCommand.choice(() -> Compression.parse(compression)).label());
		List<String> layouts = distinct("layout", this.what.layouts,
				(layout) -> FillCommand.choice(() -> Layout.parse(layout)).label());
		if (this.what.ttl != null) {
			FillCommand.atLeast("--ttl", this.what.ttl, 1);
		}
		boolean yours = this.target.reach(this.environment).isPresent();
		if (yours && sizes.size() * codecs.size() * compressions.size() > 1) {
			throw new Refusal("a Redis of yours is never flushed: one size, codec and compression a run (the fills "
					+ "would overlap)");
		}
		Path out = (this.output.out != null) ? this.output.out : Path.of("results", "memory-"
				+ LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")) + ".md");
		if (out.toAbsolutePath().getParent() != null) {
			Files.createDirectories(out.toAbsolutePath().getParent());
		}
		CommandLog progress = new CommandLog(this.spec);
		String where = yours ? "the Redis given by " + String.join(" ", this.target.describe())
				+ ", as it was before the fill" : ownRedis();
		List<String> table = new ArrayList<>();
		table.add(where + ", " + LocalDate.now(ZoneOffset.UTC)
				+ ((this.what.ttl != null) ? ", every person with a TTL of " + this.what.ttl + " s" : "")
				+ (this.check.verify ? ", every fill verified through its app's /check" : ""));
		table.add("");
		table.add("| persons | codec | compression | layout | bytes per person | used_memory | dataset | overhead | RSS "
				+ "| fragmentation | fill persons/s |");
		table.add("|---|---|---|---|---|---|---|---|---|---|---|");
		Files.write(out, table);
		PrintWriter stdout = this.spec.commandLine().getOut();
		for (long size : sizes) {
			for (String codec : codecs) {
				for (String compression : compressions) {
					for (String layout : layouts) {
						String row = row(size, codec, compression, layout);
						stdout.println(row);
						stdout.flush();
						Files.writeString(out, row + System.lineSeparator(), StandardOpenOption.APPEND);
					}
				}
			}
		}
		progress.say("table: " + out);
		return CommandLines.OK;
	}

	/** One fill, as fill runs it, in this process; its row. */
	private String row(long size, String codec, String compression, String layout) throws Exception {
		List<String> args = new ArrayList<>(List.of("-n", String.valueOf(size), "--codec", codec, "--compression",
				compression, "--layout", layout));
		args.addAll(this.target.describe());
		if (this.what.ttl != null) {
			args.addAll(List.of("--ttl", String.valueOf(this.what.ttl)));
		}
		if (this.check.verify) {
			args.add("--verify");
		}
		FillCommand fill = new FillCommand(this.environment);
		CommandLine line = CommandLines.of(fill);
		// The fill's own lines go with this command's progress: standard output is the table's.
		line.setOut(this.spec.commandLine().getErr());
		line.setErr(this.spec.commandLine().getErr());
		line.parseArgs(args.toArray(String[]::new));
		MeasuredFill measured = fill.run().orElseThrow();
		List<MemoryReport.Node> memory = measured.memory();
		return String.format(Locale.ROOT, "| %d | %s | %s | %s | %.1f | %s | %s | %s | %s | %s | %s |", size,
				codec, compression, layout, measured.bytesPerPerson(), MemoryReport.total(memory, "used_memory"),
				MemoryReport.total(memory, "used_memory_dataset"), MemoryReport.total(memory, "used_memory_overhead"),
				MemoryReport.total(memory, "used_memory_rss"), MemoryReport.total(memory, "mem_fragmentation_ratio"),
				measured.filled().rate());
	}

	/** The heading's Redis: its version and the used_memory of it empty. */
	private static String ownRedis() {
		try (RedisServer own = new RedisServer()) {
			own.start();
			try (Jedis jedis = own.client()) {
				return "Redis " + RedisInfo.text(jedis.info("server"), "redis_version") + " of our own, empty used_memory "
						+ RedisInfo.number(jedis.info("memory"), "used_memory") + " bytes";
			}
		}
	}

	/** The items of a list, each read by {@code read}, none given twice. */
	private static <T> List<T> distinct(String what, List<String> items, Function<String, T> read) {
		Set<T> seen = new LinkedHashSet<>();
		for (String item : items) {
			if (!seen.add(read.apply(item.strip()))) {
				throw new Refusal(what + " '" + item + "' given twice");
			}
		}
		return new ArrayList<>(seen);
	}

}
