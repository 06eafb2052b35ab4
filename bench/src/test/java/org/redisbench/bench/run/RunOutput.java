package org.redisbench.bench.run;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
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
 * A whole run's output folder read back as test-bench.sh checked it: its log, its settings, its variants' raw files,
 * summary.json, and whether what the run said it started is gone.
 */
final class RunOutput {

	private static final Pattern PID = Pattern.compile("pid (\\d+)");

	private static final Pattern PRIVATE_REDIS = Pattern
		.compile("private redis-server on (\\S+) \\(pid \\d+, ([^)]*)\\)");

	/** A cluster node's folder is its cluster's folder and the node's port. */
	private static final Pattern CLUSTER_NODE_1 = Pattern
		.compile("(?m)cluster node 1 on .*\\(pid \\d+, (.*)/\\d+\\)$");

	private final Path out;

	RunOutput(Path out) {
		this.out = out;
	}

	Path path() {
		return this.out;
	}

	Path file(String name) {
		return this.out.resolve(name);
	}

	/** A variant's folder, {@code raw/<variant>}. */
	Path variant(String variant) {
		return this.out.resolve("raw").resolve(variant);
	}

	/** A variant's first repetition, {@code raw/<variant>/rep1}. */
	Path rep(String variant) {
		return variant(variant).resolve("rep1");
	}

	/** raw/bench.log, empty before the run writes it. */
	String log() {
		Path log = this.out.resolve("raw/bench.log");
		return Files.exists(log) ? read(log) : "";
	}

	/** A value of raw/env/settings.env, empty when it has none. */
	String setting(String name) {
		return KeyValues.parse(read(this.out.resolve("raw/env/settings.env"))).get(name, "");
	}

	/** A variant's variant.env, its lines but comments joined by a space. */
	String variantEnv(String variant) {
		return read(variant(variant).resolve("variant.env")).lines()
			.filter((line) -> !line.startsWith("#"))
			.collect(Collectors.joining(" "));
	}

	JsonNode summary() {
		return JsonMapper.builder().build().readTree(this.out.resolve("summary.json").toFile());
	}

	/** The records of summary.json that {@code filter} keeps, in the file's order. */
	List<JsonNode> records(Predicate<JsonNode> filter) {
		return StreamSupport.stream(summary().spliterator(), false).filter(filter).toList();
	}

	/** A record's field is a number above 0 (neither missing nor null). */
	static boolean positive(JsonNode record, String field) {
		return record.path(field).isNumber() && record.path(field).asDouble() > 0;
	}

	/** The private redis-server the log names: its address and folder. */
	Optional<PrivateRedis> privateRedis() {
		Matcher redis = PRIVATE_REDIS.matcher(log());
		return redis.find() ? Optional.of(new PrivateRedis(redis.group(1), Path.of(redis.group(2)))) : Optional.empty();
	}

	/** The folder of the cluster the run started, read from its first node's line in the log. */
	Optional<Path> clusterFolder() {
		Matcher node = CLUSTER_NODE_1.matcher(log());
		return node.find() ? Optional.of(Path.of(node.group(1))) : Optional.empty();
	}

	/** Every process the run's log says it started (its Redis, cluster nodes, apps) has exited. */
	void assertNothingLeftRunning() {
		Matcher pid = PID.matcher(log());
		List<Long> pids = pid.results().map((found) -> Long.parseLong(found.group(1))).distinct().toList();
		assertThat(pids).as("pids named in %s", this.out.resolve("raw/bench.log")).isNotEmpty();
		assertThat(pids.stream().map(ProcessHandle::of).flatMap(Optional::stream).filter(ProcessHandle::isAlive)
			.map((process) -> process.pid() + " " + process.info().commandLine().orElse("")))
			.as("still running of the processes the run named").isEmpty();
	}

	/** The private Redis's folder, which the log names, is removed. */
	void assertPrivateRedisFolderRemoved() {
		assertThat(privateRedis()).as("the private redis-server in %s", log()).isPresent();
		assertThat(privateRedis().get().dir()).doesNotExist();
	}

	/** The folder of the cluster the run started, which the log names, is removed. */
	void assertClusterFolderRemoved() {
		assertThat(clusterFolder()).as("cluster node 1's folder in %s", log()).isPresent();
		assertThat(clusterFolder().get()).doesNotExist();
	}

	/**
	 * Each phase of the variant answered all of {@code requests} (ab's report: all complete, none failed, no
	 * non-2xx), with Prometheus scraped before and after it, the app's /add counted.
	 */
	void assertMeasured(String variant, int requests) {
		Path rep = rep(variant);
		for (String phase : List.of("noop", "add", "check")) {
			assertThat(read(rep.resolve(phase + ".ab.txt"))).as("%s %s.ab.txt: every request answered", variant, phase)
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

	/** A file's text; a missing file fails the check that reads it, naming the file. */
	static String read(Path file) {
		try {
			return Files.readString(file);
		}
		catch (NoSuchFileException ex) {
			throw new AssertionError("no " + file, ex);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** The private redis-server's address (host:port) and folder. */
	record PrivateRedis(String node, Path dir) {

		String host() {
			return this.node.substring(0, this.node.lastIndexOf(':'));
		}

		int port() {
			return Integer.parseInt(this.node.substring(this.node.lastIndexOf(':') + 1));
		}

	}

}
