package org.redisbench.advise;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.redisbench.footprint.Document;
import org.redisbench.footprint.sampling.ValueSample;
import org.redisbench.objectreading.decode.DecodedSample;
import org.redisbench.objectreading.decode.ValueDecoder;
import org.redisbench.valueformat.Compression;
import org.redisbench.valueformat.ValueFormat;
import org.redisbench.valueformat.objects.ServiceFormat;
import redis.clients.jedis.Jedis;

/**
 * What the report says about the sample and the run, beside the rows.
 *
 * @param objects the values' formats, and what was read of them as objects
 * @param classpath what the user's classes were read from, every fat jar's classes and jars in its place
 * @param registrations the classes a registering typed codec registers, in its order: what every reader and writer
 * must register alike
 */
record AdviceFacts(ValueSample sample, long jsonValues, DecodedSample objects, List<Path> classpath,
		List<String> registrations, String ownRedisVersion, Options options) {

	AdviceFacts(ValueSample sample, List<Document> documents, DecodedSample objects, List<Path> classpath,
			List<String> registrations, String ownRedisVersion, Options options) {
		this(sample, documents.stream().filter(Document::isJson).count(), objects, classpath, registrations,
				ownRedisVersion, options);
	}

	static String version(Jedis redis) {
		Matcher matcher = Pattern.compile("^redis_version:(\\S+)", Pattern.MULTILINE).matcher(redis.info("server"));
		return matcher.find() ? matcher.group(1) : "unknown";
	}

	SizeDistribution valueBytes() {
		return SizeDistribution.of(this.sample.values.stream().map((value) -> value.value().length).toList());
	}

	SizeDistribution keyBytes() {
		return SizeDistribution.of(this.sample.keyBytes);
	}

	SizeDistribution memoryUsage() {
		return SizeDistribution.of(this.sample.memoryUsage);
	}

	double ttlShare() {
		return this.sample.keysRead == 0 ? 0 : this.sample.keysWithTtl / (double) this.sample.keysRead;
	}

	/**
	 * The formats the values read as objects are stored in, as the starter names them, the most values first; values
	 * in a frame without this project's compression tag are in none of them.
	 */
	Map<ServiceFormat, Long> storedFormats() {
		Map<ServiceFormat, Long> counts = new HashMap<>();
		List<ValueDecoder.Reading> readings = this.objects.readings();
		for (int i = 0; i < readings.size(); i++) {
			ValueDecoder.Reading reading = readings.get(i);
			if (reading.outcome() == null) {
				continue;
			}
			Optional<Compression> compression = reading.inside() == null ? Optional.of(Compression.NONE)
					: ValueFormat.compressionOf(this.sample.values.get(i).value());
			compression.flatMap((stored) -> ServiceFormat.storedAs(reading.content(), stored))
				.ifPresent((format) -> counts.merge(format, 1L, Long::sum));
		}
		Map<ServiceFormat, Long> sorted = new LinkedHashMap<>();
		counts.entrySet().stream()
			.sorted(Map.Entry.<ServiceFormat, Long>comparingByValue().reversed()
				.thenComparing((entry) -> entry.getKey().toString()))
			.forEach((entry) -> sorted.put(entry.getKey(), entry.getValue()));
		return sorted;
	}

	boolean fromRedis() {
		return this.options.file() == null;
	}

}
