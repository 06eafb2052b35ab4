package org.redisbench.compare;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

import org.redisbench.commandline.Refusal;
import org.redisbench.runresults.KeyValues;
import org.redisbench.runresults.Phase;
import org.redisbench.runresults.RunResults;
import org.redisbench.runresults.RunSamples;
import org.redisbench.runresults.SummaryRecord;
import org.redisbench.runresults.Variant;

/**
 * One bench.sh run as compare reads it: its settings and the machine it ran on (raw/env/), and of each variant every
 * figure compare knows, a value a repetition from the summary records the report makes, and where the phase was
 * sampled the app's per-second samples. Only valid repetitions count, as in the report.
 */
final class RunFolder {

	/** The file that makes a folder a bench.sh run. */
	static final String SETTINGS = "raw/env/settings.env";

	/** Settings every run has its own of, shown apart or not at all: the run's dates and its list of variants. */
	private static final Set<String> NOT_SETTINGS = Set.of("started", "finished", "git_commit", "host", "variants");

	private final Path path;

	private final KeyValues settings;

	private final Map<String, String> facts;

	private final Map<String, Variant> variants;

	private final Map<String, Map<ComparedFigure, Observations>> observations;

	private RunFolder(Path path, KeyValues settings, Map<String, String> facts, Map<String, Variant> variants,
			Map<String, Map<ComparedFigure, Observations>> observations) {
		this.path = path;
		this.settings = settings;
		this.facts = facts;
		this.variants = variants;
		this.observations = observations;
	}

	/** The run in {@code path}; a refusal when it is no bench.sh run folder. */
	static RunFolder load(Path path) {
		if (!Files.isRegularFile(path.resolve(SETTINGS))) {
			throw new Refusal(path + " is not a run folder of scripts/bench.sh: it has no " + SETTINGS);
		}
		RunResults run;
		RunSamples samples;
		try {
			run = RunResults.load(path);
			samples = RunSamples.load(path);
		}
		catch (IllegalArgumentException ex) {
			throw new Refusal(path + " cannot be read as a bench.sh run: " + ex.getMessage());
		}
		Map<String, Variant> variants = new LinkedHashMap<>();
		run.variants().forEach(variant -> variants.put(variant.name(), variant));
		Map<String, Map<ComparedFigure, Observations>> observations = new LinkedHashMap<>();
		for (String variant : variants.keySet()) {
			observations.put(variant, observations(variant, run.records(), samples));
		}
		return new RunFolder(path, run.settings(), facts(path, run), variants, observations);
	}

	Path path() {
		return this.path;
	}

	/** The folder's name: the run's timestamp, as bench.sh names it. */
	String name() {
		return this.path.toAbsolutePath().normalize().getFileName().toString();
	}

	/** When it started, as settings.env says; empty if it does not. */
	String started() {
		return this.settings.get("started", "");
	}

	String commit() {
		return this.settings.get("git_commit", "unknown");
	}

	/**
	 * What the run ran with and on, labelled, in the order a reader wants them: the commit, the machine and its
	 * tools, then every setting of bench.sh (settings.env), of the samples over time and of the open loop.
	 */
	Map<String, String> facts() {
		return this.facts;
	}

	/** Its variants' {@link Variant#name()}s, in run order. */
	List<String> variants() {
		return List.copyOf(this.variants.keySet());
	}

	/** The {@code --redis-settings} its variants on Redis ran with: none for a run on memcached only. */
	Set<String> redisSettings() {
		Set<String> settings = new LinkedHashSet<>();
		this.variants.values()
			.stream()
			.filter(variant -> !variant.isMemcached())
			.forEach(variant -> settings.add(variant.redisSettings()));
		return settings;
	}

	/** A variant's name as it would be under Redis's default settings ({@link Variant#nameBesidesRedisSettings()}). */
	String nameBesidesRedisSettings(String variant) {
		return this.variants.get(variant).nameBesidesRedisSettings();
	}

	/** What the run holds of each figure of a variant, in {@link ComparedFigure#OF_EVERY_RUN} order, then the open loop's. */
	Map<ComparedFigure, Observations> observations(String variant) {
		return this.observations.getOrDefault(variant, Map.of());
	}

	private static Map<ComparedFigure, Observations> observations(String variant, List<SummaryRecord> records,
			RunSamples samples) {
		List<SummaryRecord> valid = records.stream()
			.filter(r -> r.variant().name().equals(variant) && r.verdict().valid())
			.toList();
		Map<ComparedFigure, Observations> figures = new LinkedHashMap<>();
		add(figures, ComparedFigure.ADD_RPS, valid, Phase.ADD, r -> r.load().requestsPerSecond(),
				perSecond(samples, variant, valid, Phase.ADD, false));
		add(figures, ComparedFigure.CHECK_RPS, valid, Phase.CHECK, r -> r.load().requestsPerSecond(),
				perSecond(samples, variant, valid, Phase.CHECK, false));
		add(figures, ComparedFigure.ADD_CPU, valid, Phase.ADD, r -> r.app().cpuMsPerRequest(),
				perSecond(samples, variant, valid, Phase.ADD, true));
		add(figures, ComparedFigure.CHECK_CPU, valid, Phase.CHECK, r -> r.app().cpuMsPerRequest(),
				perSecond(samples, variant, valid, Phase.CHECK, true));
		add(figures, ComparedFigure.BYTES_PER_PERSON, valid, Phase.ADD, r -> r.store().bytesPerPerson(), null);
		add(figures, ComparedFigure.NOOP_RPS, valid, Phase.NOOP, r -> r.load().requestsPerSecond(),
				perSecond(samples, variant, valid, Phase.NOOP, false));
		add(figures, ComparedFigure.REDIS_SET_RPS, valid, Phase.REDIS_SET, r -> r.load().requestsPerSecond(), null);
		add(figures, ComparedFigure.REDIS_GET_RPS, valid, Phase.REDIS_GET, r -> r.load().requestsPerSecond(), null);
		Map<Double, List<Double>> p99s = new LinkedHashMap<>();
		samples.steps()
			.stream()
			.filter(step -> step.variant().equals(variant) && step.figures().p99Ms() != null)
			.forEach(step -> p99s.computeIfAbsent(step.offeredRps(), rate -> new ArrayList<>())
				.add(step.figures().p99Ms()));
		p99s.forEach((rate, values) -> figures.put(ComparedFigure.p99At(rate), new Observations(
				Samples.of(array(values), SampleKind.REPETITIONS), null)));
		List<Double> capacities = samples.capacities()
			.stream()
			.filter(c -> c.variant().equals(variant))
			.map(c -> (double) c.rps())
			.toList();
		if (!capacities.isEmpty()) {
			figures.put(ComparedFigure.capacity(samples.objective()), new Observations(
					Samples.of(array(capacities), SampleKind.SEARCHES), null));
		}
		return figures;
	}

	/** A figure of the summary records, one value a valid repetition, when any has it. */
	private static void add(Map<ComparedFigure, Observations> figures, ComparedFigure figure, List<SummaryRecord> valid, Phase phase,
			Function<SummaryRecord, Double> value, PerSecond perSecond) {
		List<Double> values = valid.stream()
			.filter(r -> r.phase() == phase)
			.map(value)
			.filter(v -> v != null && Double.isFinite(v))
			.toList();
		if (!values.isEmpty()) {
			figures.put(figure, new Observations(Samples.of(array(values), SampleKind.REPETITIONS), perSecond));
		}
	}

	/**
	 * The phase's per-second samples of the valid repetitions: its requests a second, or with {@code cpu} its CPU
	 * seconds per request in ms (cores over requests a second); {@code null} when none was sampled.
	 */
	private static PerSecond perSecond(RunSamples samples, String variant, List<SummaryRecord> valid, Phase phase,
			boolean cpu) {
		List<double[]> numerators = new ArrayList<>();
		List<double[]> denominators = new ArrayList<>();
		for (RunSamples.PhaseSamples sampled : samples.phases()) {
			boolean validRepetition = valid.stream()
				.anyMatch(r -> r.phase() == phase && r.repetition() == sampled.repetition());
			if (!sampled.variant().equals(variant) || sampled.phase() != phase || !validRepetition
					|| (cpu && sampled.cores().length == 0)) {
				continue;
			}
			numerators.add(cpu ? sampled.cores() : sampled.requestsPerSecond());
			denominators.add(cpu ? sampled.requestsPerSecond() : PerSecond.ones(sampled.requestsPerSecond().length));
		}
		return numerators.isEmpty() ? null : new PerSecond(numerators, denominators, cpu ? 1000 : 1);
	}

	private static Map<String, String> facts(Path path, RunResults run) {
		Map<String, String> facts = new LinkedHashMap<>();
		facts.put("commit", run.settings().get("git_commit", "unknown"));
		facts.put("host", run.settings().get("host", "unknown"));
		facts.putAll(run.environment());
		run.settings().asMap().forEach((key, value) -> {
			if (!NOT_SETTINGS.contains(key)) {
				facts.put("bench.sh " + key, value);
			}
		});
		keyValues(path.resolve("raw/env/over-time.env")).asMap().forEach((key, value) -> facts.put("over time " + key, value));
		keyValues(path.resolve("raw/env/open-loop.env")).asMap().forEach((key, value) -> facts.put("open loop " + key, value));
		return facts;
	}

	private static KeyValues keyValues(Path file) {
		try {
			return Files.exists(file) ? KeyValues.parse(Files.readString(file, StandardCharsets.UTF_8)) : KeyValues.empty();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private static double[] array(List<Double> values) {
		return values.stream().mapToDouble(Double::doubleValue).toArray();
	}

}
