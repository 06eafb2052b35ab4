package org.redisbench.lab;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.BiFunction;
import java.util.function.Predicate;

import org.redisbench.estimates.Estimate;
import org.redisbench.estimates.Verdict;
import org.redisbench.valueformat.Compression;

/**
 * codecs.md: every configuration's figures, and verdicts that claim a difference only where the 99.9%
 * confidence intervals do not overlap.
 */
final class LabReport {

	static final String FILE = "codecs.md";

	/** What the string app stores with, so every other codec is compared with it. */
	static final String BASELINE = "fastjson2";

	static final String KRYO = "kryo";

	private final StringBuilder text = new StringBuilder();

	private final List<LabRow> rows;

	private LabReport(List<LabRow> rows) {
		this.rows = rows;
	}

	/** {@code run}: what scripts/codec-lab.sh recorded (date, commit, machine, command, persons, keys). */
	static String render(Map<String, String> run, JmhResults.Settings jmh, SizeLab.Results sizes, List<LabRow> rows,
			List<String> charts) {
		LabReport report = new LabReport(rows);
		report.line("# Codec lab");
		report.line();
		report.line("Run on %s at commit %s, on %s. Times are JMH averages with their 99.9%% confidence intervals "
				+ "(± half-width); a verdict names a difference only where the two intervals do not overlap, and says "
				+ "*indistinguishable here* where they do.", run.getOrDefault("date", "?"),
				run.getOrDefault("commit", "?"), run.getOrDefault("host", "?"));
		report.line();
		report.kryoVersusBaseline();
		report.table();
		report.verdicts();
		report.line("## Charts");
		report.line();
		charts.forEach((chart) -> report.line("![%s](%s)", chart.replace(".png", ""), chart));
		report.line();
		report.method(run, jmh, sizes);
		return report.text.toString();
	}

	private void kryoVersusBaseline() {
		line("## Kryo vs fastjson2: decode + verify");
		line();
		line("What `/check` does per person: decode the value, then check its md5.");
		line();
		for (Compression compression : compressions()) {
			LabRow kryo = find(KRYO, compression);
			LabRow baseline = find(BASELINE, compression);
			for (Operation operation : List.of(Operation.DECODE_PERSON, Operation.DECODE_BATCH)) {
				String sentence = (kryo == null || baseline == null) ? "not in this run"
						: sentence(kryo, baseline, operation);
				line("- %s: %s.", compression, sentence);
			}
		}
		line();
	}

	private static String sentence(LabRow subject, LabRow baseline, Operation operation) {
		Estimate subjectNanos = subject.nanos(operation);
		Estimate baselineNanos = baseline.nanos(operation);
		if (subjectNanos == null || baselineNanos == null) {
			LabRow missing = (subjectNanos == null) ? subject : baseline;
			return operation.label() + " not measured for " + missing.setup() + " (" + missing.status() + ")";
		}
		return VerdictSentence.of(Verdict.of(subjectNanos, baselineNanos), subject.setup().codec().id(),
				baseline.setup().codec().id(), operation, subjectNanos, baselineNanos);
	}

	private void table() {
		line("## Every codec × compression");
		line();
		line("ns per operation ± the 99.9%% interval; *100* is a batch of 100 persons, as one `/add` or `/check`. B/op: "
				+ "bytes allocated per operation (JMH's gc profiler), encode · decode+verify. Value bytes over the "
				+ "persons sized; Redis bytes per key: growth of `used_memory` less client buffers over the keys stored.");
		line();
		header("codec", "compression", "availability", "configuration", "encode ns", "decode+verify ns",
				"encode 100 ns", "decode+verify 100 ns", "B/op", "B/op 100", "value bytes mean", "p50", "p99",
				"Redis bytes per key");
		for (LabRow row : this.rows) {
			SizeLab.Row sizes = row.sizes();
			cells(row.setup().codec().id(), row.setup().compression(),
					row.status(),
					row.setup().codec().configuration(), LabFormat.estimate(row.nanos(Operation.ENCODE_PERSON)),
					LabFormat.estimate(row.nanos(Operation.DECODE_PERSON)),
					LabFormat.estimate(row.nanos(Operation.ENCODE_BATCH)),
					LabFormat.estimate(row.nanos(Operation.DECODE_BATCH)),
					allocated(row, Operation.ENCODE_PERSON, Operation.DECODE_PERSON),
					allocated(row, Operation.ENCODE_BATCH, Operation.DECODE_BATCH),
					LabFormat.optional((sizes != null) ? sizes.valueBytesMean() : null),
					Objects.toString((sizes != null) ? sizes.valueBytesP50() : null, LabFormat.NONE),
					Objects.toString((sizes != null) ? sizes.valueBytesP99() : null, LabFormat.NONE),
					LabFormat.optional((sizes != null) ? sizes.redisBytesPerKey() : null));
		}
		line();
	}

	private static String allocated(LabRow row, Operation encode, Operation decode) {
		Estimate encoded = row.allocated(encode);
		Estimate decoded = row.allocated(decode);
		if (encoded == null && decoded == null) {
			return LabFormat.NONE;
		}
		return ((encoded != null) ? LabFormat.number(encoded.score()) : LabFormat.NONE) + " · "
				+ ((decoded != null) ? LabFormat.number(decoded.score()) : LabFormat.NONE);
	}

	private void verdicts() {
		line("## Verdicts");
		line();
		line("Each cell compares the row's time with a baseline's: *faster* or *slower* (with the ratio of the two) "
				+ "only where the 99.9%% intervals do not overlap.");
		line();
		line("### Against %s, same compression", BASELINE);
		line();
		verdictTable((row) -> !row.setup().codec().id().equals(BASELINE),
				(row, compression) -> find(BASELINE, compression));
		line("### Against no compression, same codec");
		line();
		verdictTable((row) -> row.setup().compression() != Compression.NONE,
				(row, compression) -> find(row.setup().codec().id(), Compression.NONE));
	}

	private void verdictTable(Predicate<LabRow> compared,
			BiFunction<LabRow, Compression, LabRow> baselineOf) {
		String[] columns = new String[2 + Operation.values().length];
		columns[0] = "codec";
		columns[1] = "compression";
		for (Operation operation : Operation.values()) {
			columns[2 + operation.ordinal()] = operation.label();
		}
		header(columns);
		for (LabRow row : this.rows) {
			LabRow baseline = baselineOf.apply(row, row.setup().compression());
			if (!compared.test(row) || row.measured().isEmpty() || baseline == null || baseline.measured().isEmpty()) {
				continue;
			}
			Object[] cells = new Object[columns.length];
			cells[0] = row.setup().codec().id();
			cells[1] = row.setup().compression();
			for (Operation operation : Operation.values()) {
				Estimate subject = row.nanos(operation);
				Estimate base = baseline.nanos(operation);
				cells[2 + operation.ordinal()] = (subject == null || base == null) ? LabFormat.NONE
						: Verdict.of(subject, base).cell();
			}
			cells(cells);
		}
		line();
	}

	private void method(Map<String, String> run, JmhResults.Settings jmh, SizeLab.Results sizes) {
		line("## How it was measured");
		line();
		line("- Machine: %s, %s cores, %s memory; %s; load average %s after JMH (other work widens the intervals).",
				run.getOrDefault("cpu", "?"), run.getOrDefault("cores", "?"), run.getOrDefault("memory", "?"),
				run.getOrDefault("kernel", "?"), run.getOrDefault("load", "?"));
		if (jmh != null) {
			line("- JDK: %s (%s %s), `%s`.", jmh.jdkVersion(), jmh.vmName(), jmh.vmVersion(), jmh.jvm());
			String warmup = (jmh.warmupIterations() == 0) ? "no warm-up"
					: jmh.warmupIterations() + " warm-up iteration(s) of " + jmh.warmupTime();
			line("- JMH %s, average time: %d fork(s)%s, %s, %d measurement iteration(s) of %s, %d thread(s), gc "
					+ "profiler; JVM arguments: %s.", jmh.jmhVersion(), jmh.forks(),
					(jmh.forks() == 0) ? " (in JMH's own JVM)" : "", warmup, jmh.measurementIterations(),
					jmh.measurementTime(), jmh.threads(),
					jmh.jvmArgs().isEmpty() ? "none" : "`" + String.join(" ", jmh.jvmArgs()) + "`");
		}
		else {
			line("- JMH measured nothing in this run.");
		}
		line("- Persons: ids from 1, built as `/add` builds them; JMH takes %d of them in turn. A zstd dictionary "
				+ "(%d bytes) is trained for each codec at set-up from %,d other persons (random ids and times).",
				CodecBenchmark.POOL, CodecSetup.DICTIONARY_BYTES, CodecSetup.DICTIONARY_SAMPLES);
		line("- Value bytes over %s persons; Redis bytes per key over %s keys `person_<id>` SET through a pipeline "
				+ "(%d per round trip) on a redis-server %s (%s) the run started, FLUSHALLed between configurations.",
				run.getOrDefault("persons", "?"), run.getOrDefault("keys", "?"), PersonLoad.PIPELINE_DEPTH,
				sizes.redisVersion(), sizes.memAllocator());
		line("- Command: `%s`.", run.getOrDefault("command", "?"));
		line();
	}

	private List<Compression> compressions() {
		return this.rows.stream().map((row) -> row.setup().compression()).distinct().toList();
	}

	private LabRow find(String codec, Compression compression) {
		return this.rows.stream()
			.filter((row) -> row.setup().codec().id().equals(codec) && row.setup().compression() == compression)
			.findFirst()
			.orElse(null);
	}

	private void line(String format, Object... args) {
		this.text.append(String.format(Locale.ROOT, format, args)).append('\n');
	}

	private void line() {
		this.text.append('\n');
	}

	private void header(String... columns) {
		cells((Object[]) columns);
		line("%s", "|" + "---|".repeat(columns.length));
	}

	private void cells(Object... cells) {
		StringBuilder row = new StringBuilder("|");
		for (Object cell : cells) {
			row.append(' ').append(Objects.toString(cell).replace("|", "\\|")).append(" |");
		}
		line("%s", row);
	}

}
