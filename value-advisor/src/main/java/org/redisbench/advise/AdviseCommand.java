package org.redisbench.advise;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

import org.redisbench.commandline.Checks;
import org.redisbench.commandline.Choices;
import org.redisbench.commandline.CommandLines;
import org.redisbench.commandline.CompressionLabels;
import org.redisbench.commandline.JarBuild;
import org.redisbench.commandline.Refusal;
import org.redisbench.commandline.YesNo;
import org.redisbench.footprint.Conversion;
import org.redisbench.footprint.DocumentEncoding;
import org.redisbench.footprint.Placement;
import org.redisbench.footprint.sampling.SourceUri;
import org.redisbench.html.ResultsFolder;
import org.redisbench.objectreading.objects.Disclosure;
import org.redisbench.objectreading.objects.ObjectCandidates;
import org.redisbench.valueformat.Compression;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

/**
 * {@code redis-bench advise}, which scripts/advise.sh launches (docs/your-values.md): the value advisor's command
 * line, every option with its environment variable, checked before anything is read; then the run, into
 * results/&lt;timestamp&gt; unless {@code --output} names a folder, and the index of the runs beside it.
 */
@Command(name = "advise", mixinStandardHelpOptions = true, sortOptions = false, usageHelpWidth = 120,
		description = { "Reads a uniform sample of your values and measures, on the sample itself, what each encoding x"
				+ " compression x layout would do to Redis memory (projected to the source) and CPU (JMH); writes"
				+ " results/<timestamp>/advice.md, advice.csv, advice.json and charts (docs/your-values.md). Environment"
				+ " variable in brackets, its value after it." },
		footer = { "%nExit status: 0 done, 1 error, 2 bad option, or a source that cannot be read (unreachable, refused,"
				+ " TLS failure, a cluster node down, nothing matched), or classes that cannot read it (a --classpath"
				+ " entry that does not exist, objects of classes an empty --allow does not name, nothing read with the"
				+ " classes given): one line saying which. Needs a JDK 17+ and redis-server." })
public final class AdviseCommand implements Callable<Integer> {

	/** What --quick sets, whatever else was given: JMH in the advisor's own JVM, three short iterations. */
	static final String QUICK = "forks 0, warmup-iterations 1, warmup-time 100ms, iterations 3, iteration-time 100ms";

	@ArgGroup(validate = false, heading = "%nSource (one of them):%n", order = 1)
	final Source source = new Source();

	@ArgGroup(validate = false, heading = "%nSample:%n", order = 2)
	final Sampling sampling = new Sampling();

	@ArgGroup(validate = false, heading = "%nYour classes (JDK-serialized values, as Spring's RedisTemplate, Cache and"
			+ " Session store them by default, and Spring Data Redis's typed JSON; read only through the allow list,"
			+ " docs/your-values.md):%n", order = 3)
	final Classes classes = new Classes();

	@ArgGroup(validate = false, heading = "%nCandidates:%n", order = 4)
	final Candidates candidates = new Candidates();

	@ArgGroup(validate = false, heading = "%nCPU (JMH):%n", order = 5)
	final Cpu cpu = new Cpu();

	@ArgGroup(validate = false, heading = "%nReport:%n", order = 6)
	final Report report = new Report();

	@ArgGroup(validate = false, heading = "%nRun:%n", order = 7)
	final Run run = new Run();

	@ArgGroup(validate = false, heading = "%nBuild (read by scripts/lib/launcher.sh):%n", order = 8)
	final JarBuild build = new JarBuild();

	/** Where the password of --uri is read: ADVISE_PASSWORD, then REDISCLI_AUTH. */
	private final Map<String, String> environment;

	public AdviseCommand() {
		this(System.getenv());
	}

	/** Reading the source's password from {@code environment}: a test's user shell, without changing the JVM's. */
	AdviseCommand(Map<String, String> environment) {
		this.environment = environment;
	}

	static final class Source {

		@Option(names = "--uri", paramLabel = "URI", defaultValue = "${ADVISE_URI:-}",
				description = { "redis://[user@]host[:port][/db], rediss:// for TLS; on a cluster, any node: every master"
						+ " is scanned. Read-only: SCAN, TYPE, PTTL, MEMORY USAGE, OBJECT ENCODING, GETRANGE, HSCAN,"
						+ " INFO, DBSIZE, CLUSTER NODES (and PING, AUTH, SELECT). The password comes from ADVISE_PASSWORD"
						+ " or REDISCLI_AUTH (in the environment, never on the command line, which every user of the"
						+ " machine sees) [ADVISE_URI=${DEFAULT-VALUE}]" })
		String uri;

		@Option(names = "--file", paramLabel = "PATH", defaultValue = "${ADVISE_FILE:-}",
				description = "a file of JSON lines (a value a line) or a folder (a value a file: .json, .ser of a JDK"
						+ " stream, any bytes) [ADVISE_FILE=${DEFAULT-VALUE}]")
		String file;

		@Option(names = "--cacert", paramLabel = "FILE", defaultValue = "${ADVISE_CACERT:-}",
				description = "the PEM CA certificate a rediss:// source is checked against [ADVISE_CACERT=${DEFAULT-VALUE}]")
		String caCertificate;

	}

	static final class Sampling {

		@Option(names = "--match", paramLabel = "PATTERN", defaultValue = "${ADVISE_MATCH:-*}",
				description = "SCAN's MATCH [ADVISE_MATCH=${DEFAULT-VALUE}]")
		String match;

		@Option(names = "--sample", paramLabel = "N", defaultValue = "${ADVISE_SAMPLE:-10000}",
				description = "values sampled, uniformly over the whole match; memory is bounded by it"
						+ " [ADVISE_SAMPLE=${DEFAULT-VALUE}]")
		int sample;

		@Option(names = "--max-value-bytes", paramLabel = "N", defaultValue = "${ADVISE_MAX_VALUE_BYTES:-65536}",
				description = "larger values are counted, never read whole; at most 131072"
						+ " [ADVISE_MAX_VALUE_BYTES=${DEFAULT-VALUE}]")
		int maxValueBytes;

		@Option(names = "--seed", paramLabel = "N", defaultValue = "${ADVISE_SEED:-1}",
				description = "the sampling's random seed [ADVISE_SEED=${DEFAULT-VALUE}]")
		int seed;

	}

	static final class Classes {

		@Option(names = "--classpath", paramLabel = "CP", defaultValue = "${ADVISE_CLASSPATH:-}",
				description = "your service's classes, ':'-separated: folders, jars, dir/* (every jar in it), a Spring"
						+ " Boot fat jar (its BOOT-INF/classes and BOOT-INF/lib read as they are)"
						+ " [ADVISE_CLASSPATH=${DEFAULT-VALUE}]")
		String classpath;

		@Option(names = "--allow", paramLabel = "LIST", defaultValue = "${ADVISE_ALLOW:-}",
				description = "the classes the advisor may build, comma-separated: com.acme.** (a package and those under"
						+ " it), com.acme.* (a package), com.acme.Cart; beside them only the JDK's value types. Anything"
						+ " else is refused before it is loaded, and counted [ADVISE_ALLOW=${DEFAULT-VALUE}]")
		String allow;

		@Option(names = "--objects", paramLabel = "LIST", defaultValue = "${ADVISE_OBJECTS:-all}",
				completionCandidates = ObjectIds.class,
				description = "the typed candidates run on the values read as objects, by id: ${COMPLETION-CANDIDATES}"
						+ " [ADVISE_OBJECTS=${DEFAULT-VALUE}]")
		String objects;

	}

	static final class Candidates {

		@Option(names = "--encodings", paramLabel = "LIST", defaultValue = "${ADVISE_ENCODINGS:-all}",
				completionCandidates = EncodingIds.class,
				description = "${COMPLETION-CANDIDATES} [ADVISE_ENCODINGS=${DEFAULT-VALUE}]")
		String encodings;

		@Option(names = "--compression", paramLabel = "LIST", defaultValue = "${ADVISE_COMPRESSIONS:-all}",
				completionCandidates = CompressionLabels.class,
				description = "${COMPLETION-CANDIDATES} [ADVISE_COMPRESSIONS=${DEFAULT-VALUE}]")
		String compressions;

		@Option(names = "--layouts", paramLabel = "LIST", defaultValue = "${ADVISE_LAYOUTS:-all}",
				completionCandidates = LayoutIds.class,
				description = "${COMPLETION-CANDIDATES} [ADVISE_LAYOUTS=${DEFAULT-VALUE}]")
		String layouts;

		@Option(names = "--dictionary-bytes", paramLabel = "N", defaultValue = "${ADVISE_DICTIONARY_BYTES:-0}",
				description = "zstd-dict's dictionary size, 0 for a hundredth of what it learns from"
						+ " [ADVISE_DICTIONARY_BYTES=${DEFAULT-VALUE}]")
		int dictionaryBytes;

		@Option(names = "--train-values", paramLabel = "N", defaultValue = "${ADVISE_TRAIN_VALUES:-0}",
				description = "the most values a dictionary learns from, 0 for the whole other half of the sample"
						+ " [ADVISE_TRAIN_VALUES=${DEFAULT-VALUE}]")
		int trainValues;

	}

	static final class Cpu {

		// a String, not a boolean flag: picocli gives a flag with a default of its own the default's opposite
		@Option(names = "--no-cpu", arity = "0", fallbackValue = "no", defaultValue = "${ADVISE_CPU:-yes}",
				description = "no JMH: memory only [ADVISE_CPU=${DEFAULT-VALUE}]")
		String run;

		@Option(names = { "-f", "--forks" }, paramLabel = "N", defaultValue = "${ADVISE_FORKS:-1}",
				description = "forks per benchmark, 0 for the advisor's own JVM [ADVISE_FORKS=${DEFAULT-VALUE}]")
		int forks;

		@Option(names = "--warmup-iterations", paramLabel = "N", defaultValue = "${ADVISE_WARMUP_ITERATIONS:-2}",
				description = "per fork [ADVISE_WARMUP_ITERATIONS=${DEFAULT-VALUE}]")
		int warmupIterations;

		@Option(names = "--warmup-time", paramLabel = "TIME", defaultValue = "${ADVISE_WARMUP_TIME:-1s}",
				description = "each, e.g. 1s or 500ms [ADVISE_WARMUP_TIME=${DEFAULT-VALUE}]")
		String warmupTime;

		@Option(names = { "-i", "--iterations" }, paramLabel = "N", defaultValue = "${ADVISE_ITERATIONS:-5}",
				description = "measurement iterations per fork; an interval needs 3 in all"
						+ " [ADVISE_ITERATIONS=${DEFAULT-VALUE}]")
		int iterations;

		@Option(names = "--iteration-time", paramLabel = "TIME", defaultValue = "${ADVISE_ITERATION_TIME:-1s}",
				description = "each [ADVISE_ITERATION_TIME=${DEFAULT-VALUE}]")
		String iterationTime;

		@Option(names = "--quick", description = "rough CPU figures in seconds; sets " + QUICK)
		boolean quick;

		@Option(names = "--jvm-args", paramLabel = "ARGS", defaultValue = "${ADVISE_JVM_ARGS:-}",
				description = "JMH forks' JVM arguments, e.g. -Xmx2g (the advisor's own JVM takes"
						+ " REDIS_BENCH_JAVA_OPTS) [ADVISE_JVM_ARGS=${DEFAULT-VALUE}]")
		String jvmArgs;

	}

	static final class Report {

		@Option(names = "--show-values", defaultValue = "${ADVISE_SHOW_VALUES:-no}", converter = YesNo.class,
				description = "print your values where the reports name one (a typed codec's first difference, a map's"
						+ " key in its path), cut short. Without it they print no content of a value, only its class"
						+ " and shape (a string's length and where it first differs, a BigDecimal's scale, a key's"
						+ " position): a password hash, an e-mail or a token of your Redis stays out of advice.md and"
						+ " advice.json, which people share [ADVISE_SHOW_VALUES=${DEFAULT-VALUE}]")
		boolean showValues;

	}

	static final class Run {

		@Option(names = { "-o", "--output" }, paramLabel = "DIR", defaultValue = "${ADVISE_OUTPUT:-}",
				description = "output folder, results/<timestamp> when empty [ADVISE_OUTPUT=${DEFAULT-VALUE}]")
		String output;

	}

	@Override
	public Integer call() {
		Options options = options();
		Advisor.run(options, this.environment);
		say("advice: %s, and in a browser %s", options.out().resolve(AdviceReport.FILE),
				options.out().resolve("report.html"));
		ResultsFolder.index(options.out()).ifPresent(AdviseCommand::say);
		return CommandLines.OK;
	}

	/** The options checked, the output folder made: every refusal before anything is read. */
	Options options() {
		String uri = this.source.uri;
		String file = this.source.file;
		if (uri.isEmpty() == file.isEmpty()) {
			throw new Refusal(uri.isEmpty() ? "give --uri or --file" : "give --uri or --file, not both");
		}
		if (!uri.isEmpty() && !uri.matches("rediss?://.*")) {
			throw new Refusal("--uri starts redis:// or rediss://");
		}
		if (SourceUri.showsPassword(uri)) {
			say("warning: a password in --uri is seen by every user of this machine (ps); use ADVISE_PASSWORD");
		}
		Path ca = Checks.readableFile("--cacert", this.source.caCertificate);
		Checks.atLeast("--sample", this.sampling.sample, 2);
		Checks.atLeast("--max-value-bytes", this.sampling.maxValueBytes, 1);
		if (this.sampling.maxValueBytes > Conversion.MAX_VALUE_BYTES) {
			throw new Refusal("--max-value-bytes is at most " + Conversion.MAX_VALUE_BYTES
					+ " (zstd as this project frames it holds one 128 KiB block)");
		}
		Checks.atLeast("--seed", this.sampling.seed, 0);
		Checks.atLeast("--dictionary-bytes", this.candidates.dictionaryBytes, 0);
		Checks.atLeast("--train-values", this.candidates.trainValues, 0);
		Options.Cpu jmh = this.cpu.quick ? new Options.Cpu(cpu(), 0, 1, "100ms", 3, "100ms", jvmArgs())
				: new Options.Cpu(cpu(), this.cpu.forks, this.cpu.warmupIterations, this.cpu.warmupTime,
						this.cpu.iterations, this.cpu.iterationTime, jvmArgs());
		Checks.atLeast("--forks", jmh.forks(), 0);
		Checks.atLeast("--warmup-iterations", jmh.warmupIterations(), 0);
		Checks.atLeast("--iterations", jmh.iterations(), 1);
		Checks.duration("--warmup-time", jmh.warmupTime());
		Checks.duration("--iteration-time", jmh.iterationTime());
		List<DocumentEncoding> encodings = Choices.of("--encodings", this.candidates.encodings, new EncodingIds())
			.stream().map(DocumentEncoding::byId).toList();
		List<Compression> compressions = Choices.of("--compression", this.candidates.compressions,
				new CompressionLabels()).stream().map(Conversion::compression).toList();
		List<Placement> layouts = Choices.of("--layouts", this.candidates.layouts, new LayoutIds()).stream()
			.map(Placement::byId).toList();
		List<String> objects = Choices.of("--objects", this.classes.objects, ObjectCandidates.IDS);
		Path out;
		try {
			out = ResultsFolder.create(this.run.output);
		}
		catch (IllegalArgumentException ex) {
			throw new Refusal(ex.getMessage());
		}
		return new Options(uri, file.isEmpty() ? null : Path.of(file), ca, this.sampling.match, this.sampling.sample,
				this.sampling.maxValueBytes, this.sampling.seed, this.classes.classpath, this.classes.allow, objects,
				encodings, compressions, layouts,
				new Conversion.Dictionary(this.candidates.dictionaryBytes, this.candidates.trainValues),
				this.report.showValues ? Disclosure.SHOWN : Disclosure.HIDDEN, jmh, out);
	}

	/** Whether JMH runs: ADVISE_CPU, yes or no, unless --no-cpu was given. */
	private boolean cpu() {
		try {
			return new YesNo().convert(this.cpu.run);
		}
		catch (TypeConversionException ex) {
			throw new Refusal("ADVISE_CPU is " + ex.getMessage());
		}
	}

	private List<String> jvmArgs() {
		return Arrays.stream(this.cpu.jvmArgs.strip().split("\\s+")).filter((arg) -> !arg.isEmpty()).toList();
	}

	private static void say(String format, Object... args) {
		System.out.println(String.format(java.util.Locale.ROOT, format, args));
	}

	/** The JSON documents' encodings, by id. */
	static final class EncodingIds implements Iterable<String> {

		@Override
		public Iterator<String> iterator() {
			return Arrays.stream(DocumentEncoding.values()).map(DocumentEncoding::id).iterator();
		}

	}

	/** Every layout, each also under digested names, and as-stored: the source's own keys and hashes. */
	static final class LayoutIds implements Iterable<String> {

		@Override
		public Iterator<String> iterator() {
			return Arrays.stream(Placement.values()).map(Placement::id).iterator();
		}

	}

	/** The typed candidates, by id. */
	static final class ObjectIds implements Iterable<String> {

		@Override
		public Iterator<String> iterator() {
			return ObjectCandidates.IDS.iterator();
		}

	}

}
