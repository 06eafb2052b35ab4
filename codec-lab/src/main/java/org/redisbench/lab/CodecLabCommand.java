package org.redisbench.lab;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;

import org.redisbench.codecs.PersonCodec;
import org.redisbench.commandline.Checks;
import org.redisbench.commandline.Choices;
import org.redisbench.commandline.CommandLines;
import org.redisbench.commandline.CompressionLabels;
import org.redisbench.commandline.Failure;
import org.redisbench.commandline.JarBuild;
import org.redisbench.commandline.Refusal;
import org.redisbench.commandline.YesNo;
import org.redisbench.html.ResultsFolder;
import org.redisbench.model.Batch;
import org.redisbench.processes.Program;
import org.redisbench.processes.SourceCommit;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code redis-bench codec-lab}, which scripts/codec-lab.sh launches (docs/codec-lab.md): the lab's command line,
 * then its steps, each a JVM of its own with the flags the codecs need (FST's --add-opens), its output in raw/ and
 * bounded by --step-timeout: the available codecs, JMH, value sizes and Redis bytes per key, the report.
 */
@Command(name = "codec-lab", mixinStandardHelpOptions = true, sortOptions = false, usageHelpWidth = 120,
		description = { "Measures every codec x compression: JMH's encode and decode+verify ns/op and bytes allocated per"
				+ " op (a person, a batch of " + Batch.SIZE + "), value sizes and Redis bytes per key; writes"
				+ " results/<timestamp>/codecs.md and more (docs/codec-lab.md). Environment variable in brackets, its"
				+ " value after it." },
		footer = "%nExit status: 0 done, 1 error, 2 bad option or setting. Needs a JDK 17+ and redis-server.")
public final class CodecLabCommand implements Callable<Integer> {

	/** What --smoke sets, whatever else was given: the run's shape in a few minutes, and so no verdict. */
	static final String SMOKE = "forks 0, warmup-iterations 0, iterations 1, iteration-time 100ms, persons 1000,"
			+ " keys 2000";

	private static final Pattern JMH_PROGRESS = Pattern.compile("^# (Run progress|Parameters)|^Iteration|Exception|Error");

	private static final Pattern EVERY_LINE = Pattern.compile("");

	/** JMH's system property: run even when another JMH holds its lock (/tmp/jmh.lock). */
	static final String JMH_IGNORE_LOCK = "jmh.ignoreLock";

	@Spec
	CommandSpec spec;

	@ArgGroup(validate = false, heading = "%nJMH:%n", order = 1)
	final Jmh jmh = new Jmh();

	@ArgGroup(validate = false, heading = "%nConfigurations:%n", order = 2)
	final Configurations configurations = new Configurations();

	@ArgGroup(validate = false, heading = "%nSizes:%n", order = 3)
	final Sizes sizes = new Sizes();

	@ArgGroup(validate = false, heading = "%nRun:%n", order = 4)
	final Run run = new Run();

	@ArgGroup(validate = false, heading = "%nBuild (read by scripts/lib/launcher.sh):%n", order = 5)
	final JarBuild build = new JarBuild();

	static final class Jmh {

		@Option(names = { "-f", "--forks" }, paramLabel = "N", defaultValue = "${CODEC_LAB_FORKS:-1}",
				description = "forks per benchmark [CODEC_LAB_FORKS=${DEFAULT-VALUE}]")
		int forks;

		@Option(names = "--warmup-iterations", paramLabel = "N", defaultValue = "${CODEC_LAB_WARMUP_ITERATIONS:-2}",
				description = "warm-up iterations per fork [CODEC_LAB_WARMUP_ITERATIONS=${DEFAULT-VALUE}]")
		int warmupIterations;

		@Option(names = "--warmup-time", paramLabel = "TIME", defaultValue = "${CODEC_LAB_WARMUP_TIME:-1s}",
				description = "each, e.g. 1s or 500ms [CODEC_LAB_WARMUP_TIME=${DEFAULT-VALUE}]")
		String warmupTime;

		@Option(names = { "-i", "--iterations" }, paramLabel = "N", defaultValue = "${CODEC_LAB_ITERATIONS:-5}",
				description = "measurement iterations per fork; an interval needs 3 in all"
						+ " [CODEC_LAB_ITERATIONS=${DEFAULT-VALUE}]")
		int iterations;

		@Option(names = "--iteration-time", paramLabel = "TIME", defaultValue = "${CODEC_LAB_ITERATION_TIME:-1s}",
				description = "each [CODEC_LAB_ITERATION_TIME=${DEFAULT-VALUE}]")
		String iterationTime;

		@Option(names = "--jvm-args", paramLabel = "ARGS", defaultValue = "${CODEC_LAB_JVM_ARGS:-}",
				description = "more JVM arguments per fork [CODEC_LAB_JVM_ARGS=${DEFAULT-VALUE}]")
		String jvmArgs;

	}

	static final class Configurations {

		@Option(names = "--codecs", paramLabel = "LIST", defaultValue = "${CODEC_LAB_CODECS:-all}",
				completionCandidates = CodecIds.class,
				description = "codec ids, comma-separated, or all: ${COMPLETION-CANDIDATES}"
						+ " [CODEC_LAB_CODECS=${DEFAULT-VALUE}]")
		String codecs;

		@Option(names = "--compression", paramLabel = "LIST", defaultValue = "${CODEC_LAB_COMPRESSIONS:-all}",
				completionCandidates = CompressionLabels.class,
				description = "${COMPLETION-CANDIDATES}, or all [CODEC_LAB_COMPRESSIONS=${DEFAULT-VALUE}]")
		String compressions;

	}

	static final class Sizes {

		@Option(names = "--persons", paramLabel = "N", defaultValue = "${CODEC_LAB_PERSONS:-10000}",
				description = "persons sized for mean, p50, p99 [CODEC_LAB_PERSONS=${DEFAULT-VALUE}]")
		int persons;

		@Option(names = "--keys", paramLabel = "N", defaultValue = "${CODEC_LAB_KEYS:-100000}",
				description = "keys SET per configuration, 0 for none [CODEC_LAB_KEYS=${DEFAULT-VALUE}]")
		int keys;

	}

	static final class Run {

		@Option(names = "--smoke", defaultValue = "${CODEC_LAB_SMOKE:-no}", converter = YesNo.class,
				description = "the whole run in minutes, figures meaningless [CODEC_LAB_SMOKE=${DEFAULT-VALUE}]; sets "
						+ SMOKE)
		boolean smoke;

		@Option(names = { "-o", "--output" }, paramLabel = "DIR", defaultValue = "${CODEC_LAB_OUTPUT:-}",
				description = "output folder, results/<timestamp> when empty [CODEC_LAB_OUTPUT=${DEFAULT-VALUE}]")
		String output;

		@Option(names = "--step-timeout", paramLabel = "N", defaultValue = "${CODEC_LAB_STEP_TIMEOUT:-7200}",
				description = "seconds JMH, sizes or report may take [CODEC_LAB_STEP_TIMEOUT=${DEFAULT-VALUE}]")
		long stepTimeout;

		@Option(names = "--stop-timeout", paramLabel = "N", defaultValue = "${CODEC_LAB_STOP_TIMEOUT:-30}",
				description = "seconds a stopped step gets before SIGKILL [CODEC_LAB_STOP_TIMEOUT=${DEFAULT-VALUE}]")
		long stopTimeout;

	}

	@Override
	public Integer call() throws IOException, InterruptedException {
		if (this.run.smoke) {
			this.jmh.forks = 0;
			this.jmh.warmupIterations = 0;
			this.jmh.iterations = 1;
			this.jmh.iterationTime = "100ms";
			this.sizes.persons = 1000;
			this.sizes.keys = 2000;
		}
		Checks.atLeast("--forks", this.jmh.forks, 0);
		Checks.atLeast("--warmup-iterations", this.jmh.warmupIterations, 0);
		Checks.atLeast("--iterations", this.jmh.iterations, 1);
		Checks.atLeast("--persons", this.sizes.persons, 0);
		Checks.atLeast("--keys", this.sizes.keys, 0);
		Checks.atLeast("--step-timeout", this.run.stepTimeout, 0);
		Checks.atLeast("--stop-timeout", this.run.stopTimeout, 0);
		Checks.duration("--warmup-time", this.jmh.warmupTime);
		Checks.duration("--iteration-time", this.jmh.iterationTime);
		List<PersonCodec> codecs = Choices.of("--codecs", this.configurations.codecs, new CodecIds()).stream()
			.map(PersonCodec::byId)
			.toList();
		String compressions = String.join(",", Choices.of("--compression", this.configurations.compressions,
				new CompressionLabels()));
		Path out;
		try {
			out = ResultsFolder.create(this.run.output);
		}
		catch (IllegalArgumentException ex) {
			throw new Refusal(ex.getMessage());
		}
		Path raw = out.resolve("raw");
		say("output: %s", out);
		String codecIds = String.join(",", codecs.stream().map(PersonCodec::id).toList());
		List<String> lab = new ArrayList<>(List.of(javaCommand()));
		lab.addAll(flags(CodecSetup.jvmFlags(codecs)));
		// JMH takes its machine-wide lock in the step's JVM: a lab told to pass over it (a test beside other JMH runs)
		// tells that JVM too
		if (Boolean.getBoolean(JMH_IGNORE_LOCK)) {
			lab.add("-D" + JMH_IGNORE_LOCK + "=true");
		}
		lab.addAll(List.of("-cp", System.getProperty("java.class.path")));
		List<String> configurations = List.of("--codecs", codecIds, "--compression", compressions);
		String available = step("available codecs", raw.resolve("available.log"), EVERY_LINE,
				with(with(lab, LabSteps.class.getName(), "available"), configurations)).strip();
		String jmhCommand = jmh(lab, available, compressions, raw);
		runRecord(raw.resolve("run.env"), jmhCommand);
		step("value sizes and Redis bytes per key", raw.resolve("sizes.log"), EVERY_LINE,
				with(with(with(lab, LabSteps.class.getName(), "sizes"), configurations), "--persons",
						Integer.toString(this.sizes.persons), "--keys", Integer.toString(this.sizes.keys), "--out",
						raw.resolve("sizes.json").toString()));
		step("report", raw.resolve("report.log"), EVERY_LINE, with(with(with(lab, LabSteps.class.getName(), "report"),
				configurations), "--jmh", raw.resolve("jmh.json").toString(), "--sizes",
				raw.resolve("sizes.json").toString(), "--run", raw.resolve("run.env").toString(), "--out", out.toString()));
		say("report: %s, and in a browser %s", out.resolve(LabReport.FILE), out.resolve("report.html"));
		ResultsFolder.index(out).ifPresent(CodecLabCommand::say);
		return CommandLines.OK;
	}

	/** JMH over the available codecs (an unavailable one would only fail its set-up); the command it ran. */
	private String jmh(List<String> lab, String available, String compressions, Path raw)
			throws IOException, InterruptedException {
		if (available.isEmpty()) {
			say("no available codec among %s: JMH skipped", this.configurations.codecs);
			Files.writeString(raw.resolve("jmh.json"), "[]\n");
			return "not run";
		}
		List<String> command = with(lab, "org.openjdk.jmh.Main", "CodecBenchmark", "-p", "codec=" + available, "-f",
				Integer.toString(this.jmh.forks), "-wi", Integer.toString(this.jmh.warmupIterations), "-w",
				this.jmh.warmupTime, "-i", Integer.toString(this.jmh.iterations), "-r", this.jmh.iterationTime, "-prof",
				"gc", "-rf", "json", "-rff", raw.resolve("jmh.json").toString());
		if (!this.configurations.compressions.strip().equals(Choices.ALL)) {
			command = with(command, "-p", "compression=" + compressions);
		}
		if (!this.jmh.jvmArgs.isBlank()) {
			command = with(command, "-jvmArgsAppend", this.jmh.jvmArgs);
		}
		step("JMH", raw.resolve("jmh.log"), JMH_PROGRESS, command);
		return String.join(" ", command);
	}

	/**
	 * Runs a step with its output in {@code log}, showing the lines that match {@code shown} as they come; its whole
	 * output. A step past --step-timeout is stopped, and killed after --stop-timeout; one still running when the lab
	 * is stopped (Ctrl-C) stops with it, and the redis-server its JVM started with that JVM.
	 */
	private String step(String name, Path log, Pattern shown, List<String> command) {
		say("%s; log in %s", name, log);
		StringBuilder output = new StringBuilder();
		Duration limit = this.run.stepTimeout == 0 ? Duration.ofMillis(Long.MAX_VALUE)
				: Duration.ofSeconds(this.run.stepTimeout);
		Program.Ended step = Program.runWatched(command, limit, Duration.ofSeconds(this.run.stopTimeout), log,
				(line) -> {
					output.append(line).append('\n');
					if (shown.matcher(line).find()) {
						System.err.println(line);
					}
				});
		switch (step.status()) {
			case 0 -> {
				return output.toString();
			}
			case CommandLines.REFUSED -> throw new Refusal(name + ": " + lastLines(output));
			case Program.NOT_STARTED -> throw new Failure(name + ": " + step.errors());
			case Program.TIMED_OUT ->
				throw new Failure(name + " took longer than --step-timeout " + this.run.stepTimeout + " s; see " + log);
			default -> throw new Failure(name + " failed (exit " + step.status() + "); see " + log);
		}
	}

	private static String lastLines(StringBuilder output) {
		List<String> lines = output.toString().lines().filter((line) -> !line.isBlank()).toList();
		return lines.isEmpty() ? "refused" : lines.get(0);
	}

	/** What the report names of the run: when, which commit, on what machine, with which settings. */
	private void runRecord(Path file, String jmhCommand) throws IOException {
		List<String> lines = new ArrayList<>();
		lines.add("date=" + OffsetDateTime.now().truncatedTo(ChronoUnit.SECONDS));
		lines.add("commit=" + SourceCommit.of(ResultsFolder.repository()));
		lines.add("host=" + java.net.InetAddress.getLocalHost().getHostName());
		lines.add("cpu=" + cpuModel());
		lines.add("cores=" + Runtime.getRuntime().availableProcessors());
		lines.add("memory=" + memory());
		lines.add("kernel=" + System.getProperty("os.name") + " " + System.getProperty("os.version"));
		lines.add("load=" + load());
		List<String> args = this.spec.commandLine().getParseResult().originalArgs();
		// as a subcommand, its arguments follow its name
		lines.add("command=scripts/codec-lab.sh " + String.join(" ", args.subList(args.indexOf(this.spec.name()) + 1,
				args.size())));
		lines.add("jmh_command=" + jmhCommand);
		lines.add("persons=" + this.sizes.persons);
		lines.add("keys=" + this.sizes.keys);
		Files.write(file, lines);
	}

	private static String cpuModel() throws IOException {
		return procLine(Path.of("/proc/cpuinfo"), "model name").replaceFirst("^[^:]*:\\s*", "");
	}

	private static String memory() throws IOException {
		String kib = procLine(Path.of("/proc/meminfo"), "MemTotal").replaceAll("[^0-9]", "");
		return kib.isEmpty() ? "" : String.format(Locale.ROOT, "%.1f GiB", Long.parseLong(kib) / 1048576.0);
	}

	private static String load() throws IOException {
		Path loadavg = Path.of("/proc/loadavg");
		if (!Files.isReadable(loadavg)) {
			return "";
		}
		return String.join(" ", Arrays.asList(Files.readString(loadavg).strip().split(" ")).subList(0, 3));
	}

	private static String procLine(Path file, String prefix) throws IOException {
		if (!Files.isReadable(file)) {
			return "";
		}
		try (var lines = Files.lines(file)) {
			return lines.filter((line) -> line.startsWith(prefix)).findFirst().orElse("");
		}
	}

	private static String javaCommand() {
		return Path.of(System.getProperty("java.home"), "bin", "java").toString();
	}

	private static List<String> flags(String flags) {
		return Arrays.stream(flags.strip().split("\\s+")).filter((flag) -> !flag.isEmpty()).toList();
	}

	private static List<String> with(List<String> command, String... more) {
		return with(command, List.of(more));
	}

	private static List<String> with(List<String> command, List<String> more) {
		List<String> longer = new ArrayList<>(command);
		longer.addAll(more);
		return longer;
	}

	private static void say(String format, Object... args) {
		System.err.println("[codec-lab] " + String.format(Locale.ROOT, format, args));
	}

	/** Every codec, by id. */
	static final class CodecIds implements Iterable<String> {

		@Override
		public java.util.Iterator<String> iterator() {
			return Arrays.stream(PersonCodec.values()).map(PersonCodec::id).iterator();
		}

	}

}
