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
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.redisbench.openloop.rules.Objective;
import org.redisbench.tooloutput.AbOutput;

/**
 * What the open-loop steps of a bench.sh run (--rates, --slo) wrote: {@code raw/env/open-loop.env}, its settings,
 * and per variant and repetition {@code <rep>/open-loop/rates-<n>-r<rate>.env}, {@code slo<search>-<n>-r<rate>.env}
 * and each search's result {@code <rep>/slo<search>.env}. A run without them has no variants here.
 */
public record OpenLoopRuns(KeyValues settings, List<OpenLoopVariant> variants) {

	/** A search's result: {@code slo2.env}. */
	private static final Pattern SEARCH = Pattern.compile("slo(\\d+)\\.env");

	public static OpenLoopRuns load(Path output) {
		Path raw = output.resolve("raw");
		KeyValues settings = keyValues(raw.resolve("env/open-loop.env"));
		List<OpenLoopVariant> variants = new ArrayList<>();
		if (settings.asMap().isEmpty()) {
			return new OpenLoopRuns(settings, variants);
		}
		for (String name : keyValues(raw.resolve("env/settings.env")).get("variants", "").split(",")) {
			Path dir = raw.resolve(name.strip());
			if (!name.isBlank() && Files.exists(dir.resolve("variant.env"))) {
				variants.add(variant(name.strip(), dir));
			}
		}
		return new OpenLoopRuns(settings, List.copyOf(variants));
	}

	/** The objective of --slo; {@code null} without one. */
	public Objective objective() {
		String slo = this.settings.get("slo", "");
		return slo.isEmpty() ? null : Objective.parse(slo);
	}

	/** The published procedure's app, the 1.00 of the ranking; {@code null} when the run did not measure it. */
	public OpenLoopVariant published() {
		return this.variants.stream().filter(OpenLoopVariant::published).findFirst().orElse(null);
	}

	private static OpenLoopVariant variant(String name, Path dir) {
		KeyValues env = keyValues(dir.resolve("variant.env"));
		boolean published = env.get("app", "").equals("string") && env.get("mode", "").equals("per-key")
				&& env.get("compression", "").equals("none") && env.get("topology", "").equals("single")
				&& env.get("layout", "string-per-key").equals("string-per-key")
				&& env.get("redis_settings", "default").equals("default") && env.get("redis_rtt", "0").equals("0")
				&& env.get("app_rtt", "0").equals("0");
		List<OpenLoopStep> steps = new ArrayList<>();
		Map<String, Long> capacities = new TreeMap<>();
		Map<String, Long> lowestMissed = new TreeMap<>();
		Map<Integer, AbOutput> ab = new LinkedHashMap<>();
		for (Path rep : list(dir)) {
			String folder = rep.getFileName().toString();
			if (!folder.matches("rep\\d+")) {
				continue;
			}
			int repetition = Integer.parseInt(folder.substring(3));
			for (Path file : list(rep.resolve("open-loop"))) {
				OpenLoopStep step = OpenLoopStep.parse(repetition, file.getFileName().toString(), read(file));
				if (step != null) {
					steps.add(step);
				}
			}
			for (Path file : list(rep)) {
				Matcher search = SEARCH.matcher(file.getFileName().toString());
				KeyValues slo = search.matches() ? keyValues(file) : KeyValues.empty();
				if (slo.getLong("capacity_rps") != null) {
					String key = OpenLoopStep.searchKey(repetition, Integer.parseInt(search.group(1)));
					capacities.put(key, slo.getLong("capacity_rps"));
					lowestMissed.put(key, slo.getLong("lowest_missed_rps"));
				}
			}
			if (Files.exists(rep.resolve("add.ab.txt"))) {
				ab.put(repetition, AbOutput.parse(read(rep.resolve("add.ab.txt"))));
			}
		}
		steps.sort(Comparator.comparingInt(OpenLoopStep::repetition)
			.thenComparingInt(OpenLoopStep::search)
			.thenComparingInt(OpenLoopStep::order));
		return new OpenLoopVariant(name, published, List.copyOf(steps), capacities, lowestMissed, ab);
	}

	private static List<Path> list(Path dir) {
		if (!Files.isDirectory(dir)) {
			return List.of();
		}
		try (Stream<Path> files = Files.list(dir)) {
			return files.sorted().toList();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private static KeyValues keyValues(Path file) {
		return Files.exists(file) ? KeyValues.parse(read(file)) : KeyValues.empty();
	}

	private static String read(Path file) {
		try {
			return Files.readString(file, StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
