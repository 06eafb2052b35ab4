package org.redisbench.advise;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import org.redisbench.estimates.Estimate;
import org.redisbench.footprint.Footprint;
import org.redisbench.footprint.sampling.ValueSample;
import org.redisbench.objectreading.decode.DecodedSample;
import org.redisbench.tooloutput.CsvFile;
import org.redisbench.valueformat.objects.StarterSettings;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/** advice.csv (one line a row) and advice.json (the sample's facts and the rows), for tools and tests. */
final class AdviceFiles {

	static final String CSV = "advice.csv";

	static final String JSON = "advice.json";

	private static final String[] COLUMNS = { "encoding", "typed", "compression", "layout", "measured",
			"unavailable_because", "round_trip_failures", "first_difference", "cannot_carry", "cannot_carry_because",
			"value_bytes_mean", "value_bytes_p50", "value_bytes_p99", "value_bytes_max",
			"dictionary_bytes", "redis_bytes_per_value", "redis_bytes_spread", "values_measured", "source_values",
			"projected_bytes", "projected_spread", "listpack_value_needed", "buckets_not_listpack", "encode_ns",
			"encode_ns_error", "decode_ns", "decode_ns_error" };

	private AdviceFiles() {
	}

	/**
	 * @param service the starter's settings for the recommended candidate; empty when it is how the values are
	 * stored, or when no candidate is ranked
	 */
	static void write(Path out, AdviceFacts facts, List<AdviceRow> rows, Optional<StarterSettings> service) {
		List<Map<String, Object>> table = rows.stream().map(AdviceFiles::row).toList();
		Map<String, Object> json = new LinkedHashMap<>();
		json.put("sample", sample(facts));
		json.put("rows", table);
		service.ifPresent((settings) -> json.put("service", settings.json()));
		CsvFile.write(out.resolve(CSV), List.of(COLUMNS), table);
		JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build().writeValue(out.resolve(JSON).toFile(), json);
	}

	private static Map<String, Object> sample(AdviceFacts facts) {
		ValueSample sample = facts.sample();
		Map<String, Object> map = new LinkedHashMap<>();
		map.put("source", sample.source);
		map.put("matched", sample.matched);
		map.put("db_size", sample.dbSize);
		map.put("sampled_keys", sample.sampledKeys);
		map.put("keys_read", sample.keysRead);
		map.put("values", sample.values.size());
		map.put("json_values", facts.jsonValues());
		map.put("source_values", sample.sourceValues());
		Map<String, Long> skipped = new LinkedHashMap<>();
		sample.skipped.forEach((why, count) -> skipped.put(why.name().toLowerCase(Locale.ROOT), count));
		map.put("skipped", skipped);
		map.put("value_bytes", facts.valueBytes());
		map.put("key_bytes", facts.keyBytes());
		map.put("memory_usage", facts.memoryUsage());
		map.put("ttl_share", facts.ttlShare());
		map.put("encodings", sample.encodings);
		map.put("source_facts", sample.facts);
		map.put("advisor_redis_version", facts.ownRedisVersion());
		objects(map, facts);
		return map;
	}

	/** What the values are, by their first bytes, and what was read of them as objects with the user's classes. */
	private static void objects(Map<String, Object> map, AdviceFacts facts) {
		DecodedSample objects = facts.objects();
		Map<String, Long> formats = new LinkedHashMap<>();
		objects.formats().forEach((format, count) -> formats.put(format.id(), count));
		map.put("formats", formats);
		Map<String, Map<String, Long>> inside = new LinkedHashMap<>();
		objects.insideFrames().forEach((frame, holding) -> {
			Map<String, Long> held = new LinkedHashMap<>();
			holding.forEach((format, count) -> held.put(format.id(), count));
			inside.put(frame.id(), held);
		});
		map.put("inside_frames", inside);
		map.put("frames_not_opened", counted("reason", objects.framesNotOpened()));
		map.put("object_values", objects.objectValues());
		map.put("decoded", objects.decoded());
		map.put("refused", counted("class", objects.refused()));
		map.put("missing_classes", counted("class", objects.missing()));
		map.put("not_decoded", counted("reason", objects.failed()));
		map.put("allow", facts.options().allow());
		map.put("classpath", facts.classpath().stream().map(Path::toString).toList());
		map.put("registrations", facts.registrations());
	}

	/** A count per name, as a list of {NAME: name, values: count}, the most values first. */
	private static List<Map<String, Object>> counted(String name, Map<String, Long> counts) {
		List<Map<String, Object>> list = new ArrayList<>();
		counts.forEach((key, count) -> {
			Map<String, Object> entry = new LinkedHashMap<>();
			entry.put(name, key);
			entry.put("values", count);
			list.add(entry);
		});
		return list;
	}

	private static Map<String, Object> row(AdviceRow row) {
		Map<String, Object> map = new LinkedHashMap<>();
		map.put("encoding", row.candidate().form().id());
		map.put("typed", row.candidate().form().typed());
		map.put("compression", row.candidate().compression().toString());
		map.put("layout", row.layout().id());
		map.put("measured", row.measured());
		map.put("unavailable_because", row.unavailableBecause());
		if (!row.measured()) {
			return map;
		}
		map.put("round_trip_failures", row.fidelity().changed());
		map.put("first_difference", row.fidelity().firstDifference());
		map.put("cannot_carry", row.fidelity().notCarriedValues());
		map.put("cannot_carry_because", row.fidelity().notCarriedBecause());
		map.put("value_bytes_mean", row.stored().mean());
		map.put("value_bytes_p50", row.stored().p50());
		map.put("value_bytes_p99", row.stored().p99());
		map.put("value_bytes_max", row.stored().max());
		map.put("dictionary_bytes", row.dictionaryBytes());
		Footprint footprint = row.footprint();
		map.put("redis_bytes_per_value", footprint.perValue());
		map.put("redis_bytes_spread", footprint.spread());
		map.put("values_measured", footprint.values());
		map.put("source_values", footprint.sourceValues());
		map.put("projected_bytes", footprint.projectedBytes());
		map.put("projected_spread", footprint.projectedSpread());
		map.put("listpack_value_needed", footprint.listpackValue());
		map.put("buckets_not_listpack", footprint.hashTables());
		put(map, "encode_ns", row.encodeNanos());
		put(map, "decode_ns", row.decodeNanos());
		return map;
	}

	/** JSON has no NaN: JMH's missing interval is left out. */
	private static void put(Map<String, Object> map, String name, Estimate estimate) {
		if (estimate == null) {
			return;
		}
		map.put(name, estimate.score());
		if (estimate.hasInterval()) {
			map.put(name + "_error", estimate.error());
		}
	}

}
