package org.redisbench.bench.run;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;

import org.redisbench.runresults.KeyValues;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The output folder of a whole run, read back as the end-to-end tests check it: its settings, its variants' raw
 * files, summary.json, and whether what the run said it started is gone.
 */
final class RunFolder {

	private static final Pattern PID = Pattern.compile("pid (\\d+)");

	private static final List<String> AB_PHASES = List.of("noop", "add", "check");

	private final Path out;

	RunFolder(Path out) {
		this.out = out;
	}

	Path path() {
		return this.out;
	}

	Path file(String name) {
		return this.out.resolve(name);
	}

	/** A variant's repetition folder, {@code raw/<variant>/rep1}. */
	Path rep(String variant) {
		return this.out.resolve("raw").resolve(variant).resolve("rep1");
	}

	String log() {
		return read(this.out.resolve("raw/bench.log"));
	}

	/** A value of raw/env/settings.env; empty when it gives none. */
	String setting(String name) {
		return KeyValues.parse(read(this.out.resolve("raw/env/settings.env"))).get(name, "");
	}

	/** A variant's variant.env, its lines but comments joined by a space. */
	String variantEnv(String variant) {
		return read(this.out.resolve("raw").resolve(variant).resolve("variant.env")).lines()
			.filter((line) -> !line.startsWith("#"))
			.collect(Collectors.joining(" "));
	}

	/** Every record of summary.json that {@code filter} keeps, in the file's order. */
	List<JsonNode> records(Predicate<JsonNode> filter) {
		return StreamSupport.stream(summary().spliterator(), false).filter(filter).toList();
	}

	JsonNode summary() {
		return JsonMapper.builder().build().readTree(this.out.resolve("summary.json").toFile());
	}

	/**
	 * Each phase of the variant answered all of {@code requests} (ab's report: all complete, none failed, no
	 * non-2xx), with Prometheus scraped before and after it, the app's /add counted.
	 */
	void assertMeasured(String variant, int requests) {
		Path rep = rep(variant);
		for (String phase : AB_PHASES) {
			String ab = read(rep.resolve(phase + ".ab.txt"));
			assertThat(ab).as("%s %s.ab.txt: every request answered", variant, phase)
				.containsPattern("(?m)^Complete requests: +" + requests + "$")
				.containsPattern("(?m)^Failed requests: +0$")
				.doesNotContainPattern("(?m)^Non-2xx");
			for (String when : List.of("before", "after")) {
				assertThat(read(rep.resolve(phase + "." + when + ".prometheus.txt")))
					.as("%s %s.%s.prometheus.txt: the app's metrics", variant, phase, when)
					.containsPattern("(?m)^jvm_");
			}
		}
		assertThat(read(rep.resolve("add.after.prometheus.txt"))).as("%s: /add counted by the app", variant)
			.contains("uri=\"/add\"");
	}

	/** Every process the run's log says it started (its Redis, cluster nodes, apps) has exited. */
	void assertNothingLeftRunning() {
		List<Long> pids = pidsInLog();
		assertThat(pids).as("pids in %s", this.out.resolve("raw/bench.log")).isNotEmpty();
		assertThat(pids).as("still running of those the run started")
			.filteredOn((pid) -> ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false))
			.isEmpty();
	}

	private List<Long> pidsInLog() {
		List<Long> pids = new ArrayList<>();
		Matcher pid = PID.matcher(log());
		while (pid.find()) {
			pids.add(Long.parseLong(pid.group(1)));
		}
		return pids.stream().distinct().toList();
	}

	/** The sum of an INFO field over {@code prefix}'s snapshots: {@code prefix.info.txt}, or one per cluster master. */
	long infoSum(Path rep, String prefix, String field) {
		Path single = rep.resolve(prefix + ".info.txt");
		List<Path> files = Files.exists(single) ? List.of(single) : masterFiles(rep, prefix, "info");
		long sum = 0;
		for (Path file : files) {
			for (String line : read(file).lines().toList()) {
				String[] pair = line.strip().split(":", 2);
				if (pair.length == 2 && pair[0].equals(field)) {
					sum += Long.parseLong(pair[1]);
				}
			}
		}
		return sum;
	}

	/**
	 * The 3 masters' {@code prefix.node<K>.KIND.txt} of a repetition folder.
	 */
	static List<Path> masterFiles(Path rep, String prefix, String kind) {
		return List.of(1, 2, 3).stream().map((k) -> rep.resolve(prefix + ".node" + k + "." + kind + ".txt")).toList();
	}

	/** Every master of the variant holds keys after /add, and together the {@code keys} the phase wrote. */
	void assertKeysSpreadOverMasters(String variant, long keys) {
		List<Long> sizes = masterFiles(rep(variant), "add.after", "dbsize").stream()
			.map((file) -> Long.parseLong(read(file).strip()))
			.toList();
		assertThat(sizes).as("%s: DBSIZE of each master after /add", variant).hasSize(3).allMatch((size) -> size > 0);
		assertThat(sizes.stream().mapToLong(Long::longValue).sum()).as("%s: keys of all masters (%s)", variant, sizes)
			.isEqualTo(keys);
	}

	static String read(Path file) {
		try {
			return Files.readString(file);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
