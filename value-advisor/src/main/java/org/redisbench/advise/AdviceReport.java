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
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

import org.redisbench.estimates.Estimate;
import org.redisbench.estimates.Verdict;
import org.redisbench.footprint.Candidate;
import org.redisbench.footprint.DocumentEncoding;
import org.redisbench.footprint.Fidelity;
import org.redisbench.footprint.Footprint;
import org.redisbench.footprint.Form;
import org.redisbench.footprint.Placement;
import org.redisbench.footprint.sampling.ValueSample;
import org.redisbench.objectreading.decode.DecodedSample;
import org.redisbench.valueformat.Compression;
import org.redisbench.valueformat.ValueFormat;
import org.redisbench.valueformat.objects.ServiceFormat;
import org.redisbench.valueformat.objects.StarterSettings;

/**
 * advice.md: the sample as it is, the candidates ranked by projected Redis memory with their CPU beside, what to
 * change for the first of them, and what the advice does not know. A CPU difference is claimed only where JMH's
 * 99.9% intervals do not overlap ({@link Verdict}).
 */
final class AdviceReport {

	static final String FILE = "advice.md";

	/** What the ids of the typed codecs that register the sample's classes end with. */
	private static final String REGISTERED = "-registered";

	/** The typed codec that writes what Spring's default serializer writes. */
	private static final String JDK_CODEC = "jdk";

	/** The classes or reasons a list of advice.md shows; advice.json has them all. */
	private static final int TOP = 10;

	/** Below this many values the report says the sample is small. */
	private static final int SMALL_SAMPLE = 1000;

	private AdviceReport() {
	}

	static void write(Path out, AdviceFacts facts, List<AdviceRow> rows) {
		List<String> charts = AdviceCharts.write(out, rows);
		AdviceFiles.write(out, facts, rows, recommended(rows).flatMap((best) -> service(facts, best)));
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
		formats(md, facts);
		List<AdviceRow> ranked = ranked(rows);
		Optional<AdviceRow> baseline = rows.stream()
			.filter((row) -> row.measured() && Advisor.isBaseline(row.candidate()) && row.layout() == Placement.KEY)
			.findFirst();
		ranking(md, facts, ranked, baseline);
		notMeasured(md, rows);
		if (!ranked.isEmpty()) {
			change(md, facts, ranked.get(0), ranked.stream().filter((row) -> !row.layout().bucketed).findFirst(),
					baseline);
		}
		unknowns(md, facts, rows);
		if (!charts.isEmpty()) {
			md.append("\n## Charts\n\n");
			charts.forEach((chart) -> md.append("![").append(chart).append("](").append(chart).append(")\n"));
		}
		if (!ranked.isEmpty()) {
			inAService(md, facts, ranked.get(0), ranked.stream().filter((row) -> !row.layout().bucketed).findFirst());
		}
		return md.toString();
	}

	/** The measured candidates that read every value back as it was, the least Redis bytes a value first. */
	private static List<AdviceRow> ranked(List<AdviceRow> rows) {
		return rows.stream()
			.filter(AdviceRow::measured)
			.filter(AdviceRow::faithful)
			.sorted(Comparator.comparingDouble((AdviceRow row) -> row.footprint().perValue()))
			.toList();
	}

	/** The first of the ranking: the advice. */
	private static Optional<AdviceRow> recommended(List<AdviceRow> rows) {
		return ranked(rows).stream().findFirst();
	}

	/**
	 * How a Spring Boot service carries out the advice, last: the starter's dependency and properties for the first
	 * candidate, or why the starter does not write it, and then for the first without buckets, as "What to change"
	 * gives it.
	 */
	private static void inAService(StringBuilder md, AdviceFacts facts, AdviceRow best, Optional<AdviceRow> bestKey) {
		md.append("\n## In a Spring Boot service\n\n");
		Map<ServiceFormat, Long> stored = facts.storedFormats();
		if (stored.size() > 1) {
			md.append(format("The values read as objects are stored in %s: a service reads the first beside the"
					+ " format it writes, the others not until they are rewritten.\n\n",
					stored.entrySet().stream().map((entry) -> format("%s (%,d)", entry.getKey(), entry.getValue()))
						.collect(Collectors.joining(", "))));
		}
		List<AdviceRow> shown = new ArrayList<>(List.of(best));
		if (best.layout().bucketed) {
			bestKey.ifPresent(shown::add);
		}
		List<String> paragraphs = new ArrayList<>();
		for (AdviceRow row : shown) {
			String candidate = format("**%s, %s**", row.candidate().label(), row.layout().label);
			Optional<StarterSettings> settings = service(facts, row);
			if (settings.isEmpty()) {
				paragraphs.add(candidate + " is how the values are stored now: a service changes nothing.\n");
			}
			else if (settings.get() instanceof StarterSettings.Written written) {
				paragraphs.add(candidate + ": the service writes " + written.write() + " and reads the values as they"
						+ " are now beside it with the value-format starter, its dependency and these properties"
						+ " (docs/starter.md); then `scripts/migrate.sh` rewrites the values stored before"
						+ " (docs/migrate.md).\n\n" + written.markdown());
			}
			else {
				paragraphs.add(settings.get().markdown());
			}
		}
		md.append(String.join("\n", paragraphs));
	}

	/** The starter's settings for a row, reading beside it what most of the values are stored in now. */
	private static Optional<StarterSettings> service(AdviceFacts facts, AdviceRow row) {
		return ServiceSettings.of(row.candidate(), row.layout(),
				facts.storedFormats().keySet().stream().findFirst(), facts.options().allow());
	}

	private static void sample(StringBuilder md, AdviceFacts facts) {
		ValueSample sample = facts.sample();
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

	/** The values' formats, and what was read as objects, refused, missing or not read, each class counted. */
	private static void formats(StringBuilder md, AdviceFacts facts) {
		DecodedSample objects = facts.objects();
		int values = facts.sample().values.size();
		md.append("\n## Formats\n\n");
		md.append("What each value's first bytes say it is (a compression frame is opened, within --max-value-bytes, "
				+ "and what it holds told in turn).\n\n");
		md.append("| format | values | share |\n|---|---:|---:|\n");
		objects.formats().forEach((format, count) -> {
			if (count > 0) {
				Map<ValueFormat, Long> inside = objects.insideFrames().getOrDefault(format, Map.of());
				md.append(format("| %s%s | %,d | %.1f%% |\n", format, inside.isEmpty() ? ""
						: inside.entrySet().stream().map((held) -> held.getKey() + " " + held.getValue())
							.collect(Collectors.joining(", ", ", holding: ", "")), count, 100.0 * count / values));
			}
		});
		objects.framesNotOpened()
			.forEach((reason, count) -> md.append(format("\n%,d compressed values not opened: %s.\n", count, reason)));
		if (objects.objectValues() == 0) {
			return;
		}
		md.append(format("\n%,d of the %,d JDK-serialized or typed JSON values were read as objects, with the classes "
				+ "of %s and within `--allow %s` and the JDK's value types (docs/your-values.md).\n",
				objects.decoded(), objects.objectValues(),
				facts.classpath().isEmpty() ? "the advisor alone"
						: facts.classpath().size() + " classpath entr" + (facts.classpath().size() == 1 ? "y" : "ies"),
				facts.options().allow().isBlank() ? "''" : facts.options().allow()));
		counts(md, "Refused: classes outside the allow list, neither loaded nor built", objects.refused(),
				(name) -> "`" + name + "`");
		counts(md, "Missing classes: allowed, not on --classpath", objects.missing(), (name) -> "`" + name + "`");
		counts(md, "Not read", objects.failed(), (reason) -> reason);
	}

	/** The ten largest counts of a list, and how many more there were. */
	private static void counts(StringBuilder md, String title, Map<String, Long> counts,
			Function<String, String> name) {
		if (counts.isEmpty()) {
			return;
		}
		md.append("\n### ").append(title).append("\n\n");
		counts.entrySet().stream().limit(TOP).forEach((entry) -> md.append(format("- %s: %,d value%s\n",
				name.apply(entry.getKey()), entry.getValue(), entry.getValue() == 1 ? "" : "s")));
		if (counts.size() > TOP) {
			md.append(format("- and %,d more (advice.json lists every one)\n", counts.size() - TOP));
		}
	}

	private static void ranking(StringBuilder md, AdviceFacts facts, List<AdviceRow> ranked,
			Optional<AdviceRow> baseline) {
		// a typed codec's CPU is the codec's alone, the same with each compression: compared with Spring's default's
		Optional<AdviceRow> jdkCodec = ranked.stream()
			.filter((row) -> row.candidate().form().typed() && row.candidate().form().id().equals(JDK_CODEC)
					&& row.candidate().compression() == Compression.NONE)
			.findFirst();
		boolean typed = ranked.stream().anyMatch((row) -> row.candidate().form().typed());
		md.append("\n## Candidates by projected Redis memory\n\n");
		md.append("Each candidate's values were loaded into a redis-server of the advisor's own (")
			.append(facts.ownRedisVersion())
			.append(facts.sample().cluster ? ", in cluster mode as the source is: what a cluster adds to a key is in "
					+ "every figure" : "")
			.append(") and measured as `used_memory` growth; a value's bytes below include its share of the key, "
					+ "and the keyspace's hash table as it would be at the source's size. ± is the split-halves spread "
					+ "(half the difference between the sample's two halves, each measured alone). CPU is JMH's mean "
					+ "ns a value with its 99.9% interval; \"vs as-is\" compares decode with the as-is values' "
					+ "and says faster or slower only where the intervals do not overlap."
					+ (typed
							? " A typed codec's CPU is the codec's alone, from the objects, the same with each "
									+ "compression (which adds about what it adds to the as-is rows), and is "
									+ "compared with the `jdk` codec's, what Spring's default serializer spends."
							: "")
					+ "\n\n");
		md.append("| rank | encoding | compression | layout | value bytes, mean | Redis bytes a value | projected "
				+ "| × as-is | encode ns | decode ns | decode vs as-is |\n");
		md.append("|---:|---|---|---|---:|---:|---:|---:|---:|---:|---|\n");
		// a typed codec and a JSON encoding may share a name (smile, cbor, msgpack): then the typed one says so
		Set<String> jsonEncodings = ranked.stream().map((row) -> row.candidate().form())
			.filter((form) -> !form.typed()).map(Form::id).collect(Collectors.toSet());
		boolean mixed = ranked.stream().map((row) -> row.candidate().form())
			.anyMatch((form) -> form.typed() && jsonEncodings.contains(form.id()));
		int rank = 0;
		for (AdviceRow row : ranked) {
			Footprint footprint = row.footprint();
			md.append(format("| %d | %s | %s | %s | %,.1f | %,.1f ± %,.1f | %s ± %s | %s | %s | %s | %s |\n", ++rank,
					encoding(row.candidate().form(), mixed), row.candidate().compression(), row.layout().label,
					row.stored().mean(),
					footprint.perValue(), footprint.spread(), bytes(footprint.projectedBytes()),
					bytes(footprint.projectedSpread()),
					baseline.map((base) -> format("%.2f", footprint.perValue() / base.footprint().perValue()))
						.orElse("—"),
					nanos(row.encodeNanos()), nanos(row.decodeNanos()),
					verdict(row, row.candidate().form().typed() ? jdkCodec : baseline)));
		}
	}

	/** A typed codec's id, marked as one where the table holds JSON encodings of the same names. */
	private static String encoding(Form form, boolean mixed) {
		return form.id() + (mixed && form.typed() ? " (objects)" : "");
	}

	private static void notMeasured(StringBuilder md, List<AdviceRow> rows) {
		List<String> lines = new ArrayList<>();
		rows.stream().filter((row) -> !row.measured() && row.layout() == Placement.KEY).forEach((row) -> lines
			.add(format("- %s: not measured, %s\n", row.candidate().label(), row.unavailableBecause())));
		rows.stream()
			.filter((row) -> row.measured() && !row.faithful() && row.layout() == Placement.KEY)
			.forEach((row) -> lines.add(leftOut(row)));
		if (!lines.isEmpty()) {
			md.append("\n## Left out\n\n");
			lines.forEach(md::append);
		}
	}

	/** Why a candidate is not ranked: values read back changed (the first difference), values it cannot carry. */
	private static String leftOut(AdviceRow row) {
		Fidelity fidelity = row.fidelity();
		List<String> why = new ArrayList<>();
		if (fidelity.changed() > 0) {
			why.add(format("%,d value%s did not read back as %s", fidelity.changed(),
					fidelity.changed() == 1 ? "" : "s", fidelity.changed() == 1 ? "it was" : "they were")
					+ (fidelity.firstDifference() == null ? "" : " (the first: " + fidelity.firstDifference() + ")"));
		}
		if (fidelity.notCarriedValues() > 0) {
			why.add(format("cannot carry %,d value%s: %s", fidelity.notCarriedValues(),
					fidelity.notCarriedValues() == 1 ? "" : "s", fidelity.notCarriedBecause()));
		}
		return format("- %s: left out, %s\n", row.candidate().label(), String.join("; ", why));
	}

	private static void change(StringBuilder md, AdviceFacts facts, AdviceRow best, Optional<AdviceRow> bestKey,
			Optional<AdviceRow> baseline) {
		md.append("\n## What to change\n\n");
		md.append(format("The least memory: **%s, %s**, %,.1f bytes a value", best.candidate().label(),
				best.layout().label, best.footprint().perValue()));
		baseline.ifPresent((base) -> md.append(format(" against %,.1f as the values are now, a key each (%s saved at "
				+ "the source's size)", base.footprint().perValue(),
				bytes(base.footprint().projectedBytes() - best.footprint().projectedBytes()))));
		md.append(".\n\n");
		steps(md, facts, best);
		if (best.layout().bucketed && bestKey.isPresent()) {
			AdviceRow key = bestKey.get();
			md.append(format("\nWithout buckets (reads of one key, a TTL a value): **%s, %s**, %,.1f bytes a value.\n",
					key.candidate().label(), key.layout().label, key.footprint().perValue()));
			steps(md, facts, key);
		}
	}

	private static void steps(StringBuilder md, AdviceFacts facts, AdviceRow row) {
		Form form = row.candidate().form();
		md.append("- DocumentEncoding: ")
			.append(form instanceof DocumentEncoding encoding ? encodingStep(encoding) : typedStep(form.id()))
			.append('\n');
		if (form.typed() && form.id().endsWith(REGISTERED)) {
			md.append(format("- Registrations: the sample's %,d classes, in advice.json's `sample.registrations` in "
					+ "their order: %s.\n", facts.registrations().size(), facts.registrations().stream().limit(TOP)
						.map((name) -> "`" + name + "`").collect(Collectors.joining(", "))
					+ (facts.registrations().size() > TOP ? ", …" : "")));
		}
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
		if (!Advisor.isBaseline(row.candidate()) && !isJdkAsStored(row.candidate())) {
			md.append("- In a Spring Boot service, that serializer (with the compression around it) goes to each of "
					+ "Spring's stores: `RedisTemplate`'s value and hash value serializer "
					+ "(`template.setValueSerializer(serializer)`), Spring Cache's "
					+ "`RedisCacheConfiguration.defaultCacheConfig().serializeValuesWith("
					+ "SerializationPair.fromSerializer(serializer))`, and Spring Session's as a bean named "
					+ "`springSessionDefaultRedisSerializer` (docs/your-values.md shows the three).\n");
			md.append("- A switch costs the data already stored: values written before it cannot be read by the new "
					+ "serializer alone, so a cache misses on each until it expires and every stored session is lost. "
					+ "This project's `MigratingSerializer` (docs/migrate.md) writes the new format and reads the old "
					+ "one as well, by each value's first bytes; `scripts/migrate.sh --classpath --allow` converts the "
					+ "stored values in place, a dry run first (docs/migrate.md, \"Your own classes\": jdk, kryo and "
					+ "fory, registered or not, with a compression).\n");
		}
	}

	/** The JDK codec without compression writes what Spring's default already stores: nothing to change. */
	private static boolean isJdkAsStored(Candidate candidate) {
		return candidate.form().typed() && candidate.form().id().equals(JDK_CODEC)
				&& candidate.compression() == Compression.NONE;
	}

	private static String encodingStep(DocumentEncoding encoding) {
		return switch (encoding) {
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
		};
	}

	/** The serializer of a typed codec, as an application would set it up (the typed candidates configure it so). */
	private static String typedStep(String codec) {
		return switch (codec) {
			case JDK_CODEC -> "Spring's `JdkSerializationRedisSerializer`, the default, re-encoding your objects.";
			case "jackson-typed" -> "Spring Data Redis's `GenericJacksonJsonRedisSerializer.builder()"
					+ ".enableDefaultTyping(validator)` (Jackson 3, a `@class` in each object): give it a "
					+ "`PolymorphicTypeValidator` of your own packages, never `enableUnsafeDefaultTyping()`.";
			case "jackson" -> "Spring Data Redis's `new JacksonJsonRedisSerializer<>(Type.class)` (Jackson 3): the "
					+ "class known to the reader and no class name in the value, so one serializer per value type.";
			case "fastjson2" -> "fastjson2-extension-spring6's `new FastJsonRedisSerializer<>(Type.class)`: the class "
					+ "known to the reader, no class name in the value.";
			case "fastjson2-jsonb" -> "fastjson2-extension-spring6's `new FastJsonJSONBRedisSerializer<>(Type.class)`"
					+ " (fastjson2's binary JSONB), the class known to the reader.";
			case "kryo" -> "a `RedisSerializer` over Kryo 5 (a `Pool<Kryo>`: a `Kryo` is not thread-safe), "
					+ "`setRegistrationRequired(false)`: each value names its classes.";
			case "kryo-registered" -> "a `RedisSerializer` over Kryo 5 (a `Pool<Kryo>`) with the classes your values "
					+ "hold registered, in the same order, by every reader and writer: a class added later needs its "
					+ "registration added at the end.";
			case "fory" -> "a `RedisSerializer` over Apache Fory (`ThreadSafeFory`, "
					+ "`requireClassRegistration(false)`): each value names its classes.";
			case "fory-registered" -> "a `RedisSerializer` over Apache Fory (`ThreadSafeFory`) with the classes your "
					+ "values hold registered, in the same order, by every reader and writer.";
			case "smile" -> "Spring Data Redis's `new JacksonJsonRedisSerializer<>(new SmileMapper(), Type.class)` "
					+ "(Jackson 3's Smile), the class known to the reader.";
			case "cbor" -> "Spring Data Redis's `new JacksonJsonRedisSerializer<>(new CBORMapper(), Type.class)` "
					+ "(Jackson 3's CBOR), the class known to the reader.";
			default -> "the typed codec `" + codec + "`.";
		};
	}

	private static void unknowns(StringBuilder md, AdviceFacts facts, List<AdviceRow> rows) {
		ValueSample sample = facts.sample();
		md.append("\n## What this advice does not know\n\n");
		long objects = facts.objects().decoded();
		long opaque = sample.values.size() - facts.jsonValues() - objects;
		if (opaque > 0) {
			md.append(format("- %,d of the %,d values are not JSON objects or arrays, nor read as objects: they "
					+ "were only compressed, every candidate stores them as they are.\n", opaque,
					sample.values.size()));
		}
		if (objects > 0 && facts.jsonValues() > 0) {
			md.append(format("- The sample mixes %,d JSON documents and %,d objects: a JSON encoding stores the "
					+ "objects as they are, a typed codec the documents.\n", facts.jsonValues(), objects));
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
		long tooLarge = sample.skipped(ValueSample.Skipped.TOO_LARGE);
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
		boolean typed = rows.stream().anyMatch((row) -> row.candidate().form().typed());
		md.append("- Memory is `used_memory`, what Redis allocated; the process's RSS adds fragmentation. CPU was "
				+ "measured on this machine, "
				+ (typed ? "the encodings' from documents already parsed, the typed codecs' from your objects, "
						: "from documents already parsed, not your application's objects, ")
				+ "and without the network round trip, which a smaller value shortens.\n");
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

	private static String spread(SizeDistribution spread) {
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
