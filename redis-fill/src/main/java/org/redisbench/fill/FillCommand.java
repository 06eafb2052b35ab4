package org.redisbench.fill;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.function.Supplier;

import org.redisbench.codecs.PersonCodec;
import org.redisbench.commandline.CommandLines;
import org.redisbench.commandline.CommandLog;
import org.redisbench.commandline.JarBuild;
import org.redisbench.commandline.Refusal;
import org.redisbench.model.Batch;
import org.redisbench.model.Layout;
import org.redisbench.processes.RedisServer;
import org.redisbench.valueformat.Compression;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import redis.clients.jedis.Jedis;

/**
 * {@code fill} ({@code scripts/fill.sh}): loads persons 1..N into Redis as the apps store them, pipelined on several
 * connections, into a redis-server of its own or any Redis (ACL, TLS, a database, a cluster); before a large fill
 * a plan projects its memory from a sample and refuses a fill that would not fit; a list of connection counts
 * sweeps; the fill can be checked through the codec's app, or compared with {@code redis-cli --pipe}.
 */
@Command(name = "fill", mixinStandardHelpOptions = true, sortOptions = false, usageHelpAutoWidth = true,
		subcommands = MemoryCommand.class,
		description = { "Loads persons 1..N into Redis as the apps store them, prints persons/s and INFO memory "
				+ "(docs/layouts-and-memory.md, \"Layouts: a key per person or hash buckets, and a bulk fill\").",
				"Where: by default a redis-server of our own, hash-max-listpack-value " + Layout.LISTPACK_VALUE_BYTES
						+ ", stopped at the end; the password of a Redis given by --host, --port or --cluster, if it "
						+ "has one, only from REDIS_PASSWORD in the environment." })
public final class FillCommand implements Callable<Integer> {

	/** A fill of more persons than this is planned first, unless told otherwise. */
	static final long PLAN_ABOVE = 5_000_000;

	/** Rounds a plan's sample is stored in; their spread is the plan's uncertainty. */
	static final int PLAN_ROUNDS = 5;

	/** The sample is stored in rounds of whole buckets, one at least a round. */
	static final long PLAN_SAMPLE_LEAST = PLAN_ROUNDS * Layout.BUCKET_SIZE;

	static final class What {

		@Option(names = { "-n", "--persons" }, paramLabel = "N", defaultValue = "1000000",
				description = "persons, ids 1..N [${DEFAULT-VALUE}]")
		long persons = 1_000_000;

		@Option(names = "--codec", paramLabel = "ID", defaultValue = "kryo",
				description = "fastjson2 (string app), kryo, jackson-json, ... [${DEFAULT-VALUE}]")
		String codec = "kryo";

		@Option(names = "--compression", paramLabel = "C", defaultValue = "none",
				description = "none, gzip, lz4, zstd, zstd-dict (the app's dictionary) [${DEFAULT-VALUE}]")
		String compression = "none";

		@Option(names = "--layout", paramLabel = "L", defaultValue = "string-per-key",
				description = "string-per-key or hash-bucket [${DEFAULT-VALUE}]")
		String layout = "string-per-key";

		@Option(names = "--ttl", paramLabel = "SECONDS",
				description = "each person expires (a hash bucket as a whole, after its last write) [never]")
		Long ttl;

	}

	static final class How {

		@Option(names = "--connections", paramLabel = "LIST", split = ",", defaultValue = "4",
				description = "connections loading in parallel; a list (1,2,5,10) sweeps: a fill per count on our "
						+ "own Redis, flushed before each, then a table of persons/s with the CPU the fill and Redis "
						+ "used while it ran (not its JVM's start), to tell which side saturates [${DEFAULT-VALUE}]")
		List<String> connections = List.of("4");

		@Option(names = "--batch", paramLabel = "N", defaultValue = "1000",
				description = "persons per pipeline flush [${DEFAULT-VALUE}]")
		int batch = 1000;

		@Option(names = "--max-seconds", paramLabel = "S", defaultValue = "0",
				description = "start no batch after S seconds: persons 1..M stored, M counted exactly and then "
						+ "verified and reported as N (for a machine whose rate cannot be known ahead) [no limit]")
		long maxSeconds;

	}

	static final class Plan {

		@Option(names = "--plan", description = "plan only: measure a sample in a redis-server of our own with the "
				+ "target's listpack settings (a cluster of one node for --cluster), project used_memory for N with "
				+ "its uncertainty, compare it with the target's maxmemory and, for a local target, MemAvailable; "
				+ "exit 2 if it would not fit")
		boolean only;

		@Option(names = "--no-plan", description = "fill without a plan")
		boolean none;

		@Option(names = "--plan-sample", paramLabel = "N", defaultValue = "200000",
				description = "persons the plan measures, spread over 1..N, " + PLAN_SAMPLE_LEAST
						+ " at least [${DEFAULT-VALUE}]")
		long sample = 200_000;

		@Option(names = "--headroom", paramLabel = "GIB", defaultValue = "1",
				description = "MemAvailable a local fill leaves beyond the projection [${DEFAULT-VALUE}]")
		long headroomGib = 1;

	}

	static final class Compare {

		@Option(names = "--compare-pipe",
				description = "also time redis-cli --pipe loading the same bytes into our own, flushed, Redis")
		boolean pipe;

	}

	static final class Verify {

		@Option(names = "--verify",
				description = "then /check every person, same compression and layout; N a multiple of " + Batch.SIZE)
		boolean all;

		@Option(names = "--verify-sample", paramLabel = "K", defaultValue = "0",
				description = "then /checksingle K persons drawn uniformly at random from 1..N")
		long sample;

	}

	@ArgGroup(validate = false, heading = "What:%n", order = 1)
	What what = new What();

	@ArgGroup(validate = false, heading = "How:%n", order = 2)
	How how = new How();

	@ArgGroup(validate = false, heading = "Where (default: a redis-server of our own):%n", order = 3)
	TargetOptions target = new TargetOptions();

	@ArgGroup(validate = false, heading = "Plan (before any fill of more than " + PLAN_ABOVE + " persons):%n",
			order = 4)
	Plan plan = new Plan();

	@ArgGroup(validate = false, heading = "Compare:%n", order = 5)
	Compare compare = new Compare();

	@ArgGroup(validate = false, heading = "Verify (through the app of the codec: fastjson2: string, kryo, "
			+ "jackson-json: jackson; a plain Redis on 127.0.0.1 only):%n", order = 6)
	Verify verify = new Verify();

	@ArgGroup(validate = false, heading = "Build (read by scripts/lib/launcher.sh):%n", order = 7)
	final JarBuild build = new JarBuild();

	@Spec
	CommandSpec spec;

	/** Where {@code REDIS_PASSWORD} is read, for a Redis given by --host, --port or --cluster. */
	final Map<String, String> environment;

	public FillCommand() {
		this(System.getenv());
	}

	/** Reading the password from {@code environment}: memory-at-scale's fills read the one it was given. */
	FillCommand(Map<String, String> environment) {
		this.environment = environment;
	}

	public static void main(String[] args) {
		CommandLines.main(new FillCommand(), args);
	}

	@Override
	public Integer call() throws Exception {
		run();
		return CommandLines.OK;
	}

	/** The fill as asked, and what it cost; none for a plan alone or a sweep. */
	Optional<MeasuredFill> run() throws Exception {
		Settings settings = settings();
		PrintWriter out = this.spec.commandLine().getOut();
		CommandLog progress = new CommandLog(this.spec);
		if (this.plan.only || (!this.plan.none && settings.fill().persons() > PLAN_ABOVE)) {
			new Planner(settings, progress, out).plan(this.plan.sample, this.plan.headroomGib);
			if (this.plan.only) {
				return Optional.empty();
			}
		}
		if (settings.own()) {
			try (RedisServer own = ownRedis(progress)) {
				return fill(settings.fill().to(Reach.own(own.port())), settings, out, progress);
			}
		}
		return fill(settings.fill(), settings, out, progress);
	}

	/** A redis-server of our own, set for hash buckets as the bench's. */
	static RedisServer ownRedis(CommandLog progress) {
		RedisServer own = new RedisServer();
		own.start();
		try (Jedis jedis = own.client()) {
			jedis.configSet("hash-max-listpack-value", String.valueOf(Layout.LISTPACK_VALUE_BYTES));
		}
		progress.say("redis-server of our own on 127.0.0.1:" + own.port() + " (pid " + own.pid() + ")");
		return own;
	}

	private Optional<MeasuredFill> fill(FillOptions options, Settings settings, PrintWriter out, CommandLog progress)
			throws Exception {
		if (settings.connections().size() > 1) {
			new ConnectionSweep(options, out).run(settings.connections());
			MemoryReport.lines(MemoryReport.read(Fill.reach(options.reach()))).forEach(out::println);
			return Optional.empty();
		}
		MeasuredFill measured = MeasuredFill.run(options, out);
		FillOptions filled = measured.filled().options();
		if (this.verify.all) {
			new AppCheck(filled, progress, out).all();
		}
		if (this.verify.sample > 0) {
			new AppCheck(filled, progress, out).sample(this.verify.sample);
		}
		if (this.compare.pipe) {
			new PipeComparison(filled, out).run();
		}
		return Optional.of(measured);
	}

	/**
	 * What the command line asks, checked before anything starts.
	 *
	 * @param fill the fill, on its first connection count, to the target named (or, for our own Redis, its port
	 * yet unknown)
	 * @param own whether the Redis is one this command starts, empty, and stops
	 */
	record Settings(FillOptions fill, List<Integer> connections, boolean own) {
	}

	Settings settings() {
		if (this.what.persons < 1) {
			throw new Refusal("-n must be at least 1, was " + this.what.persons);
		}
		List<Integer> connections = counts(this.how.connections);
		Reach reach = this.target.reach(this.environment).orElse(null);
		boolean own = reach == null;
		if (connections.size() > 1) {
			if (!own) {
				throw new Refusal("a sweep of --connections flushes its Redis before each fill: run it without --port");
			}
			if (this.compare.pipe || this.verify.all || this.verify.sample > 0) {
				throw new Refusal("a sweep of --connections takes neither --compare-pipe nor --verify");
			}
		}
		if (!own && this.compare.pipe) {
			throw new Refusal("--compare-pipe flushes its Redis: run it without --port, on a Redis of our own");
		}
		atLeast("--batch", this.how.batch, 1);
		atLeast("--max-seconds", this.how.maxSeconds, 0);
		if (this.what.ttl != null) {
			atLeast("--ttl", this.what.ttl, 1);
		}
		if (this.plan.only && this.plan.none) {
			throw new Refusal("--plan and --no-plan: one of them");
		}
		atLeast("--plan-sample", this.plan.sample, PLAN_SAMPLE_LEAST);
		if (this.plan.only && this.what.persons < PLAN_SAMPLE_LEAST) {
			throw new Refusal("a plan samples the range in " + PLAN_ROUNDS + " rounds of whole buckets: -n at least "
					+ PLAN_SAMPLE_LEAST);
		}
		atLeast("--headroom", this.plan.headroomGib, 0);
		atLeast("--verify-sample", this.verify.sample, 0);
		PersonCodec codec = codec(this.what.codec);
		Compression compression = choice(() -> Compression.parse(this.what.compression));
		Layout layout = choice(() -> Layout.parse(this.what.layout));
		Path dictionary = null;
		if (compression == Compression.ZSTD_DICT) {
			dictionary = CodecApp.of(codec)
				.orElseThrow(() -> new Refusal("no app ships a zstd dictionary for codec " + codec.id()))
				.dictionary();
			if (!Files.isReadable(dictionary)) {
				throw new Refusal("cannot read " + dictionary + ": run from the repository's root");
			}
		}
		if (this.verify.all && this.what.persons % Batch.SIZE != 0) {
			throw new Refusal("--verify checks whole /check batches: N must be a multiple of " + Batch.SIZE);
		}
		if (this.verify.all || this.verify.sample > 0) {
			CodecApp.of(codec).orElseThrow(() -> new Refusal("no app stores persons with codec " + codec.id()
					+ ", so --verify cannot /check them"));
			if (!own && (reach.user() != null || reach.tls() || !reach.cluster().isEmpty() || reach.database() != 0
					|| !reach.host().equals("127.0.0.1"))) {
				throw new Refusal(
						"--verify and --verify-sample reach the Redis through the app: a plain Redis on 127.0.0.1 only");
			}
			if (this.verify.sample > this.what.persons) {
				throw new Refusal("--verify-sample draws from 1..N: at most N (" + this.what.persons + ")");
			}
		}
		FillOptions fill = new FillOptions(own ? Reach.own(0) : reach, 1, this.what.persons, connections.get(0),
				this.how.batch, codec, compression, dictionary, layout,
				(this.what.ttl != null) ? Duration.ofSeconds(this.what.ttl) : null, this.target.overwrite, 0,
				PLAN_ROUNDS, this.how.maxSeconds);
		return new Settings(fill, connections, own);
	}

	/** The connection counts of a list, each a whole number from 1, given once. */
	private static List<Integer> counts(List<String> list) {
		Set<Integer> counts = new LinkedHashSet<>();
		for (String each : list) {
			int count;
			try {
				count = Integer.parseInt(each.strip());
			}
			catch (NumberFormatException ex) {
				count = 0;
			}
			if (count < 1) {
				throw new Refusal("a connection count is a whole number from 1, was '" + each + "'");
			}
			if (!counts.add(count)) {
				throw new Refusal("connection count '" + each + "' given twice");
			}
		}
		return new ArrayList<>(counts);
	}

	static PersonCodec codec(String id) {
		return choice(() -> PersonCodec.byId(id));
	}

	/** A word of the vocabulary, its refusal one line. */
	static <T> T choice(Supplier<T> parse) {
		try {
			return parse.get();
		}
		catch (IllegalArgumentException ex) {
			throw new Refusal(ex.getMessage());
		}
	}

	static void atLeast(String option, long value, long least) {
		if (value < least) {
			throw new Refusal(option + " must be at least " + least + ", was " + value);
		}
	}

}
