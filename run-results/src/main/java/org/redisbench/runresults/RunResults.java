package org.redisbench.runresults;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.redisbench.model.Layout;
import org.redisbench.tooloutput.RedisInfo;

/**
 * Everything one bench.sh run captured under {@code <output>/raw}, turned into {@link SummaryRecord}s.
 * <p>
 * Layout written by bench.sh: {@code env/} (settings.env and environment facts), and per variant and
 * repetition {@code <variant>/rep<N>/} with, for each ab phase, {@code <phase>.ab.txt} and {@code .ab.exit}, and
 * {@code <phase>.before|after.info.txt}, {@code .dbsize.txt} (on a cluster one of each per master,
 * {@code <phase>.before|after.node<K>.info.txt}, named in {@code nodes.txt}), {@code .proc-stat.txt},
 * {@code .proc-status.txt}, {@code .prometheus.txt} (the app's metrics); {@code add.after.strlen.txt};
 * {@code redis-benchmark.csv}, {@code .args}, {@code .exit}; in hash buckets also {@code add.before|after.hlen.txt}
 * (per master {@code add.before|after.node<K>.hlen.txt}), the HLEN of every bucket. The variants are listed by
 * {@code variants=} in settings.env and described by each folder's {@code variant.env}, which bench.sh writes as
 * the variant starts. A run from before the matrix has no {@code variants=}: its folders are {@code raw/<app>/},
 * each the published per-key/none/single variant. A variant.env without {@code redis_rtt=}, {@code app_rtt=} (the
 * round trips a latency proxy added, {@code 0.2ms}), {@code concurrency=}, {@code redis_settings=} or
 * {@code layout=} is from before those dimensions: 0, 0, the run's {@code concurrency=}, Redis's defaults and a key
 * per person. A memcached variant (topology {@code memcached}) has, instead of INFO and DBSIZE,
 * {@code <phase>.before|after.memcached-stats.txt} and {@code -slabs.txt}.
 */
public final class RunResults {

	private static final Pattern REPETITION = Pattern.compile("rep(\\d+)");

	private final KeyValues settings;

	private final Map<String, String> environment;

	private final List<Variant> variants;

	private final List<String> notRun;

	private final List<SummaryRecord> records;

	private final Figures figures;

	private final List<ProfiledPhase> profiles;

	private final List<Warmup> warmups;

	/** A run as loaded, or made up by a test of a report section. */
	public RunResults(KeyValues settings, Map<String, String> environment, List<Variant> variants,
			List<String> notRun, List<SummaryRecord> records, List<ProfiledPhase> profiles, List<Warmup> warmups) {
		this.settings = settings;
		this.environment = environment;
		this.variants = variants;
		this.notRun = notRun;
		this.records = records;
		this.figures = new Figures(records, variants);
		this.profiles = profiles;
		this.warmups = warmups;
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
		List<Warmup> warmups = new ArrayList<>();
		for (Map.Entry<Variant, Path> variant : variants.entrySet()) {
			for (Path rep : repetitions(variant.getValue())) {
				int repetition = Integer.parseInt(rep.getFileName().toString().substring(3));
				RepetitionCapture capture = new RepetitionCapture(variant.getKey(), repetition, rep, settings);
				for (Phase phase : Phase.AB) {
					if (Files.exists(rep.resolve(phase.label() + ".ab.txt"))
							|| Files.exists(rep.resolve(phase.label() + ".skipped"))) {
						records.add(capture.abRecord(phase));
					}
				}
				records.addAll(capture.redisBenchmarkRecords());
				Warmup.parse(variant.getKey(), repetition, read(rep.resolve("warmup.txt"))).ifPresent(warmups::add);
			}
		}
		List<Variant> ran = List.copyOf(variants.keySet());
		return new RunResults(settings, environment(raw.resolve("env")), ran, List.copyOf(notRun),
				List.copyOf(records), ProfiledPhase.load(output, variants, settings), List.copyOf(warmups));
	}

	/** Every variant the run started, in run order, with its folder; the names of those it never started to notRun. */
	private static Map<Variant, Path> variants(Path raw, KeyValues settings, List<String> notRun) {
		Map<Variant, Path> variants = new LinkedHashMap<>();
		String names = settings.get("variants", null);
		if (names == null) {
			for (String app : settings.get("apps", "string,kryo").split(",")) {
				variants.put(Variant.published(app).withConcurrency(runConcurrency(settings)), raw.resolve(app));
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
			// Runs from before the proxy, the concurrency and the layout dimension give none of them: no added
			// distance, the run's -c, a key per person.
			variants.put(new Variant(required(env, "app", dir), required(env, "mode", dir),
					required(env, "compression", dir), required(env, "topology", dir),
					Integer.parseInt(required(env, "masters", dir)), Rtt.parse(env.get("redis_rtt", "0")),
					Rtt.parse(env.get("app_rtt", "0")),
					env.getLong("concurrency") == null ? runConcurrency(settings) : env.getLong("concurrency").intValue(),
					env.get("redis_settings", Variant.DEFAULT_SETTINGS),
					Layout.parse(env.get("layout", Layout.STRING_PER_KEY.label()))), dir);
		}
		return variants;
	}

	/** Every variant the run started, in run order, with its folder. */
	public static Map<Variant, Path> folders(Path output) {
		Path raw = output.resolve("raw");
		return variants(raw, KeyValues.parse(read(raw.resolve("env/settings.env"))), new ArrayList<>());
	}

	/** A run from before the concurrency dimension ran at one, its settings' {@code concurrency=}. */
	private static int runConcurrency(KeyValues settings) {
		Long concurrency = settings.getLong("concurrency");
		if (concurrency == null) {
			throw new IllegalArgumentException("settings.env gives no concurrency=");
		}
		return concurrency.intValue();
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

	/** The variants' profiled phases, in run order; none when the run was not profiled. */
	public List<ProfiledPhase> profiles() {
		return this.profiles;
	}

	/** How each repetition's warm-up ended, in run order; none for a run from before bench.sh recorded it. */
	public List<Warmup> warmups() {
		return this.warmups;
	}

	/** The records as the report reads them: by variant and phase, the valid ones only, against the baseline. */
	public Figures figures() {
		return this.figures;
	}

	/** The repetition folders of a variant, {@code rep<N>}, in order. */
	public static List<Path> repetitions(Path variantDir) {
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
		facts.put("Redis", RedisInfo.parse(read(env.resolve("redis-info-server.txt"))).field("redis_version"));
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
	public static String read(Path file) {
		try {
			return Files.exists(file) ? Files.readString(file, StandardCharsets.ISO_8859_1) : "";
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
