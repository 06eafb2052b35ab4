package org.redisbench.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Everything one bench.sh run captured under {@code <output>/raw}, turned into {@link SummaryRecord}s.
 * <p>
 * Layout written by bench.sh: {@code env/} (settings.env and environment facts), and per app and repetition
 * {@code <app>/rep<N>/} with, for each ab phase, {@code <phase>.ab.txt} and {@code .ab.exit}, and
 * {@code <phase>.before|after.info.txt}, {@code .dbsize.txt}, {@code .proc-stat.txt},
 * {@code .proc-status.txt}; {@code add.after.strlen.txt}; {@code redis-benchmark.csv}, {@code .args},
 * {@code .exit}.
 */
public final class RunResults {

	static final List<String> AB_PHASES = List.of("noop", "add", "check");

	private static final Pattern REPETITION = Pattern.compile("rep(\\d+)");

	private final KeyValues settings;

	private final Map<String, String> environment;

	private final List<SummaryRecord> records;

	private RunResults(KeyValues settings, Map<String, String> environment, List<SummaryRecord> records) {
		this.settings = settings;
		this.environment = environment;
		this.records = records;
	}

	public static RunResults load(Path output) {
		Path raw = output.resolve("raw");
		if (!Files.isDirectory(raw)) {
			throw new IllegalArgumentException(raw + " is not a folder: give the output folder of a bench.sh run");
		}
		KeyValues settings = KeyValues.parse(read(raw.resolve("env/settings.env")));
		List<SummaryRecord> records = new ArrayList<>();
		for (String app : settings.get("apps", "string,kryo").split(",")) {
			for (Path rep : repetitions(raw.resolve(app))) {
				int repetition = Integer.parseInt(rep.getFileName().toString().substring(3));
				Capture capture = new Capture(app, repetition, rep, settings);
				for (String phase : AB_PHASES) {
					if (Files.exists(rep.resolve(phase + ".ab.txt")) || Files.exists(rep.resolve(phase + ".skipped"))) {
						records.add(capture.abRecord(phase));
					}
				}
				records.addAll(capture.redisBenchmarkRecords());
			}
		}
		return new RunResults(settings, environment(raw.resolve("env")), List.copyOf(records));
	}

	public KeyValues settings() {
		return this.settings;
	}

	/** Facts about the machine and tools, labelled for a reader, in the order a report shows them. */
	public Map<String, String> environment() {
		return this.environment;
	}

	public List<SummaryRecord> records() {
		return this.records;
	}

	private static List<Path> repetitions(Path appDir) {
		if (!Files.isDirectory(appDir)) {
			return List.of();
		}
		try (Stream<Path> children = Files.list(appDir)) {
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

	/** The raw files of one app in one repetition. */
	private record Capture(String app, int repetition, Path dir, KeyValues settings) {

		SummaryRecord abRecord(String phase) {
			AbOutput ab = AbOutput.parse(file(phase + ".ab.txt"));
			long requested = this.settings.getLong(phase.equals("noop") ? "noop_requests" : "requests");
			int concurrency = this.settings.getLong("concurrency").intValue();
			String skipped = file(phase + ".skipped").strip();
			if (!skipped.isEmpty()) {
				return SummaryRecord.notMeasured(this.app, phase, this.repetition, requested, concurrency, skipped);
			}
			List<String> problems = new ArrayList<>();
			String exit = file(phase + ".ab.exit").strip();
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
			RedisInfo before = info(phase + ".before");
			RedisInfo after = info(phase + ".after");
			Long dbsizeBefore = count(phase + ".before.dbsize.txt");
			Long dbsizeAfter = count(phase + ".after.dbsize.txt");
			if (before.isEmpty() || after.isEmpty()) {
				problems.add("Redis INFO missing around the phase");
			}
			boolean redisPhase = !phase.equals("noop");
			Double bytesPerPerson = null;
			Double valueBytes = null;
			if (phase.equals("add")) {
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
			ProcSnapshot procBefore = proc(phase + ".before");
			ProcSnapshot procAfter = proc(phase + ".after");
			Long clockTicks = this.settings.getLong("clk_tck");
			Double cpuMsPerRequest = procBefore == null || procAfter == null || clockTicks == null
					? null : perRequest((procAfter.cpuTicks() - procBefore.cpuTicks()) * 1000.0 / clockTicks, complete);
			return new SummaryRecord(this.app, phase, this.repetition, requested, concurrency,
					complete, ab.requestsPerSecond(), ab.timePerRequestMs(), ab.timePerRequestAllMs(), ab.percentileMs(50),
					ab.percentileMs(90), ab.percentileMs(99), ab.maxMs(), ab.failedRequests(), ab.non2xx(),
					redisPhase ? after.longValue("used_memory") : null,
					redisPhase ? after.longValue("used_memory_dataset") : null,
					redisPhase ? after.longValue("used_memory_rss") : null,
					redisPhase ? after.doubleValue("mem_fragmentation_ratio") : null, redisPhase ? dbsizeAfter : null,
					bytesPerPerson, valueBytes, perRequest(delta(before, after, "total_net_input_bytes"), complete),
					perRequest(delta(before, after, "total_net_output_bytes"), complete), cpuMsPerRequest,
					procAfter == null ? null : procAfter.rssBytes(), problems.isEmpty(),
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
				String reason = exit.isEmpty() || exit.equals("0") ? null : "redis-benchmark exit status " + exit;
				Long valueBytes = args.getLong("value_bytes");
				records.add(new SummaryRecord(this.app, "redis-" + test.name().toLowerCase(), this.repetition,
						args.getLong("requests"), args.getLong("clients").intValue(), args.getLong("requests"),
						test.requestsPerSecond(), null, null, test.p50Ms(), null, test.p99Ms(), test.maxMs(), null, null,
						null, null, null, null, null, null, valueBytes == null ? null : valueBytes.doubleValue(), null, null,
						null, null, reason == null, reason));
			}
			return records;
		}

		private String file(String name) {
			return read(this.dir.resolve(name));
		}

		private RedisInfo info(String prefix) {
			return RedisInfo.parse(file(prefix + ".info.txt"));
		}

		private Long count(String name) {
			String text = file(name).strip();
			return text.matches("\\d+") ? Long.valueOf(text) : null;
		}

		private ProcSnapshot proc(String prefix) {
			String stat = file(prefix + ".proc-stat.txt");
			return stat.isBlank() ? null : ProcSnapshot.parse(stat, file(prefix + ".proc-status.txt"));
		}

		private static Double delta(RedisInfo before, RedisInfo after, String field) {
			Long from = before.longValue(field);
			Long to = after.longValue(field);
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
