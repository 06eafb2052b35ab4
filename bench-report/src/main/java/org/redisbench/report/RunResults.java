package org.redisbench.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Everything one bench.sh run captured under {@code <output>/raw}, turned into {@link SummaryRecord}s.
 * <p>
 * Layout written by bench.sh: {@code env/} (settings.env and environment facts), and per variant and
 * repetition {@code <variant>/rep<N>/} with, for each ab phase, {@code <phase>.ab.txt} and {@code .ab.exit}, and
 * {@code <phase>.before|after.info.txt}, {@code .dbsize.txt} (on a cluster one of each per master,
 * {@code <phase>.before|after.node<K>.info.txt}, named in {@code nodes.txt}), {@code .proc-stat.txt},
 * {@code .proc-status.txt}, {@code .prometheus.txt} (the app's metrics); {@code add.after.strlen.txt};
 * {@code redis-benchmark.csv}, {@code .args}, {@code .exit}. The variants are listed by {@code variants=} in
 * settings.env and described by each folder's {@code variant.env}, which bench.sh writes as the variant starts. A
 * run from before the matrix has no {@code variants=}: its folders are {@code raw/<app>/}, each the published
 * per-key/none/single variant.
 */
public final class RunResults {

	private static final Pattern REPETITION = Pattern.compile("rep(\\d+)");

	private final KeyValues settings;

	private final Map<String, String> environment;

	private final List<Variant> variants;

	private final List<String> notRun;

	private final List<SummaryRecord> records;

	private RunResults(KeyValues settings, Map<String, String> environment, List<Variant> variants,
			List<String> notRun, List<SummaryRecord> records) {
		this.settings = settings;
		this.environment = environment;
		this.variants = variants;
		this.notRun = notRun;
		this.records = records;
	}

	public static RunResults load(Path output) {
		Path raw = output.resolve("raw");
		if (!Files.isDirectory(raw)) {
			throw new IllegalArgumentException(raw + " is not a folder: give the output folder of a bench.sh run");
		}
		KeyValues settings = KeyValues.parse(read(raw.resolve("env/settings.env")));
		List<String> notRun = new ArrayList<>();
		Map<Variant, Path> variants = variants(raw, settings, notRun);
		List<SummaryRecord> records = new ArrayList<>();
		for (Map.Entry<Variant, Path> variant : variants.entrySet()) {
			for (Path rep : repetitions(variant.getValue())) {
				int repetition = Integer.parseInt(rep.getFileName().toString().substring(3));
				Capture capture = new Capture(variant.getKey(), repetition, rep, settings);
				for (Phase phase : Phase.AB) {
					if (Files.exists(rep.resolve(phase.label() + ".ab.txt"))
							|| Files.exists(rep.resolve(phase.label() + ".skipped"))) {
						records.add(capture.abRecord(phase));
					}
				}
				records.addAll(capture.redisBenchmarkRecords());
			}
		}
		return new RunResults(settings, environment(raw.resolve("env")), List.copyOf(variants.keySet()),
				List.copyOf(notRun), List.copyOf(records));
	}

	/** Every variant the run started, in run order, with its folder; the names of those it never started to notRun. */
	private static Map<Variant, Path> variants(Path raw, KeyValues settings, List<String> notRun) {
		Map<Variant, Path> variants = new LinkedHashMap<>();
		String names = settings.get("variants", null);
		if (names == null) {
			for (String app : settings.get("apps", "string,kryo").split(",")) {
				variants.put(Variant.published(app), raw.resolve(app));
			}
			return variants;
		}
		for (String name : names.split(",")) {
			Path dir = raw.resolve(name.strip());
			if (!Files.exists(dir.resolve("variant.env"))) {
				notRun.add(name.strip());
				continue;
			}
			KeyValues env = KeyValues.parse(read(dir.resolve("variant.env")));
			variants.put(new Variant(required(env, "app", dir), required(env, "mode", dir),
					required(env, "compression", dir), required(env, "topology", dir),
					Integer.parseInt(required(env, "masters", dir))), dir);
		}
		return variants;
	}

	private static String required(KeyValues env, String name, Path dir) {
		String value = env.get(name, "");
		if (value.isEmpty()) {
			throw new IllegalArgumentException(dir.resolve("variant.env") + " gives no " + name + "=");
		}
		return value;
	}

	public KeyValues settings() {
		return this.settings;
	}

	/** Facts about the machine and tools, labelled for a reader, in the order a report shows them. */
	public Map<String, String> environment() {
		return this.environment;
	}

	public List<Variant> variants() {
		return this.variants;
	}

	/** Variants settings.env lists but the run stopped before: no folder, no figures. */
	public List<String> notRun() {
		return this.notRun;
	}

	public List<SummaryRecord> records() {
		return this.records;
	}

	private static List<Path> repetitions(Path variantDir) {
		if (!Files.isDirectory(variantDir)) {
			return List.of();
		}
		try (Stream<Path> children = Files.list(variantDir)) {
			return children.filter(p -> REPETITION.matcher(p.getFileName().toString()).matches())
				.sorted(Comparator.comparingInt(p -> Integer.parseInt(p.getFileName().toString().substring(3))))
				.toList();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private static Map<String, String> environment(Path env) {
		Map<String, String> facts = new LinkedHashMap<>();
		facts.put("CPU", firstMatch(read(env.resolve("cpuinfo.txt")), "(?m)^model name\\s*:\\s*(.+)$"));
		facts.put("Cores", read(env.resolve("nproc.txt")).strip());
		facts.put("Memory", firstMatch(read(env.resolve("meminfo.txt")), "(?m)^MemTotal:\\s*(.+)$"));
		facts.put("Kernel", read(env.resolve("uname.txt")).strip());
		facts.put("JDK", read(env.resolve("java-version.txt")).lines().findFirst().orElse(null));
		facts.put("Redis", RedisInfo.parse(read(env.resolve("redis-info-server.txt"))).text("redis_version"));
		facts.put("ab", firstMatch(read(env.resolve("ab-version.txt")), "(ApacheBench, Version \\S+)"));
		facts.put("redis-benchmark", read(env.resolve("redis-benchmark-version.txt")).strip());
		facts.put("Network sysctls", String.join("; ", read(env.resolve("sysctl.txt")).strip().split("\\r?\\n")));
		facts.values().removeIf(value -> value == null || value.isBlank());
		return facts;
	}

	private static String firstMatch(String text, String regex) {
		Matcher matcher = Pattern.compile(regex).matcher(text);
		return matcher.find() ? matcher.group(1).strip() : null;
	}

	/** A missing file reads as empty: what it would have given is then missing from the record. */
	static String read(Path file) {
		try {
			return Files.exists(file) ? Files.readString(file, StandardCharsets.ISO_8859_1) : "";
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** The raw files of one variant in one repetition. */
	private record Capture(Variant variant, int repetition, Path dir, KeyValues settings) {

		SummaryRecord abRecord(Phase phase) {
			AbOutput ab = AbOutput.parse(file(phase.label() + ".ab.txt"));
			long requested = this.settings.getLong(phase == Phase.NOOP ? "noop_requests" : "requests");
			int concurrency = this.settings.getLong("concurrency").intValue();
			String skipped = file(phase.label() + ".skipped").strip();
			if (!skipped.isEmpty()) {
				return SummaryRecord.notMeasured(this.variant, phase, this.repetition, requested, concurrency, skipped);
			}
			List<String> problems = new ArrayList<>();
			String exit = file(phase.label() + ".ab.exit").strip();
			if (ab.portExhausted()) {
				problems.add("ab ran out of local ports (" + ab.error() + "): rerun with --keep-alive or widen net.ipv4.ip_local_port_range");
			}
			else if (ab.error() != null) {
				problems.add("ab aborted: " + ab.error());
			}
			else if (!ab.finished()) {
				problems.add("ab printed no summary");
			}
			if (!exit.isEmpty() && !exit.equals("0")) {
				problems.add("ab exit status " + exit);
			}
			if (ab.finished() && ab.completeRequests() != requested) {
				problems.add(ab.completeRequests() + " of " + requested + " requests completed");
			}
			if (ab.failedRequests() != null && ab.failedRequests() > 0) {
				problems.add(ab.failedRequests() + " failed requests");
			}
			if (ab.non2xx() != null && ab.non2xx() > 0) {
				problems.add(ab.non2xx() + " non-2xx responses");
			}
			RedisSnapshot before = redis(phase.label() + ".before");
			RedisSnapshot after = redis(phase.label() + ".after");
			Long dbsizeBefore = before.dbsize();
			Long dbsizeAfter = after.dbsize();
			if (before.isEmpty() || after.isEmpty()) {
				problems.add("Redis INFO missing around the phase");
			}
			boolean redisPhase = phase.throughCodec();
			Double bytesPerPerson = null;
			Double valueBytes = null;
			if (phase == Phase.ADD) {
				long expected = requested * this.settings.getLong("batch_size");
				Long written = dbsizeBefore == null || dbsizeAfter == null ? null : dbsizeAfter - dbsizeBefore;
				if (written == null || written != expected) {
					problems.add("DBSIZE grew by " + written + ", expected " + expected);
				}
				Long dataBefore = before.dataMemory();
				Long dataAfter = after.dataMemory();
				if (written != null && written > 0 && dataBefore != null && dataAfter != null) {
					bytesPerPerson = (double) (dataAfter - dataBefore) / written;
				}
				valueBytes = meanPositive(file("add.after.strlen.txt"));
			}
			Long complete = ab.completeRequests();
			ProcSnapshot procBefore = proc(phase.label() + ".before");
			ProcSnapshot procAfter = proc(phase.label() + ".after");
			Long clockTicks = this.settings.getLong("clk_tck");
			Double cpuMsPerRequest = procBefore == null || procAfter == null || clockTicks == null
					? null : perRequest((procAfter.cpuTicks() - procBefore.cpuTicks()) * 1000.0 / clockTicks, complete);
			List<SummaryRecord.Node> nodes = !redisPhase || !this.variant.isCluster() ? List.of()
					: after.nodes().stream()
						.map(node -> new SummaryRecord.Node(node.name(), node.dbsize(), node.info().longValue("used_memory")))
						.toList();
			return new SummaryRecord(this.variant, phase, this.repetition, requested, concurrency,
					complete, ab.requestsPerSecond(), ab.timePerRequestMs(), ab.timePerRequestAllMs(), ab.percentileMs(50),
					ab.percentileMs(90), ab.percentileMs(99), ab.maxMs(), ab.failedRequests(), ab.non2xx(),
					redisPhase ? after.sum("used_memory") : null, redisPhase ? after.sum("used_memory_dataset") : null,
					redisPhase ? after.sum("used_memory_rss") : null, redisPhase ? after.fragmentationRatio() : null,
					redisPhase ? dbsizeAfter : null, bytesPerPerson, valueBytes,
					perRequest(delta(before, after, "total_net_input_bytes"), complete),
					perRequest(delta(before, after, "total_net_output_bytes"), complete), cpuMsPerRequest,
					procAfter == null ? null : procAfter.rssBytes(),
					TimeSplit.between(prometheus(phase.label() + ".before"), prometheus(phase.label() + ".after"),
							phase.path()), nodes,
					problems.isEmpty(),
					problems.isEmpty() ? null : String.join("; ", problems));
		}

		List<SummaryRecord> redisBenchmarkRecords() {
			String csv = file("redis-benchmark.csv");
			if (csv.isBlank()) {
				return List.of();
			}
			KeyValues args = KeyValues.parse(file("redis-benchmark.args"));
			String exit = file("redis-benchmark.exit").strip();
			List<SummaryRecord> records = new ArrayList<>();
			for (RedisBenchmarkOutput.Test test : RedisBenchmarkOutput.parse(csv)) {
				Optional<Phase> phase = Phase.ofRedisBenchmark(test.name());
				if (phase.isEmpty()) {
					continue;
				}
				String reason = exit.isEmpty() || exit.equals("0") ? null : "redis-benchmark exit status " + exit;
				Long valueBytes = args.getLong("value_bytes");
				records.add(new SummaryRecord(this.variant, phase.get(), this.repetition,
						args.getLong("requests"), args.getLong("clients").intValue(), args.getLong("requests"),
						test.requestsPerSecond(), null, null, test.p50Ms(), null, test.p99Ms(), test.maxMs(), null, null,
						null, null, null, null, null, null, valueBytes == null ? null : valueBytes.doubleValue(), null, null,
						null, null, TimeSplit.NONE, List.of(), reason == null, reason));
			}
			return records;
		}

		private String file(String name) {
			return read(this.dir.resolve(name));
		}

		/** A single Redis has one INFO and DBSIZE per moment; a cluster one per master, K = 1..masters. */
		private RedisSnapshot redis(String prefix) {
			if (!this.variant.isCluster()) {
				return new RedisSnapshot(List.of(new RedisSnapshot.Node("single", RedisInfo.parse(file(prefix + ".info.txt")),
						count(prefix + ".dbsize.txt"))));
			}
			Map<String, String> addresses = new HashMap<>();
			for (String line : file("nodes.txt").split("\\R")) {
				String[] fields = line.strip().split("\\s+", 2);
				if (fields.length == 2) {
					addresses.put(fields[0], fields[1]);
				}
			}
			List<RedisSnapshot.Node> nodes = new ArrayList<>();
			for (int k = 1; k <= this.variant.masters(); k++) {
				String node = prefix + ".node" + k;
				nodes.add(new RedisSnapshot.Node((k + " " + addresses.getOrDefault(String.valueOf(k), "")).strip(),
						RedisInfo.parse(file(node + ".info.txt")), count(node + ".dbsize.txt")));
			}
			return new RedisSnapshot(nodes);
		}

		private Long count(String name) {
			String text = file(name).strip();
			return text.matches("\\d+") ? Long.valueOf(text) : null;
		}

		private PrometheusText prometheus(String prefix) {
			return PrometheusText.parse(file(prefix + ".prometheus.txt"));
		}

		private ProcSnapshot proc(String prefix) {
			String stat = file(prefix + ".proc-stat.txt");
			return stat.isBlank() ? null : ProcSnapshot.parse(stat, file(prefix + ".proc-status.txt"));
		}

		private static Double delta(RedisSnapshot before, RedisSnapshot after, String field) {
			Long from = before.sum(field);
			Long to = after.sum(field);
			return from == null || to == null ? null : (double) (to - from);
		}

		private static Double perRequest(Double total, Long requests) {
			return total == null || requests == null || requests == 0 ? null : total / requests;
		}

		/** STRLEN is 0 for a missing key: those are counted by DBSIZE, not averaged in as empty values. */
		private static Double meanPositive(String strlens) {
			double[] sizes = Arrays.stream(strlens.split("\\s+"))
				.filter(s -> s.matches("\\d+"))
				.mapToDouble(Double::parseDouble)
				.filter(size -> size > 0)
				.toArray();
			return sizes.length == 0 ? null : Arrays.stream(sizes).average().orElseThrow();
		}

	}

}
