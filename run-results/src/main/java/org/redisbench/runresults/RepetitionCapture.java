package org.redisbench.runresults;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.redisbench.benchrun.ValueSizes;
import org.redisbench.model.Layout;
import org.redisbench.tooloutput.AbOutput;
import org.redisbench.tooloutput.MemcachedStats;
import org.redisbench.tooloutput.ProcStat;
import org.redisbench.tooloutput.PrometheusText;
import org.redisbench.tooloutput.RedisBenchmarkOutput;
import org.redisbench.tooloutput.RedisInfo;

/**
 * The raw files of one variant in one repetition, turned into its records. For an ab phase the verdict is decided
 * in one step, from everything that went wrong, and the figures are computed in another, whatever the verdict: an
 * invalid run is listed with what it measured.
 */
public record RepetitionCapture(Variant variant, int repetition, Path dir, KeyValues settings) {

	/** The exit status of coreutils' {@code timeout} when it killed the command. */
	private static final String TIMED_OUT = "124";

	public SummaryRecord abRecord(Phase phase) {
		long requested = this.settings.getLong(phase == Phase.NOOP ? "noop_requests" : "requests");
		int concurrency = this.variant.concurrency();
		String skipped = file(phase.label() + ".skipped").strip();
		if (!skipped.isEmpty()) {
			return SummaryRecord.notMeasured(this.variant, phase, this.repetition, requested, concurrency, skipped);
		}
		AbOutput ab = AbOutput.parse(file(phase.label() + ".ab.txt"));
		RedisSnapshot before = redis(phase.label() + ".before");
		RedisSnapshot after = redis(phase.label() + ".after");
		AppFigures app = appFigures(phase, ab.completeRequests());
		Validity verdict = verdict(phase, ab, requested, before, after, app.notFoundResponses());
		return new SummaryRecord(this.variant, phase, this.repetition, Load.of(requested, concurrency, ab),
				redisFigures(phase, before, after, ab.completeRequests(), requested), app, verdict);
	}

	public List<SummaryRecord> redisBenchmarkRecords() {
		String csv = file("redis-benchmark.csv");
		if (csv.isBlank()) {
			return List.of();
		}
		KeyValues args = KeyValues.parse(file("redis-benchmark.args"));
		String exit = file("redis-benchmark.exit").strip();
		Validity verdict = exit.isEmpty() || exit.equals("0") ? Validity.VALID
				: Validity.invalid("redis-benchmark exit status " + exit);
		StoreFigures valueSize = StoreFigures.builder().valueBytes(Figures.asDouble(args.getLong("value_bytes"))).build();
		return RedisBenchmarkOutput.parse(csv)
			.stream()
			.flatMap(test -> Phase.ofRedisBenchmark(test.name())
				.map(phase -> new SummaryRecord(this.variant, phase, this.repetition,
						Load.of(args.getLong("requests"), args.getLong("clients").intValue(), test), valueSize,
						AppFigures.NONE, verdict))
				.stream())
			.toList();
	}

	/**
	 * Every way the phase went wrong, in the order the report lists them. Under Redis settings that evict, a person
	 * missing is what is measured, not a fault: /add may leave fewer keys than it wrote, and /check may answer 404s
	 * (as the app counted them, and nothing else that is not a 200).
	 */
	private Validity verdict(Phase phase, AbOutput ab, long requested, RedisSnapshot before, RedisSnapshot after,
			Long notFound) {
		boolean evicting = this.variant.redisSettings().equals(Variant.EVICTING_SETTINGS);
		List<String> problems = new ArrayList<>();
		String exit = file(phase.label() + ".ab.exit").strip();
		if (ab.portExhausted()) {
			problems.add("ab ran out of local ports (" + ab.error()
					+ "): rerun with --keep-alive or widen net.ipv4.ip_local_port_range");
		}
		else if (ab.error() != null) {
			problems.add("ab failed: " + ab.error());
		}
		else if (!ab.finished()) {
			problems.add("ab printed no summary");
		}
		if (exit.equals(TIMED_OUT)) {
			problems.add("ab killed by bench.sh's time limit for the phase (" + this.settings.get("phase_timeout_s", "?")
					+ " s): it neither finished nor gave up");
		}
		else if (!exit.isEmpty() && !exit.equals("0")) {
			problems.add("ab exit status " + exit);
		}
		if (ab.finished() && ab.completeRequests() != requested) {
			problems.add(ab.completeRequests() + " of " + requested + " requests completed");
		}
		long non2xx = ab.non2xx() == null ? 0 : ab.non2xx();
		// ab counts every answer whose length differs from the first as failed: when the first was a 404, every
		// 200 too (a 200's length is fixed), and 404s naming ids of other lengths. Only non-2xx answers other
		// than the app's own 404s can then tell a fault.
		long failed = ab.failedRequests() == null ? 0 : ab.failedRequests();
		boolean onlyMissing = evicting && phase == Phase.CHECK && notFound != null && non2xx == notFound;
		if (failed > 0 && !onlyMissing) {
			problems.add(failed + " failed requests");
		}
		if (non2xx > 0 && !onlyMissing) {
			problems.add(non2xx + " non-2xx responses"
					+ (evicting && notFound != null ? ", " + notFound + " of them 404 (persons evicted)" : ""));
		}
		if (before.isEmpty() || after.isEmpty()) {
			problems.add((this.variant.isMemcached() ? "memcached stats" : "Redis INFO") + " missing around the phase");
		}
		if (phase == Phase.ADD) {
			long expected = personsExpected(requested);
			Long written = after.personsAddedSince(before);
			if (written == null || written > expected || (written < expected && !evicting)) {
				problems.add((this.variant.isMemcached() ? "curr_items" : this.variant.layout().personCount())
						+ " grew by " + written + ", expected " + expected);
			}
		}
		return new Validity(problems);
	}

	/**
	 * Traffic per request on every ab phase (on /noop only bench.sh's own INFO calls); the memory after a phase
	 * through the codec; what each person took, after /add.
	 */
	private StoreFigures redisFigures(Phase phase, RedisSnapshot before, RedisSnapshot after, Long requests,
			long requested) {
		StoreFigures.Builder redis = StoreFigures.builder()
			.traffic(perRequest(Figures.asDouble(after.growthSince(before, "total_net_input_bytes")), requests),
					perRequest(Figures.asDouble(after.growthSince(before, "total_net_output_bytes")), requests))
			.housekeeping(after.growthSince(before, "evicted_keys"), after.growthSince(before, "total_forks"));
		if (phase.throughCodec()) {
			redis.memoryAfter(after, this.variant.isCluster());
		}
		if (phase == Phase.ADD) {
			Long written = after.personsAddedSince(before);
			redis.bytesPerPerson(bytesPerPerson(before, after))
				.valueBytes(ValueSizes.mean(file("add.after.strlen.txt")))
				.personsWritten(written)
				.missingPersons(written == null ? null : Math.max(0, personsExpected(requested) - written));
		}
		return redis.build();
	}

	private AppFigures appFigures(Phase phase, Long requests) {
		ProcSnapshot before = proc(phase.label() + ".before");
		ProcSnapshot after = proc(phase.label() + ".after");
		Long clockTicks = this.settings.getLong("clk_tck");
		Double cpuMsPerRequest = before == null || after == null || clockTicks == null ? null
				: perRequest(ProcStat.millis(after.cpuTicks() - before.cpuTicks(), clockTicks), requests);
		String jitBefore = file(phase.label() + ".before.proc-jit.txt");
		String jitAfter = file(phase.label() + ".after.proc-jit.txt");
		// No compiler thread listed: a run from before bench.sh recorded them, or a JVM that names them otherwise.
		// A compiler thread the JVM stopped during the phase takes its ticks along: then this is a lower bound.
		Double jitCpuMsPerRequest = jitBefore.isBlank() || jitAfter.isBlank() || clockTicks == null ? null
				: perRequest(ProcStat.millis(
						Math.max(0, ProcStat.threadTicks(jitAfter) - ProcStat.threadTicks(jitBefore)), clockTicks),
						requests);
		PrometheusText metricsBefore = prometheus(phase.label() + ".before");
		PrometheusText metricsAfter = prometheus(phase.label() + ".after");
		Map<String, String> notFoundSeries = Map.of("uri", phase.path(), "status", "404");
		// Micrometer makes a series at its first request: none yet, none answered 404.
		Double notFound = metricsBefore.isEmpty() || metricsAfter.isEmpty() ? null
				: metricsAfter.sum("http_server_requests_seconds_count", notFoundSeries) == null ? Double.valueOf(0)
						: metricsAfter.growthSince(metricsBefore, "http_server_requests_seconds_count", notFoundSeries);
		return new AppFigures(cpuMsPerRequest, jitCpuMsPerRequest, after == null ? null : after.rssBytes(),
				TimeSplit.between(metricsBefore, metricsAfter, phase.path()),
				notFound == null ? null : Math.round(notFound));
	}

	/**
	 * The persons /add's requests write: a batch each, at most --step-keys N when the run's apps wrapped their ids over
	 * 1..N (settings.env's step_keys; fresh or absent: no bound).
	 */
	private long personsExpected(long requested) {
		long persons = requested * this.settings.getLong("batch_size");
		String keys = this.settings.get("step_keys", "fresh");
		return keys.matches("[0-9]+") ? Math.min(persons, Long.parseLong(keys)) : persons;
	}

	/** The data memory /add added over the persons it wrote: what Redis holds per person. */
	private static Double bytesPerPerson(RedisSnapshot before, RedisSnapshot after) {
		Long written = after.personsAddedSince(before);
		Long data = after.dataMemoryGrowthSince(before);
		return written == null || written <= 0 || data == null ? null : (double) data / written;
	}

	private String file(String name) {
		return RunResults.read(this.dir.resolve(name));
	}

	/**
	 * A single Redis has one INFO and DBSIZE per moment; a cluster one per master, K = 1..masters; memcached its
	 * stats and slab stats. In hash buckets each Redis also has the HLEN of its buckets around /add.
	 */
	private RedisSnapshot redis(String prefix) {
		if (this.variant.isMemcached()) {
			MemcachedStats stats = MemcachedStats.parse(file(prefix + ".memcached-stats.txt"),
					file(prefix + ".memcached-slabs.txt"));
			return new RedisSnapshot(List.of(new RedisSnapshot.Node("memcached", stats, stats.items())));
		}
		if (!this.variant.isCluster()) {
			return new RedisSnapshot(List.of(redisNode("single", prefix)));
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
			String name = (k + " " + addresses.getOrDefault(String.valueOf(k), "")).strip();
			nodes.add(redisNode(name, prefix + ".node" + k));
		}
		return new RedisSnapshot(nodes);
	}

	/** One Redis server at one moment, from the files named {@code prefix.*}: in hash buckets its persons are fields. */
	private RedisSnapshot.Node redisNode(String name, String prefix) {
		RedisInfo info = RedisInfo.parse(file(prefix + ".info.txt"), file(prefix + ".clients.txt"));
		Long dbsize = count(prefix + ".dbsize.txt");
		return this.variant.layout() == Layout.HASH_BUCKET
				? new RedisSnapshot.Node(name, info, dbsize, sum(prefix + ".hlen.txt"))
				: new RedisSnapshot.Node(name, info, dbsize);
	}

	private Long count(String name) {
		String text = file(name).strip();
		return text.matches("\\d+") ? Long.valueOf(text) : null;
	}

	/**
	 * The counts of a file, one a line, summed: 0 for an empty file (HLEN of a server without buckets), {@code null}
	 * for a missing one or a line that is no count (redis-cli's error).
	 */
	private Long sum(String name) {
		if (!Files.exists(this.dir.resolve(name))) {
			return null;
		}
		String text = file(name).strip();
		long total = 0;
		for (String line : text.isEmpty() ? new String[0] : text.split("\\R")) {
			if (!line.strip().matches("\\d+")) {
				return null;
			}
			total += Long.parseLong(line.strip());
		}
		return total;
	}

	private PrometheusText prometheus(String prefix) {
		return PrometheusText.parse(file(prefix + ".prometheus.txt"));
	}

	private ProcSnapshot proc(String prefix) {
		String stat = file(prefix + ".proc-stat.txt");
		return stat.isBlank() ? null : ProcSnapshot.parse(stat, file(prefix + ".proc-status.txt"));
	}

	private static Double perRequest(Double total, Long requests) {
		return total == null || requests == null || requests == 0 ? null : total / requests;
	}

}
