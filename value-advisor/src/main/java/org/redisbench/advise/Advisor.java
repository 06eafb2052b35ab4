package org.redisbench.advise;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import java.util.stream.Collectors;

import org.redisbench.advise.objects.ObjectCpuRun;
import org.redisbench.commandline.Refusal;
import org.redisbench.footprint.Candidate;
import org.redisbench.footprint.Conversion;
import org.redisbench.footprint.Document;
import org.redisbench.footprint.DocumentEncoding;
import org.redisbench.footprint.Fidelity;
import org.redisbench.footprint.Footprint;
import org.redisbench.footprint.OwnRedis;
import org.redisbench.footprint.Placement;
import org.redisbench.footprint.RedisFootprint;
import org.redisbench.footprint.TypedForm;
import org.redisbench.footprint.sampling.FileSource;
import org.redisbench.footprint.sampling.RedisSource;
import org.redisbench.footprint.sampling.SampledValue;
import org.redisbench.footprint.sampling.SourceUri;
import org.redisbench.footprint.sampling.ValueSample;
import org.redisbench.objectreading.decode.AllowOption;
import org.redisbench.objectreading.decode.ClassPolicy;
import org.redisbench.objectreading.decode.DecodedSample;
import org.redisbench.objectreading.decode.UserClasspath;
import org.redisbench.objectreading.decode.ValueDecoder;
import org.redisbench.objectreading.objects.ObjectCandidates;
import org.redisbench.valueformat.Compression;
import org.redisbench.valueformat.objects.AllowList;
import redis.clients.jedis.Jedis;

/**
 * The value advisor, run by {@link AdviseCommand}: reads a sample of the user's values (a live Redis, read-only,
 * or files), tells their formats and reads JDK streams and typed JSON as objects with the user's classes, converts
 * it with every candidate, loads each into a redis-server of its own in every layout,
 * times encode and decode with JMH, and writes advice.md, advice.csv, advice.json and charts.
 * Exit status: 0 done, 2 bad input or a source that cannot be read (one line on stderr).
 */
public final class Advisor {

	/** JMH's log of the typed codecs, beside the JSON candidates' jmh.log. */
	private static final String OBJECTS_LOG = "jmh-objects.log";

	private Advisor() {
	}

	/** {@code environment} holds the password of a --uri (ADVISE_PASSWORD, then REDISCLI_AUTH). */
	static void run(Options options, Map<String, String> environment) {
		// the user's classes are checked before anything is read: a wrong pattern or a missing jar is a quick exit 2
		AllowList allow = AllowOption.parse(options.allow());
		try (UserClasspath classpath = UserClasspath.of(options.classpath(), Advisor.class.getClassLoader())) {
			run(options, environment, allow, classpath);
		}
	}

	private static void run(Options options, Map<String, String> environment, AllowList allow,
			UserClasspath classpath) {
		ValueSample sample = options.file() != null
				? new FileSource(options.file(), options.maxValueBytes()).read(options.sample(), options.seed())
				: new RedisSource(SourceUri.parse(options.uri(), environment, options.caCertificate()),
						options.match(), options.maxValueBytes())
					.read(options.sample(), options.seed());
		if (sample.values.size() < 2) {
			throw new Refusal("the sample holds " + sample.values.size()
					+ " readable value(s); at least 2 are needed (see what was skipped: " + sample.skipped + ")");
		}
		DecodedSample objects = decode(sample, options, allow, classpath);
		say("sampled %d of %d keys matched; %d values read", sample.sampledKeys, sample.matched, sample.values.size());
		sayFormats(objects);
		List<Document> documents = new ArrayList<>(sample.values.size());
		for (int i = 0; i < sample.values.size(); i++) {
			byte[] raw = sample.values.get(i).value();
			documents.add(objects.object(i) != null ? Document.opaque(raw) : Document.of(raw));
		}
		ObjectValues objectValues = new ObjectValues(sample.values, objects);
		boolean anyJson = documents.stream().anyMatch(Document::isJson);
		List<Candidate> candidates = new ArrayList<>();
		for (DocumentEncoding encoding : options.encodings()) {
			if (encoding == DocumentEncoding.AS_IS || anyJson) {
				options.compressions().forEach((compression) -> candidates.add(new Candidate(encoding, compression)));
			}
		}
		Path out = directory(options.out());
		List<AdviceRow> rows = new ArrayList<>();
		String ownVersion;
		try (OwnRedis redis = OwnRedis.start(sample.cluster); Jedis jedis = redis.connect()) {
			ownVersion = AdviceFacts.version(jedis);
			RedisFootprint.warmUp(jedis, Conversion.of(new Candidate(DocumentEncoding.AS_IS, Compression.NONE), documents,
					options.dictionary()), sample.values);
			for (Candidate candidate : candidates) {
				rows.addAll(measure(candidate, () -> Conversion.of(candidate, documents, options.dictionary()), sample,
						options, jedis));
			}
			if (objects.decoded() > 0) {
				rows.addAll(measureTyped(objectValues, classpath.loader(), sample, options, jedis));
			}
		}
		Map<String, CpuRun.Cpu> cpu = new HashMap<>();
		Map<String, ObjectCpuRun.Cpu> codecCpu = new HashMap<>();
		if (options.cpu().run()) {
			cpu = jsonCpu(rows, documents, options, out);
			codecCpu = typedCpu(rows, objectValues, classpath, options, out);
		}
		List<AdviceRow> timed = withCpu(rows, cpu, codecCpu);
		AdviceFacts facts = new AdviceFacts(sample, documents, objects, classpath.entries(),
				objectValues.objects().registrations().stream().map(Class::getName).toList(), ownVersion, options);
		AdviceReport.write(out, facts, timed);
		say("wrote %s", out.resolve(AdviceReport.FILE));
	}

	/**
	 * Each value's format, and the objects of those that are JDK streams or typed JSON, read with the user's classes
	 * within the allow list; exit 2 where the user's classes can read nothing ({@link DecodedSample#requireDecodable}).
	 */
	private static DecodedSample decode(ValueSample sample, Options options, AllowList allow, UserClasspath classpath) {
		ClassLoader loader = classpath.loader();
		DecodedSample objects = DecodedSample.read(sample.values.stream().map(SampledValue::value).toList(),
				new ValueDecoder(new ClassPolicy(allow, loader), loader, options.maxValueBytes()));
		objects.requireDecodable(allow, options.classesGiven());
		return objects;
	}

	private static void sayFormats(DecodedSample objects) {
		say("formats: %s", objects.formats().entrySet().stream().filter((entry) -> entry.getValue() > 0)
			.map((entry) -> entry.getKey() + " " + entry.getValue())
			.collect(Collectors.joining(", ")));
		if (objects.objectValues() > 0) {
			say("read as objects: %d of %d (refused %d, classes missing %d, failed %d)", objects.decoded(),
					objects.objectValues(), total(objects.refused()), total(objects.missing()),
					total(objects.failed()));
		}
	}

	private static long total(Map<String, Long> counts) {
		return counts.values().stream().mapToLong(Long::longValue).sum();
	}

	/**
	 * Every typed candidate the options name, each codec's encoding of the objects made once and compressed with
	 * every compression; a codec that cannot be set up for these objects is reported with the reason.
	 */
	private static List<AdviceRow> measureTyped(ObjectValues values, ClassLoader loader, ValueSample sample,
			Options options, Jedis jedis) {
		List<AdviceRow> rows = new ArrayList<>();
		for (String id : options.objects()) {
			Conversion.Encoded encoded;
			try {
				encoded = values.encode(ObjectCandidates.byId(id, loader, values.objects()), options.disclosure());
			}
			catch (RuntimeException ex) {
				for (Compression compression : options.compressions()) {
					rows.addAll(unavailable(new Candidate(new TypedForm(id), compression), options,
							"the codec could not be set up: " + ex.getMessage()));
				}
				continue;
			}
			for (Compression compression : options.compressions()) {
				Candidate candidate = new Candidate(new TypedForm(id), compression);
				rows.addAll(measure(candidate, () -> Conversion.of(candidate, encoded, options.dictionary()), sample,
						options, jedis));
			}
		}
		return rows;
	}

	private static List<AdviceRow> unavailable(Candidate candidate, Options options, String why) {
		return options.layouts().stream()
			.map((layout) -> new AdviceRow(candidate, layout, null, Fidelity.NOT_MEASURED, 0, null, null, null, why))
			.toList();
	}

	private static List<AdviceRow> measure(Candidate candidate, Supplier<Conversion> convert, ValueSample sample,
			Options options, Jedis jedis) {
		Conversion conversion;
		try {
			conversion = convert.get();
		}
		catch (Refusal ex) {
			return unavailable(candidate, options, ex.getMessage());
		}
		List<AdviceRow> rows = new ArrayList<>();
		SizeDistribution stored = SizeDistribution.of(conversion.stored().stream().map((value) -> value.length).toList());
		for (Placement layout : options.layouts()) {
			Footprint footprint = RedisFootprint.measure(jedis, conversion, sample.values, layout,
					sample.sourceValues());
			rows.add(new AdviceRow(candidate, layout, stored, conversion.fidelity(), conversion.dictionaryBytes(),
					footprint, null, null, null));
			say("%-32s %-28s %8.1f bytes a value in Redis (± %.1f)", candidate.id(), layout.label, footprint.perValue(),
					footprint.spread());
		}
		return rows;
	}

	/** JMH on the JSON encodings' candidates that read every value back, from the documents, compression included. */
	private static Map<String, CpuRun.Cpu> jsonCpu(List<AdviceRow> rows, List<Document> documents, Options options,
			Path out) {
		List<String> ids = rows.stream()
			.filter((row) -> row.measured() && row.faithful() && !row.candidate().form().typed())
			.map((row) -> row.candidate().id())
			.distinct()
			.toList();
		if (ids.isEmpty()) {
			return Map.of();
		}
		Path sampleFile = out.resolve("raw/sample.bin");
		directory(sampleFile.getParent());
		SampleFile.write(sampleFile, documents);
		say("JMH: encode and decode of %d candidates; log in %s", ids.size(), out.resolve("raw/jmh.log"));
		Map<String, CpuRun.Cpu> cpu = CpuRun.measure(options.cpu(), ids, sampleFile, options.dictionary(),
				out.resolve("raw/jmh.log"));
		try {
			Files.delete(sampleFile);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		return cpu;
	}

	/**
	 * JMH on the typed codecs that carried every object as it was, from the objects, each fork reading them with the
	 * user's classpath: the codec's CPU alone, the same for each of its compressions.
	 */
	private static Map<String, ObjectCpuRun.Cpu> typedCpu(List<AdviceRow> rows, ObjectValues values,
			UserClasspath classpath, Options options, Path out) {
		List<String> codecs = rows.stream()
			.filter((row) -> row.measured() && row.faithful() && row.candidate().form().typed())
			.map((row) -> row.candidate().form().id())
			.distinct()
			.toList();
		if (codecs.isEmpty()) {
			return Map.of();
		}
		Path raw = directory(out.resolve("raw"));
		say("JMH: encode and decode of %d typed codecs; log in %s", codecs.size(), raw.resolve(OBJECTS_LOG));
		return ObjectCpuRun.measure(CpuRun.settings(options.cpu()), codecs, values.objects(), classpath.loader(),
				classpath.entries(), raw, raw.resolve(OBJECTS_LOG));
	}

	private static List<AdviceRow> withCpu(List<AdviceRow> rows, Map<String, CpuRun.Cpu> cpu,
			Map<String, ObjectCpuRun.Cpu> codecCpu) {
		return rows.stream().map((row) -> {
			if (row.candidate().form().typed()) {
				ObjectCpuRun.Cpu times = codecCpu.get(row.candidate().form().id());
				return times == null ? row : row.timed(times.encode(), times.decode());
			}
			CpuRun.Cpu times = cpu.get(row.candidate().id());
			return times == null ? row : row.timed(times.encode(), times.decode());
		}).toList();
	}

	static boolean isBaseline(Candidate candidate) {
		return candidate.form() == DocumentEncoding.AS_IS && candidate.compression() == Compression.NONE;
	}

	private static Path directory(Path path) {
		try {
			return Files.createDirectories(path);
		}
		catch (IOException ex) {
			throw new Refusal("cannot create " + path + ": " + ex.getMessage());
		}
	}

	private static void say(String format, Object... args) {
		System.out.println(String.format(java.util.Locale.ROOT, format, args));
	}

}
