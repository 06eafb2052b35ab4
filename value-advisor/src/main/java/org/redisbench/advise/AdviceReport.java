package org.redisbench.advise;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import org.redisbench.model.Compression;
import org.redisbench.lab.Estimate;
import org.redisbench.lab.Verdict;

/**
 * advice.md: the sample as it is, the candidates ranked by projected Redis memory with their CPU beside, what to
 * change for the first of them, and what the advice does not know. A CPU difference is claimed only where JMH's
 * 99.9% intervals do not overlap ({@link Verdict}).
 */
final class AdviceReport {

	static final String FILE = "advice.md";

	/** Below this many values the report says the sample is small. */
	private static final int SMALL_SAMPLE = 1000;

	private AdviceReport() {
	}

	static void write(Path out, AdviceFacts facts, List<AdviceRow> rows) {
		List<String> charts = AdviceCharts.write(out, rows);
		AdviceFiles.write(out, facts, rows);
		try {
			Files.writeString(out.resolve(FILE), render(facts, rows, charts), StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		AdvicePage.write(out, facts, rows);
	}

	static String render(AdviceFacts facts, List<AdviceRow> rows, List<String> charts) {
		StringBuilder md = new StringBuilder(
				"# What each encoding, compression and layout would do to your values\n\n");
		sample(md, facts);
		List<AdviceRow> ranked = rows.stream()
			.filter(AdviceRow::measured)
			.filter(AdviceRow::faithful)
			.sorted(Comparator.comparingDouble((AdviceRow row) -> row.footprint().perValue()))
			.toList();
		Optional<AdviceRow> baseline = rows.stream()
			.filter((row) -> row.measured() && Advisor.isBaseline(row.candidate()) && row.layout() == Placement.KEY)
			.findFirst();
		ranking(md, facts, ranked, baseline);
		notMeasured(md, rows);
		if (!ranked.isEmpty()) {
			change(md, ranked.get(0), ranked.stream().filter((row) -> !row.layout().bucketed).findFirst(), baseline);
		}
		unknowns(md, facts, rows);
		if (!charts.isEmpty()) {
			md.append("\n## Charts\n\n");
			charts.forEach((chart) -> md.append("![").append(chart).append("](").append(chart).append(")\n"));
		}
		return md.toString();
	}

	private static void sample(StringBuilder md, AdviceFacts facts) {
		Sample sample = facts.sample();
		md.append("## The sample as it is\n\n");
		md.append("- Source: `").append(sample.source).append("`");
		if (!sample.facts.isEmpty()) {
			md.append(" (").append(sample.facts).append(")");
		}
		md.append('\n');
		md.append(format("- Matched: %,d %s%s; sampled uniformly: %,d; read: %,d %s, %,d values (%,d of them JSON "
				+ "objects or arrays)\n", sample.matched, facts.fromRedis() ? "keys" : "values",
				sample.dbSize >= 0 ? format(" (DBSIZE %,d)", sample.dbSize) : "", sample.sampledKeys, sample.keysRead,
				facts.fromRedis() ? "keys" : "values", sample.values.size(), facts.jsonValues()));
		sample.skipped.forEach((why, count) -> md.append(format("- Skipped: %,d %s\n", count, why.meaning)));
		md.append("- Value bytes: ").append(spread(facts.valueBytes())).append('\n');
		if (facts.fromRedis()) {
			md.append("- Key bytes: ").append(spread(facts.keyBytes())).append('\n');
			md.append("- MEMORY USAGE a key: ").append(spread(facts.memoryUsage())).append('\n');
			md.append(format("- Keys with a TTL: %.1f%%; encodings: %s\n", 100 * facts.ttlShare(), sample.encodings));
		}
		md.append(format("- Projected to %,.0f values in the source (matched × values read per sampled key)\n",
				sample.sourceValues()));
	}

	private static void ranking(StringBuilder md, AdviceFacts facts, List<AdviceRow> ranked,
			Optional<AdviceRow> baseline) {
		md.append("\n## Candidates by projected Redis memory\n\n");
		md.append("Each candidate's values were loaded into a redis-server of the advisor's own (")
			.append(facts.ownRedisVersion())
			.append(facts.sample().cluster ? ", in cluster mode as the source is: what a cluster adds to a key is in "
					+ "every figure" : "")
			.append(") and measured as `used_memory` growth; a value's bytes below include its share of the key, "
					+ "and the keyspace's hash table as it would be at the source's size. ± is the split-halves spread "
					+ "(half the difference between the sample's two halves, each measured alone). CPU is JMH's mean "
					+ "ns a value with its 99.9% interval; \"vs as-is\" compares decode with the as-is values' "
					+ "and says faster or slower only where the intervals do not overlap.\n\n");
		md.append("| rank | encoding | compression | layout | value bytes, mean | Redis bytes a value | projected "
				+ "| × as-is | encode ns | decode ns | decode vs as-is |\n");
		md.append("|---:|---|---|---|---:|---:|---:|---:|---:|---:|---|\n");
		int rank = 0;
		for (AdviceRow row : ranked) {
			Footprint footprint = row.footprint();
			md.append(format("| %d | %s | %s | %s | %,.1f | %,.1f ± %,.1f | %s ± %s | %s | %s | %s | %s |\n", ++rank,
					row.candidate().encoding(), row.candidate().compression(), row.layout().label, row.stored().mean(),
					footprint.perValue(), footprint.spread(), bytes(footprint.projectedBytes()),
					bytes(footprint.projectedSpread()),
					baseline.map((base) -> format("%.2f", footprint.perValue() / base.footprint().perValue()))
						.orElse("—"),
					nanos(row.encodeNanos()), nanos(row.decodeNanos()), verdict(row, baseline)));
		}
	}

	private static void notMeasured(StringBuilder md, List<AdviceRow> rows) {
		List<String> lines = new ArrayList<>();
		rows.stream().filter((row) -> !row.measured() && row.layout() == Placement.KEY).forEach((row) -> lines
			.add(format("- %s: not measured, %s\n", row.candidate().id(), row.unavailableBecause())));
		rows.stream()
			.filter((row) -> row.measured() && !row.faithful() && row.layout() == Placement.KEY)
			.forEach((row) -> lines.add(format("- %s: left out, %,d values did not read back equal\n",
					row.candidate().id(), row.roundTripFailures())));
		if (!lines.isEmpty()) {
			md.append("\n## Left out\n\n");
			lines.forEach(md::append);
		}
	}

	private static void change(StringBuilder md, AdviceRow best, Optional<AdviceRow> bestKey,
			Optional<AdviceRow> baseline) {
		md.append("\n## What to change\n\n");
		md.append(format("The least memory: **%s, %s**, %,.1f bytes a value", best.candidate().id(),
				best.layout().label, best.footprint().perValue()));
		baseline.ifPresent((base) -> md.append(format(" against %,.1f as the values are now, a key each (%s saved at "
				+ "the source's size)", base.footprint().perValue(),
				bytes(base.footprint().projectedBytes() - best.footprint().projectedBytes()))));
		md.append(".\n\n");
		steps(md, best);
		if (best.layout().bucketed && bestKey.isPresent()) {
			AdviceRow key = bestKey.get();
			md.append(format("\nWithout buckets (reads of one key, a TTL a value): **%s, %s**, %,.1f bytes a value.\n",
					key.candidate().id(), key.layout().label, key.footprint().perValue()));
			steps(md, key);
		}
	}

	private static void steps(StringBuilder md, AdviceRow row) {
		md.append("- Encoding: ").append(switch (row.candidate().encoding()) {
			case AS_IS -> "keep the values' encoding.";
			case JSONB_FASTJSON2 -> "fastjson2's JSONB: `JSONB.toBytes` / `JSONB.parseObject`; for Spring Data Redis, "
					+ "fastjson2-extension-spring6's `GenericFastJsonJSONBRedisSerializer`.";
			case SMILE -> "Smile: Spring Data Redis's "
					+ "`new JacksonJsonRedisSerializer<>(new SmileMapper(), Type.class)` "
					+ "(Jackson 3, `tools.jackson.dataformat:jackson-dataformat-smile`).";
			case CBOR -> "CBOR: Spring Data Redis's `new JacksonJsonRedisSerializer<>(new CBORMapper(), Type.class)` "
					+ "(Jackson 3, `tools.jackson.dataformat:jackson-dataformat-cbor`).";
			case MSGPACK -> "MessagePack: a `RedisSerializer` over `org.msgpack:msgpack-core` (Jackson 3 has no "
					+ "MessagePack format).";
		}).append('\n');
		Compression compression = row.candidate().compression();
		if (compression != Compression.NONE) {
			md.append("- Compression: ")
				.append(compression)
				.append(", as this project's `Compression.wrap` does for its apps (`bench.compression=")
				.append(compression)
				.append("`): a tag byte, then the compressed bytes, decompression bounded.");
			if (compression == Compression.ZSTD_DICT) {
				md.append(format(" The dictionary is %,d bytes, trained on the values (`scripts/train-dictionary.sh` "
						+ "does it for persons): ship it with every reader and writer, keep the old one while values "
						+ "written with it live, and retrain when the values change.", row.dictionaryBytes()));
			}
			md.append('\n');
		}
		if (row.layout().bucketed) {
			md.append(format("- Redis: `hash-max-listpack-value %d` and `hash-max-listpack-entries %d` (CONFIG SET or "
					+ "redis.conf), or a bucket turns into a hash table and saves little; the largest value of the "
					+ "sample sets the first. Store a value as a field of `prefix:{hash(key) mod buckets}`, about %d "
					+ "a bucket, as this project's `bench.layout=hash-bucket` does; a read scans its bucket, and a "
					+ "TTL covers the bucket as a whole.\n", row.footprint().listpackValue(),
					Placement.LISTPACK_ENTRIES, org.redisbench.model.Layout.BUCKET_SIZE));
		}
		if (row.layout().digested) {
			md.append(format("- Names: a %d-byte digest of each key (SHA-256, cut) in place of the key; keys are no "
					+ "longer readable nor matched by SCAN patterns.\n", Placement.DIGEST_BYTES));
		}
	}

	private static void unknowns(StringBuilder md, AdviceFacts facts, List<AdviceRow> rows) {
		Sample sample = facts.sample();
		md.append("\n## What this advice does not know\n\n");
		long opaque = sample.values.size() - facts.jsonValues();
		if (opaque > 0) {
			md.append(format("- %,d of the %,d values are not JSON objects or arrays: they were only compressed, "
					+ "every encoding stores them as they are.\n", opaque, sample.values.size()));
		}
		if (sample.values.size() < SMALL_SAMPLE) {
			md.append(format("- The sample is small (%,d values): values the sample missed may be larger or "
					+ "shaped otherwise, and the spread is wide.\n", sample.values.size()));
		}
		double ttl = facts.ttlShare();
		if (ttl > 0 && ttl < 1) {
			md.append(format("- %.1f%% of the keys have a TTL and the rest none: in buckets a TTL covers a whole "
					+ "bucket, so values with and without one should not share a bucket.\n", 100 * ttl));
		}
		long tooLarge = sample.skipped(Sample.Skipped.TOO_LARGE);
		if (tooLarge > 0) {
			md.append(format("- %,d values were larger than --max-value-bytes and are in no figure.\n", tooLarge));
		}
		String sourceVersion = sample.facts.get("redis_version");
		if (sourceVersion != null && !sourceVersion.equals(facts.ownRedisVersion())) {
			md.append(format("- The source runs Redis %s, the advisor measured on %s: per-key overheads differ "
					+ "between versions.\n", sourceVersion, facts.ownRedisVersion()));
		}
		if (rows.stream().anyMatch((row) -> row.measured() && row.footprint().hashTables() > 0)) {
			md.append("- Some buckets were not listpacks after loading, which the bucket rows include.\n");
		}
		md.append("- Memory is `used_memory`, what Redis allocated; the process's RSS adds fragmentation. CPU was "
				+ "measured on this machine, from documents already parsed, not your application's objects, and "
				+ "without the network round trip, which a smaller value shortens.\n");
		md.append("- Nothing here is about reads or writes per second: buckets turn a GET into an HGET that scans "
				+ "its bucket.\n");
	}

	private static String verdict(AdviceRow row, Optional<AdviceRow> baseline) {
		if (baseline.isEmpty() || row.decodeNanos() == null || baseline.get().decodeNanos() == null) {
			return "—";
		}
		if (row.candidate().equals(baseline.get().candidate())) {
			return "baseline";
		}
		return Verdict.of(row.decodeNanos(), baseline.get().decodeNanos()).cell();
	}

	private static String spread(Spread spread) {
		return format("mean %,.1f, p50 %,d, p99 %,d, max %,d (%,d)", spread.mean(), spread.p50(), spread.p99(),
				spread.max(), spread.count());
	}

	private static String nanos(Estimate estimate) {
		if (estimate == null) {
			return "—";
		}
		return estimate.hasInterval() ? format("%,.0f ± %,.0f", estimate.score(), estimate.error())
				: format("%,.0f", estimate.score());
	}

	static String bytes(double bytes) {
		double magnitude = Math.abs(bytes);
		if (magnitude >= 1e9) {
			return format("%.2f GB", bytes / 1e9);
		}
		if (magnitude >= 1e6) {
			return format("%.1f MB", bytes / 1e6);
		}
		return magnitude >= 1e3 ? format("%.1f kB", bytes / 1e3) : format("%.0f B", bytes);
	}

	private static String format(String format, Object... args) {
		return String.format(Locale.ROOT, format, args);
	}

}
